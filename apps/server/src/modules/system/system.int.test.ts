import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser } from '../../test/factories.js';
import { startFakeClamd } from '../../platform/scanner/clamd.test-server.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A JSON error in the catalogue's shape, with nothing of the server's insides in it. */
function expectCleanError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ statusCode: status, code, message: expect.any(String) });
  expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['code', 'message', 'statusCode']));
  expect(body).not.toHaveProperty('stack');
  expect(res.body).not.toMatch(
    /\bat .+\(.*:\d+:\d+\)|node_modules|\.ts:\d+|Failed query|\bselect\b.*\bfrom\b|select 1/i,
  );
  return body;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('health', () => {
  it('answers liveness', async () => {
    const res = await get('/api/v1/healthchecks/isHealthy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ healthy: true });
  });

  it('reports every part as healthy', async () => {
    const res = await get('/api/v1/health');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ healthy: boolean; parts: { name: string; ok: boolean; detail?: string }[] }>();
    expect(body.healthy).toBe(true);
    expect(body.parts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['database', 'email', 'sms', 'scanner', 'realtime']),
    );
    expect(body.parts.every((p) => p.ok)).toBe(true);
    // Without SMTP and an SMS provider nothing really goes out, and the report says so.
    expect(body.parts.find((p) => p.name === 'email')!.detail).toMatch(/outbox/);
    expect(body.parts.find((p) => p.name === 'scanner')!.detail).toBe(
      'disabled: files are marked clean without scanning',
    );
    // Without REDIS_URL events stay in this process, which is only right for a single instance.
    expect(body.parts.find((p) => p.name === 'realtime')!.detail).toBe('in-process: one instance only');
  });

  it('answers 503 naming the database once it is gone, and requests needing it fail cleanly', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const res = await broken.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      const body = res.json<{ healthy: boolean; parts: { name: string; ok: boolean }[] }>();
      expect(body.healthy).toBe(false);
      expect(body.parts.find((p) => p.name === 'database')).toEqual({
        name: 'database',
        ok: false,
        detail: 'not answering',
      });
      expect(body.parts.filter((p) => !p.ok).map((p) => p.name)).toEqual(['database']);
      expect((await broken.app.inject({ method: 'GET', url: '/api/v1/healthchecks/isHealthy' })).statusCode).toBe(200);

      const signIn = await broken.app.inject({
        method: 'POST',
        url: '/api/v1/auth/start',
        payload: { app: 'PROVIDER_WEB', email: 'someone@example.test' },
      });
      const error = expectCleanError(signIn, 500, 'INTERNAL');
      expect(error.message).toBe('Internal server error');
    } finally {
      await broken.close();
    }
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document with the sign-in paths', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/auth/start']).toHaveProperty('post');
    expect(doc.paths['/api/v1/auth/{uuid}']).toHaveProperty('post');
    expect(doc.paths['/api/v1/auth/{uuid}']).toHaveProperty('get');
    expect(doc.paths['/api/v1/user/signup']).toHaveProperty('post');
    expect(doc.paths['/api/v1/user/current']).toHaveProperty('get');
    // Nothing about stored rows leaks into the documented user.
    expect(JSON.stringify(doc)).not.toMatch(/passwordHash|password_hash/);
  });

  it('serves a documentation page whose scripts load', async () => {
    const res = await get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...res.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect((await get(src)).statusCode, src).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const body = expectCleanError(await get('/api/v1/no/such/thing?x=1'), 404, 'NOT_FOUND');
    expect(body.message).toBe('No route GET /api/v1/no/such/thing');
    expectCleanError(await t.app.inject({ method: 'DELETE', url: '/api/v1/health' }), 404, 'NOT_FOUND');
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/start',
      payload: '{"app": "PROVIDER_WEB",',
      headers: { 'content-type': 'application/json' },
    });
    expectCleanError(res, 400, 'BAD_REQUEST');
  });

  it('answers a body of the wrong type with a JSON 400 listing the issue', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/start',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(expectCleanError(res, 400, 'BAD_REQUEST').issues).toEqual([{ path: ['body'], message: expect.any(String) }]);
  });

  it('answers a value the database cannot store with a JSON 400, not a 500', async () => {
    expectCleanError(await get('/api/v1/dev/outbox?to=%00'), 400, 'BAD_REQUEST');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/signup',
      payload: {
        email: 'nul.byte@example.test',
        phone: '+13035550444',
        password: 'a-long-enough-password',
        firstName: 'Nul\u0000',
        lastName: 'Byte',
        role: 'PROVIDER',
        app: 'PROVIDER_WEB',
        termsAccepted: true,
      },
    });
    expectCleanError(res, 400, 'BAD_REQUEST');
  });

  it('answers a body over the configured limit with a JSON 413', async () => {
    const small = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
    try {
      const payload = { app: 'PROVIDER_WEB', email: 'a@example.test', previousToken: 'x'.repeat(4096) };
      const res = await small.app.inject({ method: 'POST', url: '/api/v1/auth/start', payload });
      const body = expectCleanError(res, 413, 'PAYLOAD_TOO_LARGE');
      expect(body.message).toBe('Request body is too large');
      const fits = await small.app.inject({
        method: 'POST',
        url: '/api/v1/auth/start',
        payload: { ...payload, previousToken: 'x' },
      });
      expect(fits.statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('sets the security headers on pages, JSON and errors', async () => {
    for (const res of [await get('/api/v1/health'), await get('/api/nope'), await get('/api/docs')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp).toContain("default-src 'self'");
      expect(Boolean(res.headers['x-frame-options']) || /frame-ancestors/.test(csp)).toBe(true);
    }
  });
});

describe('rate limits', () => {
  it('answers 429 past AUTH_RATE_LIMIT_PER_MINUTE on sign-in start and on signup, per client', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const start = (remoteAddress = '10.0.0.1') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/start',
          remoteAddress,
          payload: { app: 'PROVIDER_WEB', email: 'x@example.test' },
        });
      for (let i = 0; i < 3; i++) expect((await start()).statusCode).toBe(200);
      const refused = await start();
      const body = expectCleanError(refused, 429, 'TOO_MANY_REQUESTS');
      expect(body.message).toBe('Too many requests, try again later');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not affected.
      expect((await start('10.0.0.2')).statusCode).toBe(200);

      const signup = () =>
        limited.app.inject({ method: 'POST', url: '/api/v1/user/signup', remoteAddress: '10.0.0.3', payload: {} });
      for (let i = 0; i < 3; i++) expect((await signup()).statusCode).toBe(400);
      expectCleanError(await signup(), 429, 'TOO_MANY_REQUESTS');
      // Routes without a limit keep answering.
      expect(
        (await limited.app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.0.0.3' })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('development outbox', () => {
  type Message = { id: number; channel: string; to: string; subject: string | null; body: string; createdAt: number };
  const outbox = async (query = '') => {
    const res = await get(`/api/v1/dev/outbox${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Message[]>();
  };

  it('lists messages newest first and filters by recipient', async () => {
    const user = await createUser(t.db, { phone: '+13035550501', email: 'outbox.user@example.test' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/start',
      payload: { app: 'PROVIDER_WEB', phone: user.phone },
    });
    await t.app.inject({ method: 'POST', url: '/api/v1/passwordReset', payload: { email: user.email } });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/start',
      payload: { app: 'PROVIDER_WEB', phone: user.phone },
    });

    const all = await outbox();
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => b - a));
    expect(all[0]).toMatchObject({ channel: 'sms', to: '+13035550501', subject: null });
    expect(all[1]).toMatchObject({ channel: 'email', to: 'outbox.user@example.test', subject: expect.any(String) });
    expect(all[0].createdAt).toBeGreaterThanOrEqual(all[1].createdAt);

    for (const typed of ['+13035550501', '%2B13035550501', '13035550501', '3035550501', '(303)%20555-0501']) {
      const texts = await outbox(`?to=${typed}`);
      expect(texts, typed).toHaveLength(2);
      expect(
        texts.every((m) => m.to === '+13035550501'),
        typed,
      ).toBe(true);
      expect(texts[0].id).toBeGreaterThan(texts[1].id);
    }
    expect(await outbox('?to=Outbox.User@Example.test')).toHaveLength(1);
    expect(await outbox('?to=nobody@example.test')).toEqual([]);
    expect(await outbox('?limit=1')).toHaveLength(1);
    expect((await get('/api/v1/dev/outbox?limit=0')).statusCode).toBe(400);
  });

  it('finds texts to an international number typed with or without +', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/signup',
      payload: {
        email: 'uk.provider@example.test',
        phone: '+44 20 7946 0958',
        password: 'a-long-enough-password',
        firstName: 'Uk',
        lastName: 'Provider',
        role: 'PROVIDER',
        app: 'PROVIDER_WEB',
        termsAccepted: true,
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    for (const typed of ['+442079460958', '%2B442079460958', '442079460958']) {
      const texts = await outbox(`?to=${typed}`);
      expect(texts, typed).toHaveLength(1);
      expect(texts[0].to).toBe('+442079460958');
    }
  });

  const asIfAbsent = (res: LightMyRequestResponse) => {
    expect(expectCleanError(res, 404, 'NOT_FOUND')).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'No route GET /api/v1/dev/outbox',
    });
  };
  const from = (remoteAddress: string, headers: Record<string, string> = {}, app = t.app) =>
    app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=%2B13035550501', remoteAddress, headers });

  it('answers only a browser on the server’s own machine; to anyone else it is not there', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect((await from(address)).statusCode, address).toBe(200);
    for (const address of ['203.0.113.9', '10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', 'fe80::1'])
      asIfAbsent(await from(address));
    // A proxy on the same machine connects from loopback: what it relays is not from here.
    asIfAbsent(await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }));
    asIfAbsent(await from('127.0.0.1', { forwarded: 'for=203.0.113.9' }));
    asIfAbsent(await from('::1', { 'x-real-ip': '203.0.113.9' }));
  });

  it('behind a trusted proxy, still judges the connection and not the address a client claims', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      asIfAbsent(await from('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }, proxied.app));
      asIfAbsent(await from('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }, proxied.app));
    } finally {
      await proxied.close();
    }
  });

  it('answers anyone when DEV_OUTBOX=true says so', async () => {
    const shared = await createTestApp({ DEV_OUTBOX: 'true' });
    try {
      const res = await from('203.0.113.9', { 'x-forwarded-for': '198.51.100.4' }, shared.app);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    } finally {
      await shared.close();
    }
  });

  it('does not exist in production', async () => {
    const clamd = await startFakeClamd();
    const production = await createTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
      APP_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      PUBLIC_URL: 'http://localhost:3000',
      // Never contacted: nothing in this test sends a message.
      SMTP_URL: 'smtp://127.0.0.1:9',
      SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
      CLAMD_HOST: '127.0.0.1',
      CLAMD_PORT: String(clamd.port),
    });
    try {
      expectCleanError(await production.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' }), 404, 'NOT_FOUND');
      const health = await production.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(200);
      const parts = health.json<{ parts: { name: string; detail?: string }[] }>().parts;
      expect(parts.find((p) => p.name === 'email')!.detail).toBe('smtp');
      expect(parts.find((p) => p.name === 'sms')!.detail).toBe('provider webhook');
      expect(parts.find((p) => p.name === 'scanner')!.detail).toBe('clamd');
      // A single production instance needs no Redis; health says what it runs on and stays ok.
      expect(parts.find((p) => p.name === 'realtime')!.detail).toBe('in-process: one instance only');
    } finally {
      await production.close();
      await clamd.close();
    }
  });
});
