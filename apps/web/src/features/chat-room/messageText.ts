/** How a message's text is shown (spec 3 §2 Message view). */

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; url: string };

// Anything up to whitespace after http(s)://; punctuation that usually ends a sentence is trimmed.
const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'"»”’]+$/;

function trimLink(candidate: string): string {
  let url = candidate.replace(TRAILING, '');
  // "(see https://example.com)" ends at the link; "https://en.wikipedia.org/wiki/X_(Y)" keeps its bracket.
  while (url.endsWith(')') && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) {
    url = url.slice(0, -1).replace(TRAILING, '');
  }
  return url;
}

/** Splits text into plain runs and http(s) links. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const url = trimLink(match[0]);
    const start = match.index;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', url });
    at = start + url.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
// Pictographs, flags, skin tones, joiners, variation selectors, keycaps and tag sequences.
const EMOJI_PARTS =
  /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0e|\ufe0f|\u20e3|[\u{e0020}-\u{e007f}]|[0-9#*](?=\ufe0f?\u20e3)/gu;

/** True for text made of emoji alone (spaces allowed), which is shown large without a bubble. */
export function isEmojiOnly(text: string): boolean {
  return EMOJI.test(text) && text.replace(EMOJI_PARTS, '').trim() === '';
}

/**
 * Spec 3 §2: the text shows when there is some and it is not just the previewed link. It stays
 * until the preview itself can be shown (the server fetches it after the message is stored).
 */
export function visibleText(
  message: { message: string; previewData: { url: string } | null },
  previewShown: boolean,
): string | null {
  const text = message.message.trim();
  if (!text || (previewShown && text === message.previewData?.url)) return null;
  return message.message;
}
