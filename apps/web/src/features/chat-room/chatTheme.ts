import type { CSSProperties } from 'react';
import { AA_TEXT_CONTRAST, contrastRatio, isHexColor, mixColors, readableFill } from '../../lib/contrast';

/**
 * The room's two themes (spec 3 §2: dark by default, light when asked). Every text colour is at
 * least 4.5:1 against the background it is drawn on (chatTheme.test.ts checks the pairs).
 */
export type ChatThemeName = 'dark' | 'light';

export interface ChatTheme {
  background: string;
  surface: string;
  border: string;
  text: string;
  muted: string;
  bubble: string;
  bubbleText: string;
  bubbleMuted: string;
  link: string;
  ownBubble: string;
  ownText: string;
  ownMuted: string;
  ownLink: string;
  accent: string;
  accentText: string;
  banner: string;
  bannerText: string;
  focus: string;
  online: string;
}

export const CHAT_THEMES: Record<ChatThemeName, ChatTheme> = {
  dark: {
    background: '#16181c',
    surface: '#1f2227',
    border: '#3a3f47',
    text: '#eef0f3',
    muted: '#a9b0ba',
    bubble: '#2a2e35',
    bubbleText: '#eef0f3',
    bubbleMuted: '#b3bac4',
    link: '#8ccfff',
    ownBubble: '#0b6b61',
    ownText: '#ffffff',
    ownMuted: '#d6efeb',
    ownLink: '#ffffff',
    accent: '#12b5a1',
    accentText: '#0b1210',
    banner: '#2b3a55',
    bannerText: '#ffffff',
    focus: '#7cc4ff',
    online: '#37c871',
  },
  light: {
    background: '#eef1f4',
    surface: '#ffffff',
    border: '#c9d0d8',
    text: '#15181c',
    muted: '#555e69',
    bubble: '#ffffff',
    bubbleText: '#15181c',
    bubbleMuted: '#555e69',
    link: '#0a58b8',
    ownBubble: '#0b6b61',
    ownText: '#ffffff',
    ownMuted: '#d6efeb',
    ownLink: '#ffffff',
    accent: '#0b6b61',
    accentText: '#ffffff',
    banner: '#1f3b66',
    bannerText: '#ffffff',
    focus: '#0a58b8',
    online: '#1e8e4a',
  },
};

/** How far a bubble's secondary text (the time) fades toward its fill, when it still reads at AA. */
const MUTED_FADE = 0.2;

/**
 * The theme in a practice's colour: its accents (send button, loader, the header's stripe) and the
 * person's own bubbles are drawn in it, with text that reads on it at AA whatever the colour
 * (lib/contrast.ts); the rest of the theme stays, so both themes keep their contrasts.
 */
export function chatTheme(name: ChatThemeName, brandColor?: string | null): ChatTheme {
  const theme = CHAT_THEMES[name];
  if (!isHexColor(brandColor)) return theme;
  const { fill, text } = readableFill(brandColor);
  const faded = mixColors(text, fill, MUTED_FADE);
  const muted = contrastRatio(faded, fill) >= AA_TEXT_CONTRAST ? faded : text;
  return { ...theme, accent: fill, accentText: text, ownBubble: fill, ownText: text, ownMuted: muted, ownLink: text };
}

/** The theme as CSS custom properties (`--chat-<name>`) on the room's root; chat.css uses them. */
export function themeVariables(name: ChatThemeName, brandColor?: string | null): CSSProperties {
  const theme = chatTheme(name, brandColor);
  const variables: Record<string, string> = {};
  for (const [key, value] of Object.entries(theme) as [string, string][])
    variables[`--chat-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = value;
  // Avatars draw their online dot ringed with the surface they sit on.
  variables['--avatar-online'] = theme.online;
  variables['--avatar-ring'] = theme.surface;
  return variables;
}
