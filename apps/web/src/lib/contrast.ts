/**
 * WCAG 2 colour arithmetic on `#rrggbb` colours: contrast ratios, and a readable pairing for a
 * colour someone else chose (a practice's brand colour), which may be any colour at all.
 */

/** WCAG 2.2 AA for body text (1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';
const BLACK = '#000000';
/**
 * How far a brand colour may be darkened (mixed with black) to keep white text on it: enough to
 * take a mid blue or green to one that passes without it looking like another colour. A lighter
 * colour (yellow, orange, a pastel) keeps its own colour and gets black text instead.
 */
const MAX_DARKENING = 0.2;
const DARKENING_STEP = 0.02;

export const isHexColor = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

const toHex = (values: number[]) =>
  `#${values.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

function luminance(hex: string): number {
  const [r, g, b] = channels(hex)
    .map((value) => value / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `from` moved `amount` (0–1) of the way to `to`, channel by channel. */
export function mixColors(from: string, to: string, amount: number): string {
  const target = channels(to);
  return toHex(channels(from).map((value, i) => value + (target[i] - value) * amount));
}

/** A colour to fill with, and the colour of text written on it. */
export interface ReadableFill {
  fill: string;
  text: string;
}

/**
 * A brand colour as a fill, with the text colour to write on it at AA contrast: white, on the
 * colour darkened a little if need be; else black on the colour itself. One of white and black
 * always passes on any colour (their two ratios multiply to 21, so the better is at least 4.58).
 */
export function readableFill(color: string): ReadableFill {
  const base = color.toLowerCase();
  for (let step = 0; step <= MAX_DARKENING / DARKENING_STEP; step++) {
    const fill = step === 0 ? base : mixColors(base, BLACK, step * DARKENING_STEP);
    if (contrastRatio(fill, WHITE) >= AA_TEXT_CONTRAST) return { fill, text: WHITE };
  }
  return { fill: base, text: BLACK };
}
