import type { OpeningHoursEntry, referralsApi } from '@referwell/contracts';
import { minutesOf } from '../../practices/index.js';

/**
 * How well a practice's opening hours cover a patient's preferred days and times of day (schedule
 * type PREFERENCE). Null when the practice has no opening hours on file.
 */
export interface PreferenceFit {
  /** Preferred times the practice is open at some point of. */
  met: number;
  /** Preferred times asked for. */
  of: number;
  /** Open minutes inside the preferred times, all together: the finer measure between equals. */
  openMinutes: number;
}

const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;

/** Opening hours count days from Sunday (0), as JavaScript does. */
const DAY_INDEX: Record<referralsApi.Day, number> = { SUN: 0, MON: 1, TUE: 2, WED: 3, THU: 4, FRI: 5, SAT: 6 };

/** Minutes of the day each time of day spans: AM before noon, PM from noon. */
const TIME_OF_DAY: Record<referralsApi.TimeOfDay, [number, number]> = {
  AM: [0, 12 * 60],
  PM: [12 * 60, DAY_MINUTES],
  ANY: [0, DAY_MINUTES],
};

type Interval = [number, number];

/** Minutes east of UTC of the time zone at that instant ("GMT-05:00" → -300). */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0; // plain "GMT"
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** An interval of the week moved by `shift` minutes, split where it wraps past the week's end. */
function shifted([start, end]: Interval, shift: number): Interval[] {
  const from = (((start + shift) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  const to = from + (end - start);
  return to <= WEEK_MINUTES
    ? [[from, to]]
    : [
        [from, WEEK_MINUTES],
        [0, to - WEEK_MINUTES],
      ];
}

const overlap = (a: readonly Interval[], b: readonly Interval[]) =>
  a.reduce(
    (sum, [aFrom, aTo]) =>
      sum + b.reduce((inner, [bFrom, bTo]) => inner + Math.max(0, Math.min(aTo, bTo) - Math.max(aFrom, bFrom)), 0),
    0,
  );

export interface PreferenceRequest {
  preferences: readonly referralsApi.SchedulePreference[];
  /** The patient's time zone: the sending practice's, whose patient it is. */
  timeZone: string;
  /** When routing happens: time zone offsets (daylight saving) are taken then. */
  at: Date;
}

/**
 * The preferred times are the patient's wall-clock times; the practice's hours are in its own time
 * zone, so each preferred time is moved by the difference of the two zones' offsets before it is
 * laid over the practice's week.
 */
export function preferenceFit(
  hours: readonly OpeningHoursEntry[],
  practiceTimeZone: string,
  request: PreferenceRequest,
): PreferenceFit | null {
  const open: Interval[] = hours
    .filter((h) => h.open && h.end > h.start)
    .map((h) => [h.dayOfWeek * DAY_MINUTES + minutesOf(h.start), h.dayOfWeek * DAY_MINUTES + minutesOf(h.end)]);
  if (!open.length) return null;
  const shift = utcOffsetMinutes(practiceTimeZone, request.at) - utcOffsetMinutes(request.timeZone, request.at);
  let met = 0;
  let openMinutes = 0;
  for (const { day, timeOfDay } of request.preferences) {
    const [from, to] = TIME_OF_DAY[timeOfDay];
    const dayStart = DAY_INDEX[day] * DAY_MINUTES;
    const minutes = overlap(shifted([dayStart + from, dayStart + to], shift), open);
    if (minutes > 0) met += 1;
    openMinutes += minutes;
  }
  return { met, of: request.preferences.length, openMinutes };
}

/**
 * Within a tier of a PREFERENCE referral: practices open at more of the preferred times first,
 * then more open minutes inside them. A practice without opening hours on file might suit, so it
 * comes after every practice open at some preferred time but before those known to be closed at
 * all of them. Equal fits are left to the next ordering (distance).
 */
export function byPreferenceFit(a: PreferenceFit | null, b: PreferenceFit | null): number {
  const rank = (fit: PreferenceFit | null) => (fit === null ? 0.5 : fit.met);
  return rank(b) - rank(a) || (b?.openMinutes ?? 0) - (a?.openMinutes ?? 0);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The reason the match preview shows for it. */
export function preferenceReason(fit: PreferenceFit | null): string {
  if (fit === null) return 'opening hours not on file';
  return `open at ${fit.met} of ${plural(fit.of, 'preferred time', 'preferred times')}`;
}
