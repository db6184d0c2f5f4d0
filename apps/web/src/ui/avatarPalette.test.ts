import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { AVATAR_COLORS, avatarColor, initials } from './avatarPalette';

describe('avatar palette', () => {
  it('has 33 distinct colours, each with white text at 4.5:1 or more', () => {
    expect(new Set(AVATAR_COLORS).size).toBe(33);
    for (const colour of AVATAR_COLORS) expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('picks the colour by id modulo 33', () => {
    expect(avatarColor(0)).toBe(AVATAR_COLORS[0]);
    expect(avatarColor(34)).toBe(AVATAR_COLORS[1]);
    expect(avatarColor(65)).toBe(AVATAR_COLORS[32]);
    expect(avatarColor(-1)).toBe(AVATAR_COLORS[32]);
  });
});

describe('initials', () => {
  it.each([
    ['Alice Smith', 'AS'],
    ['alice', 'A'],
    ['Mary-Jane O’Neil', 'MO'],
    ['Dr. John Paul Jones', 'DJ'],
    ['Zoë Ångström', 'ZÅ'],
    ['  123 Clinic 4 ', 'C'],
    ['🙂', ''],
    ['', ''],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
