import type { Clock } from '../platform/clock.js';

/** A clock a test moves by hand. */
export function createTestClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}
