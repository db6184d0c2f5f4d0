import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * A real Redis for the multi-instance tests; CI sets it (.ci/run), as this machine can:
 * TEST_REDIS_URL=redis://127.0.0.1:6379. Without it those tests do not run.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL;

/**
 * A key and channel prefix of its own per test, so runs sharing one Redis (the int-pglite and
 * int-postgres projects run at once) never see each other's keys, counters or events.
 */
export const uniqueRedisPrefix = () => `rw-test:${randomUUID()}:`;

/** A plain connection to look at and tamper with what the code under test keeps in Redis. */
export function inspectRedis() {
  const redis = new Redis(testRedisUrl!);
  return {
    redis,
    /** Deletes every key under `prefix`, then disconnects. */
    async cleanUp(prefix: string) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
