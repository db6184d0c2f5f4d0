import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createRedisBus } from './redis-bus.js';

/** A file's scan ended; the payload is contracts' `FileScanned`. */
export const FILE_SCANNED = 'FILE_SCANNED';

/**
 * A referral changed in a way the practices on it should see at once (offered, accepted, a new
 * comment …); the payload is `ReferralChanged`. The events socket forwards it to their members.
 */
export const REFERRAL_CHANGED = 'REFERRAL_CHANGED';
export interface ReferralChanged {
  referralId: number;
  /** A timeline kind, or COMMENTED. */
  kind: string;
  /** The practices whose members should hear of it. */
  practiceIds: number[];
}

/**
 * A subscription; calling it unsubscribes. `live` resolves once events published on any instance
 * reach the handler: subscribe, await `live`, then load what was missed from the store, and
 * nothing falls between the two. While Redis is away it waits; it never rejects, so leaving it
 * unawaited is safe.
 */
export interface Subscription {
  (): void;
  live: Promise<void>;
}

/**
 * Events other parts react to (FILE_SCANNED, REFERRAL_CHANGED, chat messages). Payloads are JSON:
 * with Redis they cross processes, so handlers get a copy, and every instance's handlers hear
 * every event once, the publishing instance's included.
 */
export interface EventBus {
  /** 'in-process' reaches this instance only; 'redis' reaches every instance sharing REDIS_URL. */
  readonly transport: 'in-process' | 'redis';
  /** Resolves once the transport accepted the event. */
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: (payload: unknown) => void): Subscription;
  /** Rejects when the transport cannot carry events now (for /api/v1/health). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    transport: 'in-process',
    async publish(topic, payload) {
      emitter.emit(topic, payload);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return Object.assign(() => void emitter.off(topic, handler), { live: Promise.resolve() });
    },
    async ping() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** The bus config asks for: Redis pub/sub with REDIS_URL, else in-process (one instance only). */
export function createEventBus(config: Pick<Config, 'redis'>, log: FastifyBaseLogger): EventBus {
  return config.redis
    ? createRedisBus({ url: config.redis.url, channelPrefix: `${config.redis.prefix}bus:`, log })
    : createLocalBus();
}
