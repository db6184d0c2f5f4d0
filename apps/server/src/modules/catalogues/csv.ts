/**
 * RFC 4180 CSV as NUCC publishes it: optional UTF-8 byte order mark, CRLF or LF line ends, quoted
 * fields that may hold commas, doubled quotes and line breaks (the definitions do).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

/** Rows as objects keyed by the header line's names; throws when a required column is missing. */
export function csvRecords(text: string, required: readonly string[]): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('the file is empty');
  const names = header.map((h) => h.trim());
  const missing = required.filter((r) => !names.includes(r));
  if (missing.length) throw new Error(`missing column(s) ${missing.join(', ')}`);
  return rows.map((cells) => Object.fromEntries(names.map((n, i) => [n, (cells[i] ?? '').trim()])));
}
