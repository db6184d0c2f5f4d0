import { TRUNCATE_DEFAULT } from '@referwell/contracts';

/** Shortens text to at most `max` characters, breaking at the last space, and adds an ellipsis. */
export function truncate(text: string, max: number = TRUNCATE_DEFAULT): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
