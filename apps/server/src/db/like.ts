/** `text` with LIKE's wildcards taken literally (name search in core, text search in the modules). */
export function likeEscape(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
