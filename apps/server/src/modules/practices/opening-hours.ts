import type { OpeningHoursEntry } from '@referwell/contracts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday (0 = Sunday, as opening hours count) and minutes after midnight at `at` in the time zone. */
export function localWeekTime(timezone: string, at: Date): { dayOfWeek: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { dayOfWeek: WEEKDAYS.indexOf(part('weekday')), minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** Minutes after midnight of an opening-hours time (HH:mm). */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the practice is open at `at`, by its opening hours in its own time zone. */
export function isOpenAt(hours: readonly OpeningHoursEntry[], timezone: string, at: Date): boolean {
  const { dayOfWeek, minutes } = localWeekTime(timezone, at);
  const today = hours.find((h) => h.dayOfWeek === dayOfWeek);
  return today !== undefined && today.open && minutes >= minutesOf(today.start) && minutes < minutesOf(today.end);
}
