import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Config } from '../../config.js';
import { closeRedis, openRedis } from './redis.js';

/**
 * Longest a limited request waits for Redis to count it. Past it (Redis away or stalled) the
 * request goes through uncounted: an outage must not lock everyone out of signing in, and
 * /api/v1/health reports Redis as failing meanwhile.
 */
const COUNT_TIMEOUT_MS = 1000;

/**
 * @fastify/rate-limit's settings. With REDIS_URL the counters live in Redis, so a client's limit
 * counts its requests to every instance; otherwise each instance counts in memory. Routes opt in
 * with `rateLimitPerMinute` (platform/http.ts).
 */
export function rateLimitSettings(
  config: Pick<Config, 'redis'>,
  log: FastifyBaseLogger,
): { options: RateLimitPluginOptions; close(): Promise<void> } {
  if (!config.redis) return { options: { global: false }, close: async () => {} };
  const redis = openRedis(config.redis.url, 'rate-limit', log, { commandTimeout: COUNT_TIMEOUT_MS });
  return {
    options: { global: false, redis, nameSpace: `${config.redis.prefix}rate-limit:`, skipOnError: true },
    close: () => closeRedis(redis),
  };
}
