import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, lastCode, lastMessage } from '../../test/client.js';
import { TEST_PASSWORD, createUser } from '../../test/factories.js';
import { authFlows } from './auth.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const startPhone = (c: TestClient, phone: string, extra: object = {}) =>
  c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', phone, ...extra });

describe('sign-in configuration', () => {
  it('tells each app which steps its default flow takes', async () => {
    const c = new TestClient(t.app);
    const steps = async (body: object) => (await c.post('/api/v1/auth/config', body)).json().steps;
    expect(await steps({ app: 'PROVIDER_WEB' })).toEqual(['EMAIL', 'PASSWORD']);
    expect(await steps({ app: 'PROVIDER_WEB', isPasswordReset: true })).toEqual([
      'EMAIL',
      'EMAIL_CODE',
      'SET_NEW_PASSWORD',
    ]);
    expect(await steps({ app: 'PATIENT_MOBILE' })).toEqual(['PHONE', 'PHONE_CODE']);
    expect((await c.post('/api/v1/auth/config', { app: 'NOPE' })).statusCode).toBe(400);
  });
});

describe('e-mail and password', () => {
  it('signs a provider in with an HttpOnly SameSite session cookie, whatever the e-mail case', async () => {
    const user = await createUser(t.db);
    const c = new TestClient(t.app);
    await c.csrf();
    const start = await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', email: user.email!.toUpperCase() });
    expect(start.json()).toMatchObject({ steps: ['EMAIL', 'PASSWORD'], nextStep: 'PASSWORD' });
    const done = await c.post(`/api/v1/auth/${start.json().uuid}`, { step: 'PASSWORD', value: TEST_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 'COMPLETE' });
    const cookie = String(done.headers['set-cookie'])
      .split(/,(?=\s*\w+=)/)
      .find((h) => h.includes(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await c.get(`/api/v1/auth/${start.json().uuid}`)).json()).toEqual({ status: 'COMPLETE' });
    const me = await c.get('/api/v1/user/current');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(user.email);
  });

  it('leaves the app a readable hint that a session may exist, not after a refusal, and takes it away at sign-out', async () => {
    const user = await createUser(t.db);
    const refused = new TestClient(t.app);
    expect((await refused.signIn(user.email!, 'not-the-password')).statusCode).toBe(451);
    expect(refused.cookies.has(SESSION_HINT_COOKIE)).toBe(false);

    const c = new TestClient(t.app);
    const done = await c.signIn(user.email!, TEST_PASSWORD);
    const hint = String(done.headers['set-cookie'])
      .split(/,(?=\s*\w+=)/)
      .find((h) => h.includes(`${SESSION_HINT_COOKIE}=`))!;
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/Path=\//);
    expect(c.cookies.get(SESSION_HINT_COOKIE)).toBe('1');

    await c.put('/api/v1/auth/logout?app=PROVIDER_WEB');
    expect(c.cookies.has(SESSION_HINT_COOKIE)).toBe(false);
    expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('answers 451 for a wrong password and for an unknown e-mail alike', async () => {
    const user = await createUser(t.db);
    const wrong = await new TestClient(t.app).signIn(user.email!, 'not-the-password');
    const unknown = await new TestClient(t.app).signIn('nobody@example.test', 'not-the-password');
    expect(wrong.statusCode).toBe(451);
    expect(unknown.statusCode).toBe(451);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'BAD_CREDENTIALS', message: 'Incorrect email or password' });
  });

  it('refuses the right password with 458 after five failures in fifteen minutes', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++)
      expect((await new TestClient(t.app).signIn(user.email!, `wrong-${i}-password`)).statusCode).toBe(451);
    const res = await new TestClient(t.app).signIn(user.email!, TEST_PASSWORD);
    expect(res.statusCode).toBe(458);
    expect(res.json().code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
  });

  it('answers 459 for a locked account and 461 for one whose phone is not verified', async () => {
    const locked = await createUser(t.db, { lockedAt: new Date() });
    expect((await new TestClient(t.app).signIn(locked.email!, TEST_PASSWORD)).statusCode).toBe(459);
    const unverified = await createUser(t.db, { phoneVerifiedAt: null });
    const res = await new TestClient(t.app).signIn(unverified.email!, TEST_PASSWORD);
    expect(res.statusCode).toBe(461);
    expect(res.json().code).toBe('USER_NEEDS_VERIFICATION');
  });

  it('refuses an answer for a step other than the next one', async () => {
    const user = await createUser(t.db);
    const c = new TestClient(t.app);
    const { uuid } = (await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', email: user.email })).json();
    const res = await c.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Expected step PASSWORD');
  });

  it('lets only platform admins into the admin app', async () => {
    const staff = await createUser(t.db);
    const admin = await createUser(t.db, { isPlatformAdmin: true });
    expect((await new TestClient(t.app).signIn(staff.email!, TEST_PASSWORD, 'ADMIN_WEB')).statusCode).toBe(451);
    expect((await new TestClient(t.app).signIn(admin.email!, TEST_PASSWORD, 'ADMIN_WEB')).statusCode).toBe(200);
  });

  it('answers 456 for a flow that does not exist or has expired', async () => {
    const user = await createUser(t.db);
    const c = new TestClient(t.app);
    const { uuid } = (await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', email: user.email })).json();
    await t.db
      .update(authFlows)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authFlows.uuid, uuid));
    expect((await c.post(`/api/v1/auth/${uuid}`, { step: 'PASSWORD', value: TEST_PASSWORD })).statusCode).toBe(456);
    expect((await c.get('/api/v1/auth/00000000-0000-4000-8000-000000000000')).statusCode).toBe(456);
  });
});

