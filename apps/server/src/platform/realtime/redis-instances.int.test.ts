import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { closedPort } from '../scanner/clamd.test-server.js';
import { inspectRedis, testRedisUrl, uniqueRedisPrefix } from './redis.test-support.js';

interface Health {
  healthy: boolean;
  parts: { name: string; ok: boolean; detail?: string }[];
}
const healthOf = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
  return { status: res.statusCode, body: res.json<Health>() };
};
/** A rate-limited call (AUTH_RATE_LIMIT_PER_MINUTE) from one client address. */
const startSignIn = (t: TestApp, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/start',
    remoteAddress,
    payload: { app: 'PROVIDER_WEB', email: 'someone@example.test' },
  });

describe('an instance whose REDIS_URL does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, AUTH_RATE_LIMIT_PER_MINUTE: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 naming realtime, and only realtime', async () => {
    const { status, body } = await healthOf(t);
    expect(status).toBe(503);
    expect(body.parts.find((p) => p.name === 'realtime')).toEqual({
      name: 'realtime',
      ok: false,
      detail: 'redis not answering: live updates are not delivered',
    });
    expect(body.parts.filter((p) => !p.ok).map((p) => p.name)).toEqual(['realtime']);
  });

  it('still lets people sign in: limits cannot be counted, so they are not enforced', async () => {
    for (let i = 0; i < 2; i++) expect((await startSignIn(t, '10.9.0.1')).statusCode).toBe(200);
  });
});

describe.runIf(testRedisUrl)('two instances sharing a real Redis', () => {
  const prefix = uniqueRedisPrefix();
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: testRedisUrl!, REDIS_PREFIX: prefix, AUTH_RATE_LIMIT_PER_MINUTE: '3' };
    [first, second] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await inspectRedis().cleanUp(prefix);
  });

  it('report Redis as their healthy real-time transport', async () => {
    for (const t of [first, second]) {
      const { status, body } = await healthOf(t);
      expect(status).toBe(200);
      expect(body.parts.find((p) => p.name === 'realtime')).toEqual({ name: 'realtime', ok: true, detail: 'redis' });
    }
  });

  it('count a client’s requests to both against one limit', async () => {
    expect((await startSignIn(first, '10.9.0.2')).statusCode).toBe(200);
    expect((await startSignIn(second, '10.9.0.2')).statusCode).toBe(200);
    expect((await startSignIn(first, '10.9.0.2')).statusCode).toBe(200);
    // The fourth request within the minute, the second to this instance.
    const refused = await startSignIn(second, '10.9.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await startSignIn(first, '10.9.0.2')).statusCode).toBe(429);
    // Another client has its own count.
    expect((await startSignIn(second, '10.9.0.3')).statusCode).toBe(200);
  });
});
