import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, lastCode } from '../../test/client.js';
import { createUser } from '../../test/factories.js';
import { eq } from 'drizzle-orm';
import { users } from '../../core/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A fresh, valid US number typed the way people type them, and its E.164 form. */
function newPhone() {
  n += 1;
  const last = String(100 + n).padStart(4, '0');
  return { typed: `(303) 555-${last}`, e164: `+1303555${last}` };
}

function providerBody(overrides: Record<string, unknown> = {}) {
  return {
    email: `provider${++n}@example.test`,
    phone: newPhone().typed,
    password: 'a-long-enough-password',
    firstName: 'Pat',
    lastName: 'Provider',
    role: 'PROVIDER',
    app: 'PROVIDER_WEB',
    termsAccepted: true,
    ...overrides,
  };
}

function patientBody(overrides: Record<string, unknown> = {}) {
  return {
    phone: newPhone().typed,
    firstName: 'Paula',
    lastName: 'Patient',
    dateOfBirth: '07/04/1990',
    addressPlaceId: 'ChIJOwg_06VPwokRYv534QaPC8g',
    termsAccepted: true,
    ...overrides,
  };
}

const signup = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/user/signup', payload: body as object });
const patientSignup = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/patient/signup', payload: body as object });
const outboxFor = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` })).json<
    { channel: string; body: string }[]
  >();

/** Asserts a 400 whose issues include `message` at body.`field`. */
function expectIssue(res: LightMyRequestResponse, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ code: string; issues: { path: (string | number)[]; message: string }[] }>();
  expect(body.code).toBe('BAD_REQUEST');
  expect(body.issues).toContainEqual({ path: ['body', field], message });
}

describe('POST /api/v1/user/signup validation', () => {
  it.each([
    ['password', { password: 'short' }, 'Password must be at least 10 characters'],
    ['password', { password: 'x'.repeat(71) }, 'Password must be at most 70 characters'],
    ['email', { email: 'not-an-address' }, 'Invalid e-mail address'],
    ['phone', { phone: '555-123' }, 'Phone must be at least 8 characters'],
    ['termsAccepted', { termsAccepted: false }, 'You must accept the terms'],
    ['termsAccepted', { termsAccepted: undefined }, 'You must accept the terms'],
    ['role', { role: 'ADMIN' }, 'Role must be PROVIDER, THIRD_PARTY_STAFF or STAFF'],
    ['role', { role: 'THIRD_PARTY_ADMIN' }, 'Role must be PROVIDER, THIRD_PARTY_STAFF or STAFF'],
    ['app', { app: 'PATIENT_MOBILE' }, 'App must be PROVIDER_WEB or PROVIDER_MOBILE'],
    ['app', { app: 'ADMIN_WEB' }, 'App must be PROVIDER_WEB or PROVIDER_MOBILE'],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['firstName', { firstName: undefined }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
  ])('%s: %j → %s', async (field, change, message) => {
    expectIssue(await signup(providerBody(change)), field, message);
  });

  it('accepts passwords of exactly 10 and 70 characters and every allowed role', async () => {
    for (const [password, role] of [
      ['p'.repeat(10), 'STAFF'],
      ['p'.repeat(70), 'THIRD_PARTY_STAFF'],
    ]) {
      const res = await signup(providerBody({ password, role, app: 'PROVIDER_MOBILE' }));
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('keeps only an argon2id hash of the password, never the password itself', async () => {
    const body = providerBody({ password: 'a-password-to-keep-secret' });
    expect((await signup(body)).statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.passwordHash).not.toContain('a-password-to-keep-secret');
  });

  it('lists every problem of a request at once', async () => {
    const res = await signup({ email: 'x', phone: '1', password: '1', role: 'X', app: 'X', termsAccepted: false });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ issues: { path: string[] }[] }>().issues.map((i) => i.path[1]);
    expect(fields).toEqual(
      expect.arrayContaining(['email', 'phone', 'password', 'role', 'app', 'termsAccepted', 'firstName', 'lastName']),
    );
  });

  it('answers ERROR_INVALID_PHONE_NUMBER for 8+ characters that are not a real number', async () => {
    for (const phone of ['12345678', '000-000-0000', 'abcdefghij']) {
      const res = await signup(providerBody({ phone }));
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ERROR_INVALID_PHONE_NUMBER', message: 'Invalid phone number' });
    }
  });

  it('creates nothing when a request is rejected', async () => {
    const body = providerBody();
    expect((await signup({ ...body, termsAccepted: false })).statusCode).toBe(400);
    expect((await signup({ ...body, password: 'short' })).statusCode).toBe(400);
    expect(await outboxFor(body.phone)).toEqual([]);
    // The same e-mail and phone are still free.
    expect((await signup(body)).statusCode).toBe(201);
  });
});

describe('POST /api/v1/patient/signup validation', () => {
  it.each([
    ['dateOfBirth', { dateOfBirth: '1990-07-04' }],
    ['dateOfBirth', { dateOfBirth: '02/30/2020' }],
    ['dateOfBirth', { dateOfBirth: '01/01/2999' }],
    ['dateOfBirth', { dateOfBirth: '7/4/1990' }],
    ['dateOfBirth', { dateOfBirth: undefined }],
  ])('%s %j → the MM/DD/YYYY message', async (field, change) => {
    expectIssue(await patientSignup(patientBody(change)), field, 'Date of birth must be in the format MM/DD/YYYY');
  });

  it.each([
    ['addressPlaceId', { addressPlaceId: '  ' }, 'Address is required'],
    ['addressPlaceId', { addressPlaceId: undefined }, 'Address is required'],
    ['phone', { phone: '1234' }, 'Phone must be at least 8 characters'],
    ['termsAccepted', { termsAccepted: false }, 'You must accept the terms'],
    ['email', { email: 'nope' }, 'Invalid e-mail address'],
    ['firstName', { firstName: '' }, 'First name is required'],
  ])('%s %j → %s', async (field, change, message) => {
    expectIssue(await patientSignup(patientBody(change)), field, message);
  });

  it('answers ERROR_INVALID_PHONE_NUMBER for a number that does not exist', async () => {
    const res = await patientSignup(patientBody({ phone: '12345678' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ERROR_INVALID_PHONE_NUMBER', message: 'Invalid phone number' });
  });
});

describe('taken e-mail or phone', () => {
  it('answers 450 for an e-mail already in use, in any case, and keeps the first account', async () => {
    const first = providerBody({ email: 'Taken.Person@Example.test' });
    expect((await signup(first)).statusCode).toBe(201);
    const second = providerBody({ email: 'taken.PERSON@example.TEST', password: 'a-different-password' });
    const res = await signup(second);
    expect(res.statusCode).toBe(450);
    expect(res.json()).toMatchObject({ code: 'ERROR_OBJECT_EXISTS' });
    // No account was made for the second phone, so it can still sign up.
    expect(await outboxFor(second.phone)).toEqual([]);
    expect((await signup({ ...second, email: 'someone.else@example.test' })).statusCode).toBe(201);
  });

  it('answers 450 for a phone already in use, however it is typed', async () => {
    const phone = newPhone();
    expect((await signup(providerBody({ phone: phone.typed }))).statusCode).toBe(201);
    for (const typed of [phone.e164, phone.e164.slice(2), `1-${phone.e164.slice(2)}`]) {
      const res = await signup(providerBody({ phone: typed }));
      expect(res.statusCode, typed).toBe(450);
      expect(res.json().code).toBe('ERROR_OBJECT_EXISTS');
    }
    const patient = await patientSignup(patientBody({ phone: phone.e164 }));
    expect(patient.statusCode).toBe(450);
    // Only the first signup texted a code.
    expect(await outboxFor(phone.e164)).toHaveLength(1);
  });

  it('answers 450 for the e-mail or phone of an existing (factory) account', async () => {
    const user = await createUser(t.db);
    expect((await signup(providerBody({ email: user.email!.toUpperCase() }))).statusCode).toBe(450);
    expect((await signup(providerBody({ phone: user.phone! }))).statusCode).toBe(450);
  });

  it('lets only one of two simultaneous signups with the same e-mail through', async () => {
    const email = `race${++n}@example.test`;
    const results = await Promise.all([signup(providerBody({ email })), signup(providerBody({ email }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 450]);
  });
});

describe('signing up and verifying the phone', () => {
  it('creates an unverified provider, texts a code and signs in once the code is answered', async () => {
    const phone = newPhone();
    const body = providerBody({ email: 'New.Provider@Example.test', phone: phone.typed });
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    const created = res.json<{ userId: number; verification: { uuid: string; nextStep: string } }>();
    expect(created).toEqual({
      userId: expect.any(Number),
      verification: { uuid: expect.any(String), nextStep: 'PHONE_CODE' },
    });

    const messages = await outboxFor(phone.e164);
    expect(messages).toHaveLength(1);
    expect(messages[0].channel).toBe('sms');
    expect(messages[0].body).toMatch(/\b\d{6}\b/);

    // The password does not work until the phone is verified (the e-mail was lower-cased).
    const early = new TestClient(t.app);
    const refused = await early.signIn('new.provider@example.test', body.password);
    expect(refused.statusCode).toBe(461);
    expect(refused.json().code).toBe('USER_NEEDS_VERIFICATION');

    const browser = new TestClient(t.app);
    const wrong = await browser.post(`/api/v1/auth/${created.verification.uuid}`, {
      step: 'PHONE_CODE',
      value: '000000',
    });
    expect(wrong.statusCode).toBe(457);

    const code = await lastCode(t.db, phone.e164);
    const done = await browser.post(`/api/v1/auth/${created.verification.uuid}`, { step: 'PHONE_CODE', value: code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ status: 'COMPLETE' });
    expect(browser.cookies.has('rw_session')).toBe(true);

    const current = await browser.get('/api/v1/user/current');
    expect(current.statusCode).toBe(200);
    expect(current.json().user).toMatchObject({
      id: created.userId,
      kind: 'PROVIDER',
      email: 'new.provider@example.test',
      phone: phone.e164,
      firstName: 'Pat',
      lastName: 'Provider',
      phoneVerified: true,
    });

    // The same code cannot be used twice.
    const again = await new TestClient(t.app).post(`/api/v1/auth/${created.verification.uuid}`, {
      step: 'PHONE_CODE',
      value: code,
    });
    expect(again.statusCode).toBe(400);

    const later = new TestClient(t.app);
    expect((await later.signIn('NEW.provider@example.test', body.password)).statusCode).toBe(200);
    expect((await later.get('/api/v1/user/current')).json().user.id).toBe(created.userId);
  });

  it('gives a provider who signed up on mobile bearer tokens', async () => {
    const phone = newPhone();
    const res = await signup(providerBody({ phone: phone.typed, app: 'PROVIDER_MOBILE' }));
    const { verification } = res.json<{ verification: { uuid: string } }>();
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/${verification.uuid}`,
      payload: { step: 'PHONE_CODE', value: await lastCode(t.db, phone.e164) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'COMPLETE',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(done.headers['set-cookie'] ?? '').not.toContain('rw_session');
  });

  it('creates a patient who verifies on PATIENT_MOBILE and gets bearer tokens', async () => {
    const phone = newPhone();
    const res = await patientSignup(
      patientBody({ phone: phone.typed, email: 'Patient.One@Example.test', gender: 'FEMALE' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { userId, verification } = res.json<{ userId: number; verification: { uuid: string; nextStep: string } }>();
    expect(verification.nextStep).toBe('PHONE_CODE');

    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/${verification.uuid}`,
      payload: { step: 'PHONE_CODE', value: await lastCode(t.db, phone.e164) },
    });
    expect(done.statusCode, done.body).toBe(200);
    const tokens = done.json<{ status: string; accessToken: string; refreshToken: string }>();
    expect(tokens).toMatchObject({
      status: 'COMPLETE',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });

    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/current',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(current.statusCode).toBe(200);
    expect(current.json().user).toMatchObject({
      id: userId,
      kind: 'PATIENT',
      phone: phone.e164,
      email: 'patient.one@example.test',
      phoneVerified: true,
    });
    expect(current.json().currentPractice).toBeNull();

    // Afterwards the patient signs in with a texted code on the patient app.
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/start',
      payload: { app: 'PATIENT_MOBILE', phone: phone.e164 },
    });
    expect(start.json()).toMatchObject({ nextStep: 'PHONE_CODE' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/${start.json().uuid}`,
      payload: { step: 'PHONE_CODE', value: await lastCode(t.db, phone.e164) },
    });
    expect(again.json()).toMatchObject({ status: 'COMPLETE', accessToken: expect.any(String) });
  });

  it('lets a patient sign up without an e-mail', async () => {
    expect((await patientSignup(patientBody())).statusCode).toBe(201);
    expect((await patientSignup(patientBody())).statusCode).toBe(201);
  });
});
