import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createLocalConnectionCap, createRedisConnectionCap, type ConnectionCap } from './connection-cap.js';
import { createLocalFloodCounter, createRedisFloodCounter, type FloodCounter } from './flood-counter.js';
import { closeRedis, openRedis } from './redis.js';

/**
 * Longest a socket event waits for Redis to count it. Past it the count falls back to this
 * instance's own (below), so an outage slows nothing down for long and refuses nobody.
 */
const COMMAND_TIMEOUT_MS = 1000;

export interface RealtimeLimits {
  flood: FloodCounter;
  connections: ConnectionCap;
  close(): Promise<void>;
}

/**
 * The limits on what sockets do: with REDIS_URL, counted in Redis for every instance together;
 * otherwise in memory, where one instance is all there is. While Redis cannot be reached each
 * instance counts for itself rather than letting everything through (the rate-limit store's rule
 * for HTTP calls): a flood still meets a limit, only a per-instance one, and nobody is locked out.
 * `holderTtlMs`: at least the longest a socket may stay open (see createRedisConnectionCap).
 */
export function createRealtimeLimits(
  config: Pick<Config, 'redis'>,
  log: FastifyBaseLogger,
  { holderTtlMs }: { holderTtlMs: number },
): RealtimeLimits {
  const localFlood = createLocalFloodCounter();
  const localConnections = createLocalConnectionCap();
  if (!config.redis) return { flood: localFlood, connections: localConnections, close: async () => {} };

  const redis = openRedis(config.redis.url, 'realtime-limits', log, { commandTimeout: COMMAND_TIMEOUT_MS });
  const prefix = `${config.redis.prefix}realtime-limits:`;
  const sharedFlood = createRedisFloodCounter(redis, `${prefix}flood:`);
  const sharedConnections = createRedisConnectionCap(redis, `${prefix}connections:`, holderTtlMs);
  let degraded = false;

  /** Redis's answer when it gives one; this instance's otherwise. A client known to be cut off is not waited for. */
  async function either<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (['reconnecting', 'close', 'end'].includes(redis.status)) return local();
    try {
      const answer = await shared();
      if (degraded) log.info('realtime limits: counted in Redis again');
      degraded = false;
      return answer;
    } catch (err) {
      if (!degraded)
        log.warn({ err }, 'realtime limits: Redis did not answer; each instance counts for itself meanwhile');
      degraded = true;
      return local();
    }
  }

  return {
    flood: {
      take: (keys, windowMs) =>
        either(
          () => sharedFlood.take(keys, windowMs),
          () => localFlood.take(keys, windowMs),
        ),
    },
    connections: {
      async open(holder, connectionId, max) {
        // Kept here too, so that this instance can go on capping its own connections should Redis go.
        const locally = await localConnections.open(holder, connectionId, max);
        return either(
          () => sharedConnections.open(holder, connectionId, max),
          async () => locally,
        );
      },
      async close(holder, connectionId) {
        await localConnections.close(holder, connectionId);
        // Not kept in Redis, it is pushed out first later on, which closes nothing.
        await either(
          () => sharedConnections.close(holder, connectionId),
          async () => undefined,
        );
      },
    },
    close: () => closeRedis(redis),
  };
}
