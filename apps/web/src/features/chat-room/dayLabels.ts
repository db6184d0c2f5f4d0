import { differenceInCalendarDays, format } from 'date-fns';

/** Spec 3 §2: 'Today', 'Yesterday', the weekday within 6 days, else 'EEE, d MMM'. */
export function dayLabel(time: number, now: Date = new Date()): string {
  const days = differenceInCalendarDays(now, time);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 6) return format(time, 'EEEE');
  return format(time, 'EEE, d MMM');
}

export const timeLabel = (time: number) => format(time, 'h:mm a');

/** The key of a message's calendar day, to tell where a new day starts. */
export const dayKey = (time: number) => format(time, 'yyyy-MM-dd');
