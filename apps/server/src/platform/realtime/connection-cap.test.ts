import { describe, expect, it } from 'vitest';
import { createLocalConnectionCap } from './connection-cap.js';

describe('the in-process connection cap', () => {
  it('pushes out a holder’s oldest connections beyond the cap, never the new one, and counts holders apart', async () => {
    const cap = createLocalConnectionCap();
    expect(await cap.open('ann', 'a1', 2)).toEqual([]);
    expect(await cap.open('ann', 'a2', 2)).toEqual([]);
    expect(await cap.open('bob', 'b1', 2)).toEqual([]);
    expect(await cap.open('ann', 'a3', 2)).toEqual(['a1']);
    await cap.close('ann', 'a2');
    expect(await cap.open('ann', 'a4', 2)).toEqual([]);
    expect(await cap.open('ann', 'a5', 1)).toEqual(['a3', 'a4']);
    expect(await cap.open('bob', 'b2', 2)).toEqual([]);
  });
});
