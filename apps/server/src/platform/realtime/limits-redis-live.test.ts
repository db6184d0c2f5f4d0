import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingLog } from '../jobs/log.test-support.js';
import { closedPort } from '../scanner/clamd.test-server.js';
import { createRealtimeLimits, type RealtimeLimits } from './limits.js';
import { inspectRedis, testRedisUrl, uniqueRedisPrefix } from './redis.test-support.js';

const opened: RealtimeLimits[] = [];
/** One server instance's limits on `url`. */
function instance(url: string, prefix: string, log = recordingLog()) {
  const limits = createRealtimeLimits({ redis: { url, prefix } }, log, { holderTtlMs: 60_000 });
  opened.push(limits);
  return limits;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((l) => l.close()));
});

const sender = (key: string, limit = 3) => [
  { key, limit },
  { key: 'room', limit: 100 },
];

describe.runIf(testRedisUrl)('realtime limits shared through Redis (real Redis)', () => {
  let prefix: string;
  let inspector: ReturnType<typeof inspectRedis>;
  beforeEach(() => {
    prefix = uniqueRedisPrefix();
    inspector = inspectRedis();
  });
  afterEach(async () => {
    await inspector.cleanUp(prefix);
  });

  it('count events on every instance against one limit, and count a refused one nowhere', async () => {
    const a = instance(testRedisUrl!, prefix);
    const b = instance(testRedisUrl!, prefix);
    expect(await a.flood.take(sender('ann'), 10_000)).toBeNull();
    expect(await b.flood.take(sender('ann'), 10_000)).toBeNull();
    expect(await a.flood.take(sender('ann'), 10_000)).toBeNull();
    expect(await b.flood.take(sender('ann'), 10_000)).toBe('ann');
    expect(await a.flood.take(sender('bob'), 10_000)).toBeNull();
    const [roomKey] = await inspector.redis.keys(`${prefix}*room`);
    expect(await inspector.redis.zcard(roomKey)).toBe(4);
  });

  it('let events through again once the oldest leave the window', async () => {
    const a = instance(testRedisUrl!, prefix);
    for (let i = 0; i < 3; i += 1) expect(await a.flood.take(sender('ann'), 300)).toBeNull();
    expect(await a.flood.take(sender('ann'), 300)).toBe('ann');
    await vi.waitFor(async () => expect(await a.flood.take(sender('ann'), 300)).toBeNull(), {
      timeout: 3000,
      interval: 100,
    });
  });

  it('push out a holder’s oldest connection whichever instance holds it, and forget closed ones', async () => {
    const a = instance(testRedisUrl!, prefix);
    const b = instance(testRedisUrl!, prefix);
    expect(await a.connections.open('ann', 'a1', 2)).toEqual([]);
    expect(await b.connections.open('ann', 'b1', 2)).toEqual([]);
    expect(await b.connections.open('ann', 'b2', 2)).toEqual(['a1']);
    await a.connections.close('ann', 'b1');
    expect(await a.connections.open('ann', 'a2', 2)).toEqual([]);
    expect(await a.connections.open('ann', 'a3', 2)).toEqual(['b2']);
    expect(await a.connections.open('bob', 'a4', 2)).toEqual([]);
  });
});

describe('realtime limits whose Redis does not answer', () => {
  it('count for this instance alone, so a flood still meets a limit and nobody is locked out', async () => {
    const log = recordingLog();
    const cut = instance(`redis://127.0.0.1:${await closedPort()}`, 'rw-test:', log);
    for (let i = 0; i < 3; i += 1) expect(await cut.flood.take(sender('ann'), 10_000)).toBeNull();
    expect(await cut.flood.take(sender('ann'), 10_000)).toBe('ann');
    expect(await cut.connections.open('ann', 'c1', 1)).toEqual([]);
    expect(await cut.connections.open('ann', 'c2', 1)).toEqual(['c1']);
    expect(log.lines.some((l) => l.level === 'warn' || l.level === 'error')).toBe(true);
  });
});
