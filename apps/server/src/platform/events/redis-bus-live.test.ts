import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingLog } from '../jobs/log.test-support.js';
import { inspectRedis, testRedisUrl, uniqueRedisPrefix } from '../realtime/redis.test-support.js';
import { closedPort } from '../scanner/clamd.test-server.js';
import type { EventBus } from './bus.js';
import { createRedisBus } from './redis-bus.js';

describe('the Redis bus when Redis is not there', () => {
  it('fails its health ping within about a second and closes without waiting', async () => {
    const bus = createRedisBus({
      url: `redis://127.0.0.1:${await closedPort()}`,
      channelPrefix: uniqueRedisPrefix(),
      log: recordingLog(),
    });
    const started = Date.now();
    await expect(bus.ping()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1500);
    await bus.close();
  });
});

describe.runIf(testRedisUrl)('the Redis bus (real Redis)', () => {
  let prefix: string;
  let instanceA: EventBus;
  let instanceB: EventBus;
  let inspector: ReturnType<typeof inspectRedis>;
  const open = () => createRedisBus({ url: testRedisUrl!, channelPrefix: prefix, log: recordingLog() });
  /** How many connections listen to a topic: each instance should count once. */
  const listeningInstances = async (topic: string) => {
    const [, count] = (await inspector.redis.pubsub('NUMSUB', prefix + topic)) as [string, number];
    return count;
  };

  beforeEach(() => {
    prefix = uniqueRedisPrefix();
    instanceA = open();
    instanceB = open();
    inspector = inspectRedis();
  });
  afterEach(async () => {
    await Promise.all([instanceA.close(), instanceB.close()]);
    await inspector.cleanUp(prefix);
  });

  it('delivers an event to the handlers of every instance, the publisher’s own included, exactly once', async () => {
    const heardOnA: unknown[] = [];
    const heardOnB: unknown[] = [];
    await instanceA.subscribe('CHAT', (p) => heardOnA.push(p)).live;
    await instanceB.subscribe('CHAT', (p) => heardOnB.push(p)).live;

    await instanceA.publish('CHAT', { chatId: 4, text: 'Hello', sentAt: 1_700_000_000_000 });
    // Redis keeps the order of one publisher's events: once the second has arrived, a duplicate of
    // the first would have too.
    await instanceA.publish('CHAT', 'after');
    await vi.waitFor(() => {
      expect(heardOnA).toHaveLength(2);
      expect(heardOnB).toHaveLength(2);
    });
    expect(heardOnA).toEqual([{ chatId: 4, text: 'Hello', sentAt: 1_700_000_000_000 }, 'after']);
    expect(heardOnB).toEqual(heardOnA);
  });

  it('keeps topics apart and carries a payload-less event as null', async () => {
    const chat: unknown[] = [];
    const referrals: unknown[] = [];
    await instanceB.subscribe('CHAT', (p) => chat.push(p)).live;
    await instanceB.subscribe('REFERRAL_CHANGED', (p) => referrals.push(p)).live;
    await instanceA.publish('REFERRAL_CHANGED', undefined);
    await vi.waitFor(() => expect(referrals).toEqual([null]));
    expect(chat).toEqual([]);
  });

  it('subscribes each topic on Redis once per instance, however many handlers listen', async () => {
    const heard: string[] = [];
    const first = instanceA.subscribe('CHAT', () => heard.push('first'));
    const second = instanceA.subscribe('CHAT', () => heard.push('second'));
    await Promise.all([first.live, second.live]);
    await instanceB.subscribe('CHAT', () => heard.push('on B')).live;
    expect(await listeningInstances('CHAT')).toBe(2);

    await instanceB.publish('CHAT', 1);
    await vi.waitFor(() => expect(heard.sort()).toEqual(['first', 'on B', 'second']));

    first();
    expect(await listeningInstances('CHAT')).toBe(2);
    second();
    await vi.waitFor(async () => expect(await listeningInstances('CHAT')).toBe(1));
  });

  it('stops delivering to a handler once it unsubscribes, and can subscribe again', async () => {
    const heardOnA: unknown[] = [];
    const heardOnB: unknown[] = [];
    await instanceA.subscribe('CHAT', (p) => heardOnA.push(p)).live;
    const unsubscribeB = instanceB.subscribe('CHAT', (p) => heardOnB.push(p));
    await unsubscribeB.live;
    unsubscribeB();
    await vi.waitFor(async () => expect(await listeningInstances('CHAT')).toBe(1));

    await instanceA.publish('CHAT', 'unheard on B');
    await vi.waitFor(() => expect(heardOnA).toEqual(['unheard on B']));
    expect(heardOnB).toEqual([]);

    await instanceB.subscribe('CHAT', (p) => heardOnB.push(p)).live;
    await instanceA.publish('CHAT', 'heard again');
    await vi.waitFor(() => expect(heardOnB).toEqual(['heard again']));
  });

  it('keeps delivering to the other handlers when one throws', async () => {
    const log = recordingLog();
    const bus = createRedisBus({ url: testRedisUrl!, channelPrefix: prefix, log });
    try {
      const heard: unknown[] = [];
      await bus.subscribe('CHAT', () => {
        throw new Error('handler bug');
      }).live;
      await bus.subscribe('CHAT', (p) => heard.push(p)).live;
      await instanceA.publish('CHAT', 'still delivered');
      await vi.waitFor(() => expect(heard).toEqual(['still delivered']));
      expect(log.lines.some((l) => l.level === 'error' && l.msg === 'bus: an event handler failed')).toBe(true);
    } finally {
      await bus.close();
    }
  });

  it('answers its health ping, while listening too, and refuses to publish once closed', async () => {
    await expect(instanceA.ping()).resolves.toBeUndefined();
    await instanceA.subscribe('CHAT', () => {}).live;
    await expect(instanceA.ping()).resolves.toBeUndefined();
    await instanceA.close();
    await expect(instanceA.publish('CHAT', 1)).rejects.toThrow();
  });
});
