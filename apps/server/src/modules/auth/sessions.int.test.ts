import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, lastCode } from '../../test/client.js';
import { TEST_PASSWORD, createUser } from '../../test/factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { sessions } from '../../core/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(email: string, agent = 'vitest-browser') {
  const c = new TestClient(t.app);
  c.userAgent = agent;
  expect((await c.signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
  return c;
}

describe('CSRF', () => {
  it('refuses a state-changing cookie request without the matching X-XSRF-TOKEN header', async () => {
    const user = await createUser(t.db);
    const c = await signedIn(user.email!);
    const missing = await c.put('/api/v1/auth/logout', {}, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'CSRF_EXPIRED', message: 'CSRF expired' });
    c.cookies.set('XSRF-TOKEN', 'forged.value');
    expect((await c.put('/api/v1/auth/logout')).statusCode).toBe(403);
    // Still signed in: nothing happened.
    expect((await c.get('/api/v1/user/current')).statusCode).toBe(200);
    await c.csrf();
    expect((await c.put('/api/v1/auth/logout')).statusCode).toBe(200);
  });

  it('answers the earlier csrfToken call and lets bearer callers go without CSRF', async () => {
    const c = new TestClient(t.app);
    expect((await c.get('/api/v1/csrfToken')).json()._csrf).toEqual(expect.any(String));
    const user = await createUser(t.db);
    const mobile = new TestClient(t.app);
    await mobile.signIn(user.email!, TEST_PASSWORD, 'PROVIDER_MOBILE');
    expect((await mobile.put('/api/v1/auth/logout', {}, { csrf: false })).statusCode).toBe(200);
    expect((await mobile.get('/api/v1/user/current')).statusCode).toBe(401);
  });
});

describe('session lifetime', () => {
  it('ends a web session after 30 idle minutes and after 12 hours in all', async () => {
    const user = await createUser(t.db);
    const idle = await signedIn(user.email!);
    const old = await signedIn(user.email!);
    const [a, b] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(sessions.id);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.id, a.id));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.id, b.id));
    expect((await idle.get('/api/v1/user/current')).statusCode).toBe(401);
    expect((await old.get('/api/v1/user/current')).statusCode).toBe(401);
    const res = await (await signedIn(user.email!)).get('/api/v1/user/current');
    expect(res.json().session.idleTimeoutMs).toBe(30 * 60_000);
    expect(res.json().session.expiresAt - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
  });

  it("lists the user's sessions, marks the current one, and ends another at once", async () => {
    const user = await createUser(t.db);
    const laptop = await signedIn(user.email!, 'Laptop browser');
    const phone = await signedIn(user.email!, 'Phone browser');
    const list = (await laptop.get('/api/v1/auth/sessions')).json();
    expect(list).toHaveLength(2);
    const mine = list.find((s: { current: boolean }) => s.current);
    const other = list.find((s: { current: boolean }) => !s.current);
    expect(mine.device).toBe('Laptop browser');
    expect(other).toMatchObject({ device: 'Phone browser', ip: '127.0.0.1', app: 'PROVIDER_WEB' });

    expect((await laptop.delete('/api/v1/auth/sessions', { uuid: other.uuid })).json()).toEqual({ ok: true });
    expect((await phone.get('/api/v1/user/current')).statusCode).toBe(401);
    expect((await laptop.get('/api/v1/auth/sessions')).json()).toHaveLength(1);
    expect((await laptop.delete('/api/v1/auth/sessions', { uuid: other.uuid })).statusCode).toBe(456);
  });

  it("cannot end another user's session", async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const a = await signedIn(alice.email!);
    const b = await signedIn(bob.email!);
    const bobs = (await b.get('/api/v1/auth/sessions')).json()[0].uuid;
    expect((await a.delete('/api/v1/auth/sessions', { uuid: bobs })).statusCode).toBe(456);
    expect((await b.get('/api/v1/user/current')).statusCode).toBe(200);
  });

  it('logs out with either call and clears the session cookie', async () => {
    const user = await createUser(t.db);
    const c = await signedIn(user.email!);
    expect((await c.get('/api/v1/logout')).json()).toEqual({ ok: true });
    expect((await c.get('/api/v1/user/current')).statusCode).toBe(401);
    const d = await signedIn(user.email!);
    await d.put('/api/v1/auth/logout?app=PROVIDER_WEB');
    expect(d.cookies.has('rw_session')).toBe(false);
  });
});

