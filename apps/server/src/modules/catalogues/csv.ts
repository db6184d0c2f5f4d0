import { parse } from 'csv-parse/sync';

/**
 * Rows of a CSV as NUCC publishes it (byte order mark, CRLF, quoted fields holding commas, quotes
 * and line breaks), keyed by the header's names and trimmed; throws when a required column is
 * missing, naming it.
 */
export function csvRecords(text: string, required: readonly string[]): Record<string, string>[] {
  const [header, ...rows] = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true });
  if (!header) throw new Error('the file is empty');
  const names = header.map((h) => h.trim());
  const missing = required.filter((r) => !names.includes(r));
  if (missing.length) throw new Error(`missing column(s) ${missing.join(', ')}`);
  return rows.map((cells) => Object.fromEntries(names.map((n, i) => [n, (cells[i] ?? '').trim()])));
}
