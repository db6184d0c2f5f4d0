import { describe, expect, it } from 'vitest';
import { truncate } from './truncate';

describe('truncate', () => {
  it('leaves text of 30 characters or fewer alone', () => {
    expect(truncate('Short note')).toBe('Short note');
    expect(truncate('a'.repeat(30))).toBe('a'.repeat(30));
  });

  it('breaks longer text at the last space within 30 characters and adds an ellipsis', () => {
    expect(truncate('Referral for knee pain assessment next week')).toBe('Referral for knee pain…');
  });

  it('cuts a single long word at the limit', () => {
    expect(truncate('x'.repeat(40))).toBe(`${'x'.repeat(30)}…`);
  });

  it('takes another limit', () => {
    expect(truncate('Riverside Family Clinic', 12)).toBe('Riverside…');
  });
});
