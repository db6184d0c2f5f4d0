import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingLog } from '../jobs/log.test-support.js';
import type { ChatPresence } from './presence.js';
import { createRedisChatPresence, type RedisChatPresenceOptions } from './presence-redis.js';
import { inspectRedis, testRedisUrl, uniqueRedisPrefix } from './redis.test-support.js';

describe.runIf(testRedisUrl)('chat presence shared through Redis (real Redis)', () => {
  let prefix: string;
  let inspector: ReturnType<typeof inspectRedis>;
  const opened: ChatPresence[] = [];
  /** One server instance's presence store. */
  const instance = (options: Partial<RedisChatPresenceOptions> = {}) => {
    const presence = createRedisChatPresence({
      url: testRedisUrl!,
      keyPrefix: prefix,
      log: recordingLog(),
      ...options,
    });
    opened.push(presence);
    return presence;
  };

  beforeEach(() => {
    prefix = uniqueRedisPrefix();
    inspector = inspectRedis();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((p) => p.close()));
    await inspector.cleanUp(prefix);
  });

  it('shows every instance the participants connected to any instance', async () => {
    const a = instance();
    const b = instance();
    await a.add(1, 'c1', 7);
    // The same connection id on another instance is another connection.
    await b.add(1, 'c1', 3);
    await b.add(2, 'c2', 7);
    for (const presence of [a, b]) {
      expect(await presence.online(1)).toEqual([3, 7]);
      expect(await presence.online(2)).toEqual([7]);
      expect(await presence.isOnline(1, 3)).toBe(true);
      expect(await presence.isOnline(2, 3)).toBe(false);
    }
  });

  it('keeps a participant online until their last connection, on whichever instance, goes', async () => {
    const a = instance();
    const b = instance();
    await a.add(1, 'phone', 7);
    await b.add(1, 'desktop', 7);
    await a.remove(1, 'phone');
    expect(await b.isOnline(1, 7)).toBe(true);
    await b.remove(1, 'desktop');
    expect(await a.isOnline(1, 7)).toBe(false);
    expect(await a.online(1)).toEqual([]);
  });

  it('shares which connections are in the background, and keeps the mark through a write-back', async () => {
    const a = instance({ heartbeatEveryMs: 100 });
    const b = instance();
    await a.add(1, 'phone', 7);
    await b.add(1, 'desktop', 7);
    await b.add(1, 'c3', 8);
    await a.setBackground(1, 'phone', true);
    expect(await b.inForeground(1)).toEqual([7, 8]);
    await b.setBackground(1, 'desktop', true);
    expect(await a.inForeground(1)).toEqual([8]);
    expect(await a.online(1)).toEqual([7, 8]);
    await b.remove(1, 'desktop');
    // Gone meanwhile: not written back by a late background mark.
    await b.setBackground(1, 'desktop', false);
    expect(await a.inForeground(1)).toEqual([8]);
    const heartbeats = await inspector.redis.keys(`${prefix}instance:*`);
    await inspector.redis.del(`${prefix}chat:1`, ...heartbeats);
    await vi.waitFor(async () => expect(await b.online(1)).toEqual([7]), { timeout: 3000, interval: 50 });
    expect(await b.inForeground(1)).toEqual([]);
  });

  it('takes only the closing instance’s connections out', async () => {
    const a = instance();
    const b = instance();
    await a.add(1, 'c1', 7);
    await a.add(2, 'c2', 7);
    await b.add(1, 'c3', 8);
    await a.close();
    expect(await b.online(1)).toEqual([8]);
    expect(await b.online(2)).toEqual([]);
  });

  it('drops the participants of an instance that stops heartbeating (a crash) once its heartbeat expires', async () => {
    // A heartbeat that lives 300 ms and is never refreshed in this test: the instance went silent.
    const crashed = instance({ heartbeatTtlMs: 300, heartbeatEveryMs: 60_000 });
    const survivor = instance();
    await crashed.add(1, 'c1', 7);
    await survivor.add(1, 'c2', 8);
    expect(await survivor.online(1)).toEqual([7, 8]);
    await vi.waitFor(async () => expect(await survivor.online(1)).toEqual([8]), { timeout: 3000, interval: 50 });
    // The reader cleaned the dead entry up rather than skipping it on every read.
    expect(await inspector.redis.hlen(`${prefix}chat:1`)).toBe(1);
  });

  it('writes a live instance’s connections back when it finds its heartbeat had lapsed', async () => {
    const a = instance({ heartbeatEveryMs: 100 });
    const b = instance();
    await a.add(1, 'c1', 7);
    // What a Redis outage longer than the TTL leaves: heartbeat expired, entries cleaned by a reader.
    const heartbeats = await inspector.redis.keys(`${prefix}instance:*`);
    await inspector.redis.del(`${prefix}chat:1`, ...heartbeats);
    await vi.waitFor(async () => expect(await b.online(1)).toEqual([7]), { timeout: 3000, interval: 50 });
  });
});
