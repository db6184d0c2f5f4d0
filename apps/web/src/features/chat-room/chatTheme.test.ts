import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../lib/contrast';
import { chatTheme, CHAT_THEMES, themeVariables, type ChatTheme } from './chatTheme';

// Text colour → the backgrounds it is drawn on.
const TEXT_ON: Array<[keyof ChatTheme, Array<keyof ChatTheme>]> = [
  ['text', ['background', 'surface']],
  ['muted', ['background', 'surface']],
  ['bubbleText', ['bubble']],
  ['bubbleMuted', ['bubble']],
  ['link', ['bubble']],
  ['ownText', ['ownBubble']],
  ['ownMuted', ['ownBubble']],
  ['ownLink', ['ownBubble']],
  ['accentText', ['accent']],
  ['bannerText', ['banner']],
];

describe('chat themes', () => {
  it.each(Object.entries(CHAT_THEMES))('%s: every text colour meets WCAG AA (4.5:1) on its background', (_, theme) => {
    for (const [text, backgrounds] of TEXT_ON) {
      for (const background of backgrounds) {
        expect(contrastRatio(theme[text], theme[background]), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    // Focus rings and the online dot are non-text: 3:1.
    for (const background of ['background', 'surface'] as const)
      expect(contrastRatio(theme.focus, theme[background])).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(theme.online, theme.surface)).toBeGreaterThanOrEqual(3);
  });

  // A practice's colour may be anything: each, in either theme, keeps every pair at AA.
  const BRANDS = ['#1c7ed6', '#0f766e', '#ffd43b', '#f97316', '#a5d8ff', '#808080', '#000000', '#ffffff', '#e03131'];
  it.each(BRANDS.flatMap((brand) => (['dark', 'light'] as const).map((name) => [brand, name] as const)))(
    'in %s, the %s theme keeps every text colour at AA on its background',
    (brand, name) => {
      const theme = chatTheme(name, brand);
      for (const [text, backgrounds] of TEXT_ON)
        for (const background of backgrounds)
          expect(contrastRatio(theme[text], theme[background]), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('draws the accents and the person’s own bubbles in the practice’s colour, or the theme’s own without one', () => {
    expect(chatTheme('light', '#0F766E')).toMatchObject({
      accent: '#0f766e',
      accentText: '#ffffff',
      ownBubble: '#0f766e',
      ownText: '#ffffff',
    });
    expect(chatTheme('dark', '#ffd43b')).toMatchObject({ ownBubble: '#ffd43b', ownText: '#000000' });
    expect(chatTheme('dark', null)).toBe(CHAT_THEMES.dark);
    expect(chatTheme('light', 'teal')).toBe(CHAT_THEMES.light);
  });

  it('exposes the theme as CSS custom properties', () => {
    expect(themeVariables('light')).toMatchObject({
      '--chat-own-bubble': '#0b6b61',
      '--chat-background': '#eef1f4',
      '--avatar-ring': '#ffffff',
    });
  });
});
