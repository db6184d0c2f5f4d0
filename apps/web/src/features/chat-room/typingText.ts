/** Spec 3 §8: '{name or Someone} is/are typing...', naming everyone who is. */
export function typingText(names: Array<string | null | undefined>): string {
  const shown = names.map((name) => name?.trim() || 'Someone');
  if (shown.length === 0) return '';
  if (shown.length === 1) return `${shown[0]} is typing...`;
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)} are typing...`;
}
