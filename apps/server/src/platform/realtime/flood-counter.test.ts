import { describe, expect, it } from 'vitest';
import { createLocalFloodCounter } from './flood-counter.js';

const keys = (room = 5) => [
  { key: 'sender', limit: 3 },
  { key: 'room', limit: room },
];

describe('the in-process flood counter', () => {
  it('counts an event under all its keys, and refuses one over a limit without counting it anywhere', async () => {
    let now = 1_000;
    const counter = createLocalFloodCounter(() => now);
    for (let i = 0; i < 3; i += 1) expect(await counter.take(keys(), 10_000)).toBeNull();
    expect(await counter.take(keys(), 10_000)).toBe('sender');
    // The refused event took nothing from the room: two more from someone else fit exactly.
    expect(
      await counter.take(
        [
          { key: 'other', limit: 3 },
          { key: 'room', limit: 5 },
        ],
        10_000,
      ),
    ).toBeNull();
    expect(
      await counter.take(
        [
          { key: 'other', limit: 3 },
          { key: 'room', limit: 5 },
        ],
        10_000,
      ),
    ).toBeNull();
    expect(
      await counter.take(
        [
          { key: 'other', limit: 3 },
          { key: 'room', limit: 5 },
        ],
        10_000,
      ),
    ).toBe('room');
    now += 5_000;
    expect(await counter.take(keys(), 10_000)).toBe('sender');
  });

  it('lets events through again as the oldest leave the window, and forgets idle keys', async () => {
    let now = 1_000;
    const counter = createLocalFloodCounter(() => now);
    for (let i = 0; i < 3; i += 1) {
      expect(await counter.take(keys(), 10_000)).toBeNull();
      now += 1_000;
    }
    expect(await counter.take(keys(), 10_000)).toBe('sender');
    now = 11_000;
    expect(await counter.take(keys(), 10_000)).toBeNull();
    expect(await counter.take(keys(), 10_000)).toBe('sender');
    now = 100_000;
    for (let i = 0; i < 1000; i += 1) await counter.take([{ key: `participant-${i % 10}`, limit: 1000 }], 10_000);
    expect(counter.size()).toBe(10);
  });
});
