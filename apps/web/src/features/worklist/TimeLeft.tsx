import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';

const MINUTE = 60_000;
/** Under this the time left shows in red: the offer is about to go to the next practice. */
const URGENT_MS = 30 * MINUTE;

/** "25 min left", "1 h 35 min left", "2 days left"; rounded up, so it never says 0 while time remains. */
export function timeLeftLabel(ms: number): string {
  if (ms <= 0) return 'Time is up';
  const minutes = Math.ceil(ms / MINUTE);
  if (minutes < 60) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 24) return rest ? `${hours} h ${rest} min left` : `${hours} h left`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} left`;
}

/** How long an offer has before it runs out, kept current every half minute. */
export function TimeLeft({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE / 2);
    return () => clearInterval(timer);
  }, []);
  const left = until - now;
  return (
    <Text size="sm" fw={600} c={left < URGENT_MS ? 'red.9' : undefined}>
      <time dateTime={new Date(until).toISOString()}>{timeLeftLabel(left)}</time>
    </Text>
  );
}