describe('passwords', () => {
  it('changing the password ends every other session of the user and keeps this one', async () => {
    const user = await createUser(t.db);
    const here = await signedIn(user.email!);
    const elsewhere = await signedIn(user.email!);
    const wrong = await here.put('/api/v1/updatePassword', {
      currentPassword: 'nope-nope-nope',
      newPassword: 'a-brand-new-password',
    });
    expect(wrong.statusCode).toBe(451);
    const short = await here.put('/api/v1/updatePassword', { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].message).toBe('Password must be at least 10 characters');

    expect(
      (
        await here.put('/api/v1/updatePassword', {
          currentPassword: TEST_PASSWORD,
          newPassword: 'a-brand-new-password',
        })
      ).statusCode,
    ).toBe(200);
    expect((await here.get('/api/v1/user/current')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/v1/user/current')).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(451);
    expect((await new TestClient(t.app).signIn(user.email!, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('resets a forgotten password by e-mailed code, ends old sessions and signs in', async () => {
    const user = await createUser(t.db);
    const before = await signedIn(user.email!);
    const c = new TestClient(t.app);
    await c.csrf();
    const start = await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', email: user.email, isPasswordReset: true });
    expect(start.json()).toMatchObject({ nextStep: 'EMAIL_CODE' });
    const uuid = start.json().uuid;
    const code = await lastCode(t.db, user.email!);
    expect((await c.post(`/api/v1/auth/${uuid}`, { step: 'EMAIL_CODE', value: code })).json()).toEqual({
      status: 'PENDING',
      nextStep: 'SET_NEW_PASSWORD',
    });
    const weak = await c.post(`/api/v1/auth/${uuid}`, { step: 'SET_NEW_PASSWORD', value: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(
      (await c.post(`/api/v1/auth/${uuid}`, { step: 'SET_NEW_PASSWORD', value: 'reset-password-123' })).json(),
    ).toEqual({ status: 'COMPLETE' });
    expect((await c.get('/api/v1/user/current')).statusCode).toBe(200);
    expect((await before.get('/api/v1/user/current')).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn(user.email!, 'reset-password-123')).statusCode).toBe(200);
  });

  it('supports the earlier passwordReset / resetPassword calls without revealing unknown e-mails', async () => {
    const user = await createUser(t.db);
    const c = new TestClient(t.app);
    const unknown = await c.post('/api/v1/passwordReset', { email: 'ghost@example.test' });
    expect(unknown.statusCode).toBe(200);
    const { uuid } = (await c.post('/api/v1/passwordReset', { email: user.email })).json();
    const code = await lastCode(t.db, user.email!);
    const res = await c.put('/api/v1/resetPassword', { uuid, code, password: 'legacy-reset-pass' });
    expect(res.json()).toEqual({ ok: true });
    expect((await new TestClient(t.app).signIn(user.email!, 'legacy-reset-pass')).statusCode).toBe(200);
  });
});

describe('audit log', () => {
  it('records sign-in, failed sign-in, revocation and sign-out with actor and ip', async () => {
    const user = await createUser(t.db);
    await new TestClient(t.app).signIn(user.email!, 'wrong-password-1');
    const a = await signedIn(user.email!);
    await signedIn(user.email!);
    const other = (await a.get('/api/v1/auth/sessions')).json().find((s: { current: boolean }) => !s.current);
    await a.delete('/api/v1/auth/sessions', { uuid: other.uuid });
    await a.put('/api/v1/auth/logout');
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, user.id)));
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.sign_in_failed', 'auth.sign_in', 'auth.session_revoked', 'auth.sign_out']),
    );
    for (const row of rows) expect(row.ip).toBe('127.0.0.1');
    expect(rows.find((r) => r.action === 'auth.sign_out')!.actorUserId).toBe(user.id);
  });
});
