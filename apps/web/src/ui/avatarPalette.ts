/**
 * Avatar colours and initials (spec 3 §2 Avatar): a person without a picture gets their initials
 * on one of 33 colours chosen by their id modulo 33, so they keep the same colour everywhere.
 * Every colour carries white text at 4.5:1 or more (WCAG AA).
 */
export const AVATAR_COLORS = [
  '#d13d3d',
  '#b75640',
  '#b85821',
  '#9d6725',
  '#887030',
  '#7e7516',
  '#70781c',
  '#657b2b',
  '#508017',
  '#43821f',
  '#3d822e',
  '#188618',
  '#1f8432',
  '#2e824d',
  '#178453',
  '#1f8268',
  '#2c7e78',
  '#187f89',
  '#247b9b',
  '#3c78aa',
  '#316fdb',
  '#516ad6',
  '#6868ca',
  '#6c52e0',
  '#8758d8',
  '#9357c4',
  '#b038dc',
  '#be2fca',
  '#b941af',
  '#ce24a1',
  '#cf3087',
  '#bf4a75',
  '#da2d4c',
] as const;

export function avatarColor(id: number): string {
  const count = AVATAR_COLORS.length;
  return AVATAR_COLORS[((Math.trunc(id) % count) + count) % count];
}

/**
 * The first letters of the first and last words of a name, upper-cased. Only letters and hyphens
 * count ("Mary-Jane O'Neil" → "MO"), so digits, punctuation and emoji never become initials.
 */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\s-]/gu, '')
    .split(/\s+/)
    .map((word) => word.match(/\p{L}/u)?.[0])
    .filter((letter): letter is string => Boolean(letter));
  if (words.length === 0) return '';
  return (words.length > 1 ? words[0] + words.at(-1)! : words[0]).toUpperCase();
}
