import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * One Redis connection for one job (`role` names it in the log and in CLIENT LIST). ioredis
 * reconnects by itself; an outage is logged when it starts and when it ends, not on every retry.
 */
export function openRedis(url: string, role: string, log: FastifyBaseLogger, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, { connectionName: `referwell-${role}`, ...options });
  let failing = false;
  redis.on('error', (err) => {
    if (failing) return;
    failing = true;
    log.error({ err, role }, 'redis: connection failed, retrying');
  });
  redis.on('ready', () => {
    if (!failing) return;
    failing = false;
    log.info({ role }, 'redis: connected again');
  });
  return redis;
}

/** Quits politely when connected; otherwise drops the socket, so closing never waits for a dead server. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // Lost between the check and QUIT: dropping the socket below is all that is left to do.
    }
  }
  redis.disconnect();
}

/** PING that fails after `timeoutMs`: a health check must answer even when Redis stalls. */
export async function pingRedis(redis: Redis, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`redis did not answer PING within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([redis.ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
