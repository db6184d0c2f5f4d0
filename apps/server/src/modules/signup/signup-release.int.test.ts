import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { UNVERIFIED_SIGNUP_HOLD_MS } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createTestClock } from '../../test/clock.js';
import { TestClient, lastCode } from '../../test/client.js';
import { rolesIn, users } from '../../core/index.js';
import { addMember, createPractice } from '../../test/factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
function person() {
  n += 1;
  const last = String(200 + n).padStart(4, '0');
  return {
    email: `owner${n}@example.test`,
    phone: `(303) 555-${last}`,
    e164: `+1303555${last}`,
    password: 'a-long-enough-password',
    firstName: 'Olive',
    lastName: 'Owner',
    role: 'PROVIDER',
    app: 'PROVIDER_WEB',
    termsAccepted: true,
  };
}

const signup = (body: object) => t.app.inject({ method: 'POST', url: '/api/v1/user/signup', payload: body });
const accountsWith = async (email: string) => t.db.select().from(users).where(eq(users.email, email));
const HOUR = 60 * 60_000;

async function verify(uuid: string, phone: string) {
  const browser = new TestClient(t.app);
  const done = await browser.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: await lastCode(t.db, phone) });
  expect(done.statusCode, done.body).toBe(200);
  return browser;
}

describe('e-mails and phones held by sign-ups that never verified', () => {
  it('are held for 24 hours, each named on its field', async () => {
    const squatter = person();
    expect((await signup(squatter)).statusCode).toBe(201);
    clock.advance(UNVERIFIED_SIGNUP_HOLD_MS - HOUR);

    const res = await signup({ ...person(), email: squatter.email, phone: squatter.phone });
    expect(res.statusCode).toBe(450);
    expect(res.json()).toMatchObject({
      code: 'ERROR_OBJECT_EXISTS',
      message: 'An account with this e-mail or phone number already exists',
      issues: [
        { path: ['body', 'email'], message: 'An account with this e-mail already exists' },
        { path: ['body', 'phone'], message: 'An account with this phone number already exists' },
      ],
    });
    expect(await accountsWith(squatter.email)).toHaveLength(1);
  });

  it('are released after 24 hours: the real owner signs up, verifies and signs in', async () => {
    const squatter = person();
    const stale = (await signup(squatter)).json().userId as number;
    clock.advance(UNVERIFIED_SIGNUP_HOLD_MS + HOUR);

    const owner = { ...person(), email: squatter.email, phone: squatter.phone, firstName: 'Real' };
    const res = await signup(owner);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ userId: number; verification: { uuid: string } }>();
    expect(created.userId).not.toBe(stale);
    expect(await t.db.select().from(users).where(eq(users.id, stale))).toEqual([]);
    const [released] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.unverified_released'), eq(auditEvents.subjectUserId, stale)));
    expect(released).toBeDefined();

    const browser = await verify(created.verification.uuid, squatter.e164);
    expect((await browser.get('/api/v1/user/current')).json().user).toMatchObject({
      id: created.userId,
      firstName: 'Real',
      phoneVerified: true,
    });
  });

  it('releases an account holding only the e-mail, and frees its phone with it', async () => {
    const squatter = person();
    expect((await signup(squatter)).statusCode).toBe(201);
    clock.advance(UNVERIFIED_SIGNUP_HOLD_MS + HOUR);

    expect((await signup({ ...person(), email: squatter.email })).statusCode).toBe(201);
    expect((await signup({ ...person(), phone: squatter.phone })).statusCode).toBe(201);
  });

  it('never releases an account whose phone was verified, however old', async () => {
    const owner = person();
    const created = (await signup(owner)).json();
    await verify(created.verification.uuid, owner.e164);
    clock.advance(UNVERIFIED_SIGNUP_HOLD_MS * 3);

    const res = await signup({ ...person(), email: owner.email });
    expect(res.statusCode).toBe(450);
    expect(res.json().issues).toEqual([
      { path: ['body', 'email'], message: 'An account with this e-mail already exists' },
    ]);
    expect(await accountsWith(owner.email)).toHaveLength(1);
  });

  it('keeps an account that verified late, after the 24 hours but before anyone claimed it', async () => {
    const owner = person();
    expect((await signup(owner)).statusCode).toBe(201);
    clock.advance(UNVERIFIED_SIGNUP_HOLD_MS + HOUR);
    // The owner signs in by phone code, which verifies the phone.
    const late = new TestClient(t.app);
    const start = await late.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', phone: owner.e164 });
    expect(start.statusCode, start.body).toBe(200);
    await verify(start.json().uuid, owner.e164);

    expect((await signup({ ...person(), phone: owner.phone })).statusCode).toBe(450);
    expect(await accountsWith(owner.email)).toHaveLength(1);
  });

  it('keeps an account that proved its e-mail, with its practice, and frees only its phone', async () => {
    const squatter = person();
    const id = (await signup(squatter)).json().userId as number;
    // A password reset by e-mail code proves the e-mail and signs the person in: the account may be in use.
    await t.db.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.id, id));
    const practice = await createPractice(t.db);
    await addMember(t.db, practice.id, id, 'ADMIN');
    clock.advance(UNVERIFIED_SIGNUP_HOLD_MS + HOUR);

    const owner = await signup({ ...person(), phone: squatter.phone });
    expect(owner.statusCode, owner.body).toBe(201);
    const [kept] = await t.db.select().from(users).where(eq(users.id, id));
    expect(kept).toMatchObject({ email: squatter.email, phone: null });
    expect(await rolesIn(t.db, id, practice.id)).toEqual(['ADMIN']);

    const email = await signup({ ...person(), email: squatter.email });
    expect(email.statusCode).toBe(450);
    expect(email.json().issues).toEqual([
      { path: ['body', 'email'], message: 'An account with this e-mail already exists' },
    ]);
  });
});
