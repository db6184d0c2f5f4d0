import { useEffect, useReducer } from 'react';
import { Tooltip } from '@mantine/core';
import { formatDistanceStrict, isValid } from 'date-fns';
import { toDate } from '@referwell/contracts';
import { formatDate, type DateValue } from '../lib/dates';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const LONG_FORMAT_AFTER = 1440 * MINUTE;

/** Spec 1 §9: every second under a minute, every minute under an hour, then never. */
function refreshDelay(ageMs: number): number | null {
  if (ageMs < MINUTE) return SECOND;
  if (ageMs < HOUR) return MINUTE;
  return null;
}

function relativeLabel(date: Date, now: number, addSuffix: boolean): string {
  const age = now - date.getTime();
  if (age > LONG_FORMAT_AFTER) return formatDate(date, 'Relative');
  // A clock slightly ahead of the server must not show times "in 2 seconds".
  const clamped = age < 0 ? new Date(now) : date;
  return formatDistanceStrict(clamped, now, { addSuffix, roundingMethod: 'floor' });
}

interface RelativeTimeProps {
  value: DateValue;
  addSuffix?: boolean;
  withTooltip?: boolean;
}

export function RelativeTime({ value, addSuffix = false, withTooltip = false }: RelativeTimeProps) {
  const date = toDate(value);
  const time = date.getTime();
  const [tick, rerender] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    const delay = refreshDelay(Date.now() - time);
    if (delay === null) return;
    const timer = setTimeout(rerender, delay);
    return () => clearTimeout(timer);
  }, [time, tick]);

  if (!isValid(date)) return null;
  // eslint-disable-next-line react-hooks/purity -- a relative time is read against the clock as it renders; the timer above renders it again when the label would change
  const label = relativeLabel(date, Date.now(), addSuffix);
  if (!withTooltip) return <time dateTime={date.toISOString()}>{label}</time>;
  return (
    <Tooltip label={formatDate(date, 'FullSmall')} events={{ hover: true, focus: true, touch: true }}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users can open the tooltip with the full date */}
      <time dateTime={date.toISOString()} tabIndex={0}>
        {label}
      </time>
    </Tooltip>
  );
}
