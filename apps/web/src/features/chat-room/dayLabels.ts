/**
 * The room's dates, in its own few lines rather than date-fns: its formatter and locale were a
 * tenth of the room's first download (spec 3 §2: 'EEEE', 'EEE, d MMM', 'h:mm a'), and the room
 * speaks English as date-fns's default locale did.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

const pad = (value: number) => String(value).padStart(2, '0');
const midnight = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** 'Tue, 5 Mar'. */
export function shortDay(time: number): string {
  const date = new Date(time);
  return `${WEEKDAYS[date.getDay()].slice(0, 3)}, ${date.getDate()} ${MONTHS[date.getMonth()]}`;
}

/** Spec 3 §2: 'Today', 'Yesterday', the weekday within 6 days, else 'EEE, d MMM'. */
export function dayLabel(time: number, now: Date = new Date()): string {
  // Rounded: a day that a clock change made 23 or 25 hours long is still one day.
  const days = Math.round((midnight(now) - midnight(new Date(time))) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 6) return WEEKDAYS[new Date(time).getDay()];
  return shortDay(time);
}

/** 'h:mm a': '9:05 AM'. */
export function timeLabel(time: number): string {
  const date = new Date(time);
  const hours = date.getHours();
  return `${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The key of a message's calendar day, to tell where a new day starts. */
export function dayKey(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
