/**
 * Date helpers shared by server and clients: dates of birth (MM/DD/YYYY on the wire) and
 * timestamps that may arrive as ten-digit epoch seconds.
 */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function validDate(year: number, month: number, day: number): CalendarDate | null {
  if (month < 1 || month > 12 || day < 1 || year < 1900) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Parses a date of birth in MM/DD/YYYY; null when malformed, impossible or in the future. */
export function parseDob(text: string, now: Date = new Date()): CalendarDate | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const date = validDate(Number(m[3]), Number(m[1]), Number(m[2]));
  if (!date) return null;
  if (Date.UTC(date.year, date.month - 1, date.day) > now.getTime()) return null;
  return date;
}

/**
 * Parses a date of birth typed as day/month/year (separators / . or -), as the patient-facing
 * forms accept it; null when it is not a real date.
 */
export function parseDayMonthYear(text: string): CalendarDate | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!m) return null;
  return validDate(Number(m[3]), Number(m[2]), Number(m[1]));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Shows a date of birth as month/day/year. */
export function formatDob(date: CalendarDate): string {
  return `${pad(date.month)}/${pad(date.day)}/${date.year}`;
}

/** Reads a timestamp; ten-digit numbers are epoch seconds, longer ones milliseconds. */
export function toDate(value: number | string | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && !/^\d+$/.test(value)) return new Date(value);
  const n = Number(value);
  return new Date(String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n);
}
