import type { OpeningHoursEntry } from '@referwell/contracts';

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONDAY = 1;
const WEEKDAYS = [1, 2, 3, 4, 5];
const DEFAULT_START = '09:00';
const DEFAULT_END = '17:00';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const END_AFTER_START = 'Closing time must be after opening time';

/** Seven rows, Sunday first; days the practice never set are closed with usual office hours ready. */
export function weekFrom(entries: readonly OpeningHoursEntry[]): OpeningHoursEntry[] {
  return DAY_NAMES.map((_, dayOfWeek) => {
    const saved = entries.find((e) => e.dayOfWeek === dayOfWeek);
    return saved ? { ...saved } : { dayOfWeek, open: false, start: DEFAULT_START, end: DEFAULT_END };
  });
}

export function copyMondayToWeekdays(week: readonly OpeningHoursEntry[]): OpeningHoursEntry[] {
  const monday = week[MONDAY];
  return week.map((day) => (WEEKDAYS.includes(day.dayOfWeek) ? { ...monday, dayOfWeek: day.dayOfWeek } : day));
}

export function timeError(value: string): string | null {
  return TIME.test(value) ? null : 'Enter a time as HH:mm';
}

/** "HH:mm" strings compare correctly as text. */
export function endError(day: OpeningHoursEntry): string | null {
  const invalid = timeError(day.end);
  if (invalid) return invalid;
  return day.open && !timeError(day.start) && day.end <= day.start ? END_AFTER_START : null;
}

export function describeDay(day: OpeningHoursEntry): string {
  return day.open ? `${day.start} – ${day.end}` : 'Closed';
}
