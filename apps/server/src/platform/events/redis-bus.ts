import type { FastifyBaseLogger } from 'fastify';
import { closeRedis, openRedis, pingRedis } from '../realtime/redis.js';
import type { EventBus, Subscription } from './bus.js';

export interface RedisBusOptions {
  url: string;
  /** Topic T travels on channel `${channelPrefix}T`; deployments sharing a Redis use different prefixes. */
  channelPrefix: string;
  log: FastifyBaseLogger;
}

/** Longest a publish (or health ping) waits for Redis, queued through a reconnect included. */
const COMMAND_TIMEOUT_MS = 2000;
const PING_TIMEOUT_MS = 1000;

interface Listener {
  handler: (payload: unknown) => void;
}

/**
 * The bus over Redis pub/sub, so every instance hears every event. Publishing never delivers
 * locally: the instance's own handlers hear the event when Redis sends it back, like everyone else,
 * so each handler runs once per event. Each channel is subscribed once per instance however many
 * handlers listen, and unsubscribed when the last one goes.
 *
 * Events published while an instance is cut off from Redis do not reach it (pub/sub keeps nothing);
 * clients catch up from the database after a reconnect.
 */
export function createRedisBus({ url, channelPrefix, log }: RedisBusOptions): EventBus {
  const publisher = openRedis(url, 'bus-publish', log, { commandTimeout: COMMAND_TIMEOUT_MS });
  // Without a timeout: SUBSCRIBE waits for Redis however long it is away, and ioredis subscribes
  // again by itself after a reconnect.
  const subscriber = openRedis(url, 'bus-subscribe', log, { maxRetriesPerRequest: null });
  const listeners = new Map<string, Set<Listener>>();
  const liveChannels = new Map<string, Promise<void>>();
  let closing = false;

  subscriber.on('message', (channel: string, message: string) => {
    const listening = listeners.get(channel);
    if (!listening) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (err) {
      log.error({ err, channel }, 'bus: dropped an event that is not JSON');
      return;
    }
    // A copy: a handler may unsubscribe (itself or another) while this loop runs.
    for (const { handler } of [...listening]) {
      try {
        handler(payload);
      } catch (err) {
        log.error({ err, channel }, 'bus: an event handler failed');
      }
    }
  });

  function startListening(channel: string): Promise<void> {
    return subscriber.subscribe(channel).then(
      () => undefined,
      (err: unknown) => {
        if (!closing) log.error({ err, channel }, 'bus: could not subscribe');
      },
    );
  }

  return {
    transport: 'redis',
    async publish(topic, payload) {
      await publisher.publish(channelPrefix + topic, JSON.stringify(payload ?? null));
    },
    subscribe(topic, handler): Subscription {
      const channel = channelPrefix + topic;
      let listening = listeners.get(channel);
      if (!listening) {
        listening = new Set();
        listeners.set(channel, listening);
        liveChannels.set(channel, startListening(channel));
      }
      // One entry per subscription, so the same function subscribed twice is called twice.
      const listener: Listener = { handler };
      listening.add(listener);
      const live = liveChannels.get(channel)!;
      let active = true;
      const unsubscribe = () => {
        if (!active) return;
        active = false;
        listening.delete(listener);
        if (listening.size > 0 || listeners.get(channel) !== listening) return;
        listeners.delete(channel);
        liveChannels.delete(channel);
        subscriber.unsubscribe(channel).catch((err: unknown) => {
          if (!closing) log.warn({ err, channel }, 'bus: could not unsubscribe');
        });
      };
      return Object.assign(unsubscribe, { live });
    },
    async ping() {
      // Both: with only the publisher up, this instance would send events and hear none.
      await Promise.all([pingRedis(publisher, PING_TIMEOUT_MS), pingRedis(subscriber, PING_TIMEOUT_MS)]);
    },
    async close() {
      closing = true;
      listeners.clear();
      liveChannels.clear();
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
