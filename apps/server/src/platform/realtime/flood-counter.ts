import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A counter and the most events it takes in the window. */
export interface FloodKey {
  key: string;
  limit: number;
}

/**
 * Sliding-window limits on events (chat messages) counted under several keys at once, say one
 * sender's and their room's. An event is counted under all of its keys or, when one of them is
 * full, under none: a refused event does not use up anyone's allowance.
 */
export interface FloodCounter {
  /** Null when the event is counted; otherwise the first key that is full. */
  take(keys: readonly FloodKey[], windowMs: number): Promise<string | null>;
}

/** Counts in this process: one instance's events only. */
export function createLocalFloodCounter(now: () => number = Date.now): FloodCounter & { size(): number } {
  const windows = new Map<string, { times: number[]; windowMs: number }>();
  let takes = 0;

  /** Keys nobody used for a whole window go, so a counter per participant does not pile up. */
  function sweep(at: number) {
    for (const [key, w] of windows) if (at - w.times[w.times.length - 1] >= w.windowMs) windows.delete(key);
  }

  return {
    async take(keys, windowMs) {
      const at = now();
      if (++takes % 1000 === 0) sweep(at);
      const current = keys.map(({ key, limit }) => {
        const times = (windows.get(key)?.times ?? []).filter((t) => at - t < windowMs);
        return { key, limit, times };
      });
      const full = current.find((c) => c.times.length >= c.limit);
      for (const c of current) {
        if (!full) c.times.push(at);
        if (c.times.length) windows.set(c.key, { times: c.times, windowMs });
        else windows.delete(c.key);
      }
      return full?.key ?? null;
    },
    size: () => windows.size,
  };
}

/**
 * Trims, checks and counts every key in one atomic step, on Redis's own clock so that instances
 * whose clocks differ count alike. The keys of one call are touched together: fine on a single
 * Redis or Sentinel, not on Redis Cluster.
 * KEYS: the counters (sorted sets of event times); ARGV[1]: window ms; ARGV[2]: this event's
 * member; ARGV[2 + i]: the limit of KEYS[i]. Answers 0, or the index of the first full key.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= tonumber(ARGV[i + 2]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, window)
end
return 0
`;

interface FloodCommands {
  takeFlood(...args: (string | number)[]): Promise<number>;
}

/** Counts in Redis under `keyPrefix`: every instance's events together, one round trip per event. */
export function createRedisFloodCounter(redis: Redis, keyPrefix: string): FloodCounter {
  redis.defineCommand('takeFlood', { lua: TAKE_SCRIPT });
  const commands = redis as unknown as FloodCommands;
  return {
    async take(keys, windowMs) {
      const full = await commands.takeFlood(
        keys.length,
        ...keys.map((k) => keyPrefix + k.key),
        windowMs,
        randomUUID(),
        ...keys.map((k) => k.limit),
      );
      return full === 0 ? null : keys[full - 1].key;
    },
  };
}