describe('phone and code', () => {
  it('texts a six-digit code, stored only as a hash, that signs the user in once', async () => {
    const user = await createUser(t.db);
    const c = new TestClient(t.app);
    await c.csrf();
    const start = await startPhone(c, user.phone!.replace('+1', ''));
    expect(start.json()).toMatchObject({ steps: ['PHONE', 'PHONE_CODE'], nextStep: 'PHONE_CODE' });
    const code = await lastCode(t.db, user.phone!);
    expect(code).toMatch(/^\d{6}$/);
    const [flow] = await t.db.select().from(authFlows).where(eq(authFlows.uuid, start.json().uuid));
    expect(flow.codeHash).not.toContain(code);

    expect((await c.get(`/api/v1/auth/${start.json().uuid}`)).json()).toEqual({
      status: 'PENDING',
      nextStep: 'PHONE_CODE',
    });
    const wrong = await c.post(`/api/v1/auth/${start.json().uuid}`, {
      step: 'PHONE_CODE',
      value: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(457);
    const ok = await c.post(`/api/v1/auth/${start.json().uuid}`, { step: 'PHONE_CODE', value: code });
    expect(ok.json()).toEqual({ status: 'COMPLETE' });
    const again = await c.post(`/api/v1/auth/${start.json().uuid}`, { step: 'PHONE_CODE', value: code });
    expect(again.statusCode).toBe(400);
    expect((await c.get('/api/v1/user/current')).statusCode).toBe(200);
  });

  it('refuses a code older than ten minutes', async () => {
    const user = await createUser(t.db);
    const c = new TestClient(t.app);
    const { uuid } = (await startPhone(c, user.phone!)).json();
    const code = await lastCode(t.db, user.phone!);
    await t.db
      .update(authFlows)
      .set({ codeExpiresAt: new Date(Date.now() - 1) })
      .where(eq(authFlows.uuid, uuid));
    const res = await c.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: code });
    expect(res.statusCode).toBe(457);
    expect(res.json().message).toBe('This code has expired. Ask for a new one.');
  });

  it('sends nothing to an unknown number yet answers the same way', async () => {
    const c = new TestClient(t.app);
    const res = await startPhone(c, '+12025559876');
    expect(res.json()).toMatchObject({ nextStep: 'PHONE_CODE' });
    expect(await lastMessage(t.db, '+12025559876')).toBeUndefined();
    expect((await c.post(`/api/v1/auth/${res.json().uuid}`, { step: 'PHONE_CODE', value: '123456' })).statusCode).toBe(
      457,
    );
  });

  it('refuses an invalid phone number with ERROR_INVALID_PHONE_NUMBER', async () => {
    const res = await startPhone(new TestClient(t.app), '12345678');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ERROR_INVALID_PHONE_NUMBER', message: 'Invalid phone number' });
  });

  it('re-sends a new code after a 30 s cooldown, and can call instead of texting', async () => {
    const user = await createUser(t.db);
    const c = new TestClient(t.app);
    const { uuid } = (await startPhone(c, user.phone!, { useCallVerification: true })).json();
    expect((await lastMessage(t.db, user.phone!)).channel).toBe('voice');
    expect((await c.get(`/api/v1/auth/${uuid}/resend`)).statusCode).toBe(429);
    const first = await lastCode(t.db, user.phone!);
    await t.db
      .update(authFlows)
      .set({ codeSentAt: new Date(Date.now() - 31_000) })
      .where(eq(authFlows.uuid, uuid));
    expect((await c.get(`/api/v1/auth/${uuid}/resend`)).json()).toEqual({ ok: true });
    const second = await lastCode(t.db, user.phone!);
    if (first !== second) {
      expect((await c.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: first })).statusCode).toBe(457);
    }
    expect((await c.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: second })).json()).toEqual({
      status: 'COMPLETE',
    });
  });
});

describe('mobile tokens', () => {
  it('gives a mobile app access and refresh tokens that rotate, and revokes the session on reuse', async () => {
    const user = await createUser(t.db);
    const c = new TestClient(t.app);
    const done = await c.signIn(user.email!, TEST_PASSWORD, 'PROVIDER_MOBILE');
    const { accessToken, refreshToken } = done.json();
    expect(accessToken).toBeTruthy();
    expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await c.get('/api/v1/user/current')).statusCode).toBe(200);

    const rotated = await c.post('/api/v1/auth/refresh', { token: refreshToken });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next.refreshToken).not.toBe(refreshToken);
    c.bearer = next.accessToken;
    expect((await c.get('/api/v1/user/current')).statusCode).toBe(200);

    // The old refresh token is replayed: the whole session (every token of it) ends.
    expect((await c.post('/api/v1/auth/refresh', { token: refreshToken })).statusCode).toBe(401);
    expect((await c.get('/api/v1/user/current')).statusCode).toBe(401);
    expect((await c.post('/api/v1/auth/refresh', { token: next.refreshToken })).statusCode).toBe(401);
  });

  it('does not accept a web session token as a bearer token', async () => {
    const user = await createUser(t.db);
    const web = new TestClient(t.app);
    await web.signIn(user.email!, TEST_PASSWORD);
    const thief = new TestClient(t.app);
    thief.bearer = web.cookies.get(SESSION_COOKIE);
    expect((await thief.get('/api/v1/user/current')).statusCode).toBe(401);
  });
});
