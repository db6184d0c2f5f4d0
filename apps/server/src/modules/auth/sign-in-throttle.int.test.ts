import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createTestClock } from '../../test/clock.js';
import { TestClient, lastCode } from '../../test/client.js';
import { TEST_PASSWORD, createUser } from '../../test/factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { authFlows } from './auth.table.js';
import { DEVICE_COOKIE } from './device-cookie.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

let lastOctet = 0;
/** A browser at an address of its own (unless given one), with no cookies yet. */
function browser(ip = `203.0.113.${(lastOctet += 1)}`) {
  const c = new TestClient(t.app);
  c.ip = ip;
  return c;
}

const retryAfter = (res: { headers: Record<string, unknown> }) => res.headers['retry-after'];

async function wrongPasswords(c: TestClient, email: string, n: number) {
  for (let i = 0; i < n; i++) expect((await c.signIn(email, `wrong-password-${i}`)).statusCode).toBe(451);
}

/** The e-mailed reset code flow, start to finish, from `c`. */
async function resetPassword(c: TestClient, email: string, password: string) {
  await c.csrf();
  const { uuid } = (await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', email, isPasswordReset: true })).json();
  const code = await c.post(`/api/v1/auth/${uuid}`, { step: 'EMAIL_CODE', value: await lastCode(t.db, email) });
  expect(code.json()).toEqual({ status: 'PENDING', nextStep: 'SET_NEW_PASSWORD' });
  return c.post(`/api/v1/auth/${uuid}`, { step: 'SET_NEW_PASSWORD', value: password });
}

async function phoneSignIn(c: TestClient, phone: string) {
  await c.csrf();
  const { uuid } = (await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', phone })).json();
  return c.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: await lastCode(t.db, phone) });
}

const auditRows = (userId: number, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, userId), eq(auditEvents.action, action)))
    .orderBy(auditEvents.id);

