import { networksApi } from '@referwell/contracts';

export const MATCHING_TIME_LIMIT_MAX = networksApi.MATCHING_TIME_LIMIT_MAX;

function plural(count: number, unit: string) {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Minutes as hours and minutes: 90 → "1 hour 30 minutes". */
export function hoursAndMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(plural(hours, 'hour'));
  if (minutes > 0 || hours === 0) parts.push(plural(minutes, 'minute'));
  return parts.join(' ');
}

/** The limit as stored (minutes) and, from an hour up, in hours and minutes too. */
export function matchingTimeLabel(total: number): string {
  return total < 60 ? plural(total, 'minute') : `${plural(total, 'minute')} (${hoursAndMinutes(total)})`;
}

/** Null when the value is a valid limit, else the message to show on the field. */
export function matchingTimeError(value: number | string): string | null {
  if (value === '' || value === null || value === undefined) return 'Enter the matching time limit in minutes';
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MATCHING_TIME_LIMIT_MAX) {
    return `Enter a whole number of minutes from 1 to ${MATCHING_TIME_LIMIT_MAX} (one week)`;
  }
  return null;
}

export function networkNameError(value: string): string | null {
  const name = value.trim();
  if (!name) return 'Enter a name for the network';
  return name.length > 200 ? 'Use at most 200 characters' : null;
}
