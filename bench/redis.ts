import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

const url = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The Redis that server instances under test share (BENCH_REDIS_URL, else the local one), under a
 * key prefix of their own; close() deletes whatever they left under it. Null when it does not answer.
 */
export async function openBenchRedis(): Promise<{ url: string; prefix: string; close(): Promise<void> } | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    redis.disconnect();
    return null;
  }
  const prefix = `rw-bench-${randomBytes(6).toString('hex')}:`;
  return {
    url,
    prefix,
    async close() {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