describe("a stranger's wrong passwords (issue 13, point 1)", () => {
  it("hold back only the stranger's client: the owner gets in from their device and from elsewhere, and a reset with the e-mailed code completes", async () => {
    const user = await createUser(t.db);
    const owner = browser();
    expect((await owner.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    expect(owner.cookies.get(DEVICE_COOKIE)).toBeTruthy();

    const attacker = browser();
    await wrongPasswords(attacker, user.email!, 5);
    const held = await attacker.signIn(user.email!, TEST_PASSWORD);
    expect(held.statusCode).toBe(458);
    expect(retryAfter(held)).toBe('60');
    expect(held.json()).toEqual({
      statusCode: 458,
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
      message: 'Too many attempts with a wrong password. Try again in 1 minute.',
    });

    // The owner's device cookie counts on its own, even from the attacker's very address.
    owner.ip = attacker.ip;
    expect((await owner.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await browser().signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await phoneSignIn(browser(), user.phone!)).statusCode).toBe(200);
    expect((await resetPassword(browser(), user.email!, 'a-new-password-1')).json()).toEqual({ status: 'COMPLETE' });
    expect((await browser().signIn(user.email!, 'a-new-password-1')).statusCode).toBe(200);
    // The attacker's client still waits, whatever the password…
    expect((await attacker.signIn(user.email!, 'a-new-password-1')).statusCode).toBe(458);
    // …but even there the right e-mailed code completes a reset: it proves the mailbox, not a guess.
    expect((await resetPassword(attacker, user.email!, 'a-new-password-2')).json()).toEqual({ status: 'COMPLETE' });
    expect((await owner.signIn(user.email!, 'a-new-password-2')).statusCode).toBe(200);
  });

  it('makes the client wait longer after each further failure: 1 minute, then doubling up to 15; a success starts it over', async () => {
    const user = await createUser(t.db);
    const c = browser();
    await wrongPasswords(c, user.email!, 5);
    const waits: unknown[] = [];
    for (const ms of [60_000, 120_000, 240_000, 480_000, 900_000]) {
      const held = await c.signIn(user.email!, TEST_PASSWORD);
      expect(held.statusCode).toBe(458);
      waits.push(retryAfter(held));
      clock.advance(ms - 30_000);
      const soon = await c.signIn(user.email!, 'wrong-password-x');
      expect(soon.statusCode).toBe(458);
      expect(retryAfter(soon)).toBe('30');
      expect(soon.json().message).toBe('Too many attempts with a wrong password. Try again in 30 seconds.');
      clock.advance(30_000);
      expect((await c.signIn(user.email!, 'wrong-password-y')).statusCode).toBe(451);
    }
    expect(waits).toEqual(['60', '120', '240', '480', '900']);
    const capped = await c.signIn(user.email!, TEST_PASSWORD);
    expect(retryAfter(capped)).toBe('900');
    expect(capped.json().message).toBe('Too many attempts with a wrong password. Try again in 15 minutes.');

    clock.advance(900_000);
    expect((await c.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    await wrongPasswords(c, user.email!, 5);
    expect(retryAfter(await c.signIn(user.email!, TEST_PASSWORD))).toBe('60');

    // A day without a failure forgets the count, success or not.
    clock.advance(24 * 60 * 60_000 + 60_000);
    await wrongPasswords(c, user.email!, 4);
    expect((await c.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('records each attempt it holds back, with the address, agent and app', async () => {
    const user = await createUser(t.db);
    const c = browser();
    c.userAgent = 'Attacker agent';
    await wrongPasswords(c, user.email!, 5);
    expect((await c.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(458);
    expect(await auditRows(user.id, 'auth.sign_in_failed')).toHaveLength(5);
    const [row] = await auditRows(user.id, 'auth.sign_in_throttled');
    expect(row).toMatchObject({
      ip: c.ip,
      userAgent: 'Attacker agent',
      details: {
        app: 'PROVIDER_WEB',
        flow: 'PASSWORD',
        reason: 'password',
        retryAfterSeconds: 60,
        scope: 'client',
        client: 'address',
      },
    });
  });

  it('throttles an unknown e-mail exactly like a real one, so the answers tell nothing', async () => {
    const user = await createUser(t.db);
    const c = browser();
    await wrongPasswords(c, user.email!, 5);
    await wrongPasswords(c, 'nobody-here@example.test', 5);
    const real = await c.signIn(user.email!, 'wrong-password-6');
    const unknown = await c.signIn('nobody-here@example.test', 'wrong-password-6');
    expect(real.statusCode).toBe(458);
    expect(unknown.statusCode).toBe(458);
    expect(unknown.json()).toEqual(real.json());
    expect(retryAfter(unknown)).toBe(retryAfter(real));
  });

  it('counts an IPv6 client by its /64, so changing address inside it gains nothing', async () => {
    const user = await createUser(t.db);
    for (let i = 1; i <= 5; i++)
      expect((await browser(`2001:db8:1:2::${i}`).signIn(user.email!, 'wrong-password')).statusCode).toBe(451);
    expect((await browser('2001:db8:1:2:ffff::9').signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(458);
    expect((await browser('2001:db8:1:3::1').signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("slows every client without the device cookie once guessing is spread over 50 addresses, never the owner's device or a code", async () => {
    const user = await createUser(t.db);
    const owner = browser();
    expect((await owner.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 50; i++) {
      expect((await browser(`198.51.100.${i + 1}`).signIn(user.email!, `guess-number-${i}`)).statusCode).toBe(451);
    }
    const fresh = await browser().signIn(user.email!, TEST_PASSWORD);
    expect(fresh.statusCode).toBe(458);
    expect(retryAfter(fresh)).toBe('60');
    expect((await auditRows(user.id, 'auth.sign_in_throttled')).at(-1)!.details).toMatchObject({
      scope: 'account',
      client: 'address',
    });
    expect((await owner.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await phoneSignIn(browser(), user.phone!)).statusCode).toBe(200);
    // Softer than a client's own limit: at most five minutes.
    clock.advance(60_000);
    expect((await browser().signIn(user.email!, 'guess-number-51')).statusCode).toBe(451);
    expect(retryAfter(await browser().signIn(user.email!, TEST_PASSWORD))).toBe('120');
  });

  it('throttles a signed-in password change with the same counts', async () => {
    const user = await createUser(t.db);
    const c = browser();
    expect((await c.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const wrong = await c.put('/api/v1/updatePassword', {
        currentPassword: `wrong-password-${i}`,
        newPassword: 'another-password-1',
      });
      expect(wrong.statusCode).toBe(451);
      expect(wrong.json().message).toBe('Your current password is not right');
    }
    const held = await c.put('/api/v1/updatePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another-password-1',
    });
    expect(held.statusCode).toBe(458);
    expect(retryAfter(held)).toBe('60');
    expect((await browser().signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await auditRows(user.id, 'auth.sign_in_throttled'))[0].details).toMatchObject({
      reason: 'password-change',
      client: 'device',
    });
  });

  it('holds across instances: the counts are in the shared database', async () => {
    const other = await createTestApp({}, { clock, database: t.database });
    try {
      const user = await createUser(t.db);
      const here = browser();
      await wrongPasswords(here, user.email!, 5);
      const there = new TestClient(other.app);
      there.ip = here.ip;
      expect((await there.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(458);
    } finally {
      await other.close();
    }
  });
});

describe('codes', () => {
  const startPhone = async (c: TestClient, phone: string) => {
    await c.csrf();
    return (await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', phone })).json<{ uuid: string }>().uuid;
  };
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('a flow takes five wrong codes, whatever the resends; then it is over and a new one is needed', async () => {
    const user = await createUser(t.db);
    const c = browser();
    const uuid = await startPhone(c, user.phone!);
    const code = await lastCode(t.db, user.phone!);
    for (let i = 0; i < 2; i++)
      expect((await c.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: wrongCode(code) })).statusCode).toBe(
        457,
      );
    clock.advance(31_000);
    expect((await c.get(`/api/v1/auth/${uuid}/resend`)).statusCode).toBe(200);
    const resent = await lastCode(t.db, user.phone!);
    for (let i = 0; i < 2; i++)
      expect((await c.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: wrongCode(resent) })).statusCode).toBe(
        457,
      );
    const last = await c.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: wrongCode(resent) });
    expect(last.statusCode).toBe(456);
    expect(last.json().message).toBe(
      'That code is not right, and that was the last try: start again to get a new code.',
    );
    const late = await c.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: resent });
    expect(late.statusCode).toBe(456);
    expect(late.json().message).toBe('Too many wrong codes: start again to get a new code.');
    expect((await c.get(`/api/v1/auth/${uuid}/resend`)).statusCode).toBe(456);
    expect((await auditRows(user.id, 'auth.sign_in_failed')).filter((r) => r.details?.reason === 'code')).toHaveLength(
      5,
    );

    const again = await startPhone(c, user.phone!);
    expect(
      (await c.post(`/api/v1/auth/${again}`, { step: 'PHONE_CODE', value: await lastCode(t.db, user.phone!) })).json(),
    ).toEqual({ status: 'COMPLETE' });
  });

  it('lets no more than five codes be tried, even all at once', async () => {
    const user = await createUser(t.db);
    const c = browser();
    const uuid = await startPhone(c, user.phone!);
    const code = await lastCode(t.db, user.phone!);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => c.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: wrongCode(code) })),
    );
    expect(answers.filter((r) => r.statusCode === 457)).toHaveLength(4);
    expect(answers.filter((r) => r.statusCode === 456)).toHaveLength(8);
    const [flow] = await t.db.select().from(authFlows).where(eq(authFlows.uuid, uuid));
    expect(flow).toMatchObject({ status: 'FAILED', codeAttempts: 5, codeHash: null });
  });

  it('ends a password reset after five wrong codes, and the same for an unknown address', async () => {
    const user = await createUser(t.db);
    const c = browser();
    await c.csrf();
    for (const email of [user.email!, 'nobody-there@example.test']) {
      const { uuid } = (
        await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', email, isPasswordReset: true })
      ).json();
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await c.post(`/api/v1/auth/${uuid}`, { step: 'EMAIL_CODE', value: '000000' })).statusCode);
      expect(statuses).toEqual([457, 457, 457, 457, 456, 456]);
    }
  });
});

describe('an account an administrator locked', () => {
  it('answers 459 only to the right secret, and records every attempt with address, agent and app', async () => {
    const locked = await createUser(t.db, { lockedAt: new Date() });
    const c = browser();
    c.userAgent = 'Locked-out browser';
    expect((await c.signIn(locked.email!, 'wrong-password-1')).statusCode).toBe(451);
    const right = await c.signIn(locked.email!, TEST_PASSWORD);
    expect(right.statusCode).toBe(459);
    expect(right.json().code).toBe('LOCKED_ACCOUNT');
    expect((await phoneSignIn(c, locked.phone!)).statusCode).toBe(459);
    await c.csrf();
    const { uuid } = (
      await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', email: locked.email, isPasswordReset: true })
    ).json();
    expect(
      (await c.post(`/api/v1/auth/${uuid}`, { step: 'EMAIL_CODE', value: await lastCode(t.db, locked.email!) }))
        .statusCode,
    ).toBe(459);

    const rows = await auditRows(locked.id, 'auth.locked_account_attempt');
    expect(rows.map((r) => [r.details!.flow, r.details!.reason, r.details!.outcome])).toEqual([
      ['PASSWORD', 'password', 'wrong'],
      ['PASSWORD', 'password', 'right'],
      ['PHONE_CODE', 'code', 'right'],
      ['PASSWORD_RESET', 'code', 'right'],
    ]);
    for (const row of rows)
      expect(row).toMatchObject({ ip: c.ip, userAgent: 'Locked-out browser', details: { app: 'PROVIDER_WEB' } });
    expect(await auditRows(locked.id, 'auth.sign_in')).toEqual([]);
  });
});
