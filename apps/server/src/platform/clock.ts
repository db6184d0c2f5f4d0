/**
 * The time rules run on (offers running out, say). Production reads the system clock; tests pass
 * one they can move forward instead of waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
