import { format, isSameDay, isValid } from 'date-fns';
import { formatDob, parseDayMonthYear, toDate } from '@referwell/contracts';

/**
 * The named formats of spec 1 §2 as date-fns patterns. The spec names them without patterns; these
 * are the US-style renderings the product uses. `today` replaces the pattern for today's dates.
 */
export const DATE_FORMATS = {
  RelativeShort: { pattern: 'MMM d, h:mm a' },
  Relative: { pattern: "MMMM d, yyyy 'at' h:mm a" },
  FullSmall: { pattern: 'EEE, MMM d, yyyy h:mm a' },
  FullSmallNoDay: { pattern: 'MMM d, yyyy h:mm a' },
  DOB: { pattern: 'MM/dd/yyyy' },
  Invoice: { pattern: 'MMMM d, yyyy' },
  SmallDayToday: { pattern: 'EEE, MMM d', today: "'Today'" },
  SmallDay: { pattern: 'EEE, MMM d' },
  Time: { pattern: 'h:mm a' },
  ShortMonthDay: { pattern: 'MMM d' },
  ShortMonthDayToday: { pattern: 'MMM d', today: "'Today'" },
  MonthYearToday: { pattern: 'MMMM yyyy', today: "'Today'" },
} as const satisfies Record<string, { pattern: string; today?: string }>;

export type DateFormatName = keyof typeof DATE_FORMATS;
export type DateValue = number | string | Date;

/**
 * Formats a timestamp (ten-digit numbers are epoch seconds) by name; '' when it is not a date.
 * For DOB, day/month/year text is read as such and shown month/day/year.
 */
export function formatDate(value: DateValue | null | undefined, name: DateFormatName, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return '';
  if (name === 'DOB' && typeof value === 'string' && /[/.-]/.test(value)) {
    const dob = parseDayMonthYear(value);
    return dob ? formatDob(dob) : '';
  }
  const date = toDate(value);
  if (!isValid(date)) return '';
  const spec: { pattern: string; today?: string } = DATE_FORMATS[name];
  return format(date, spec.today && isSameDay(date, now) ? spec.today : spec.pattern);
}
