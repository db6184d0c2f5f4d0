import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../test/contrast';
import { CHAT_THEMES, themeVariables, type ChatTheme } from './chatTheme';

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

  it('exposes the theme as CSS custom properties', () => {
    expect(themeVariables('light')).toMatchObject({
      '--chat-own-bubble': '#0b6b61',
      '--chat-background': '#eef1f4',
      '--avatar-ring': '#ffffff',
    });
  });
});
