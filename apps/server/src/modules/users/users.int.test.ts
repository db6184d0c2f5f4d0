import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, lastCode } from '../../test/client.js';
import { TEST_PASSWORD, addMember, createPractice, createUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A provider in two practices (Alpha, Beta) plus a practice they are not in, signed in on the web. */
async function signedInMember() {
  const user = await createUser(t.db);
  const alpha = await createPractice(t.db, { name: `Alpha ${user.id}` });
  const beta = await createPractice(t.db, { name: `Beta ${user.id}` });
  const other = await createPractice(t.db, { name: `Other ${user.id}` });
  await addMember(t.db, beta.id, user.id, 'STAFF');
  await addMember(t.db, alpha.id, user.id, 'PROVIDER');
  await addMember(t.db, alpha.id, user.id, 'ADMIN');
  const client = new TestClient(t.app);
  const res = await client.signIn(user.email!, TEST_PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return { user, alpha, beta, other, client };
}

describe('GET /api/v1/user/current', () => {
  it('answers 401 when signed out', async () => {
    const res = await new TestClient(t.app).get('/api/v1/user/current');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('shows the user, the first practice by name by default, and the session', async () => {
    const { user, alpha, client } = await signedInMember();
    const res = await client.get('/api/v1/user/current');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      id: user.id,
      email: user.email,
      kind: 'PROVIDER',
      practiceId: alpha.id,
      phoneVerified: true,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.currentPractice.practice).toMatchObject({ id: alpha.id, name: alpha.name });
    expect(body.currentPractice.roles.sort()).toEqual(['ADMIN', 'PROVIDER']);
    expect(body.session).toMatchObject({ uuid: expect.any(String), idleTimeoutMs: t.config.sessionIdleMs });
    expect(body.session.expiresAt).toBeGreaterThan(Date.now());
  });

  it('shows the practice asked for, and 403 for a practice the user is not in', async () => {
    const { beta, other, client } = await signedInMember();
    const asked = await client.get(`/api/v1/user/current?practiceId=${beta.id}`);
    expect(asked.json().currentPractice).toMatchObject({ practice: { id: beta.id }, roles: ['STAFF'] });
    const refused = await client.get(`/api/v1/user/current?practiceId=${other.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await client.get('/api/v1/user/current?practiceId=0')).statusCode).toBe(400);
  });

  it('has no current practice for a user in none', async () => {
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    await client.signIn(user.email!, TEST_PASSWORD);
    const body = (await client.get('/api/v1/user/current')).json();
    expect(body.currentPractice).toBeNull();
    expect(body.user.practiceId).toBeNull();
    expect((await client.get('/api/v1/user/current/practices')).json()).toEqual([]);
  });
});

describe('GET /api/v1/user/current/practices', () => {
  it('lists every membership with its roles, by practice name', async () => {
    const { alpha, beta, client } = await signedInMember();
    const res = await client.get('/api/v1/user/current/practices');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ practice: { id: number }; roles: string[] }[]>();
    expect(list.map((m) => m.practice.id)).toEqual([alpha.id, beta.id]);
    expect(list[0].roles.sort()).toEqual(['ADMIN', 'PROVIDER']);
    expect(list[1].roles).toEqual(['STAFF']);
  });

  it('answers 401 when signed out', async () => {
    expect((await new TestClient(t.app).get('/api/v1/user/current/practices')).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/user/{id}/', () => {
  it('switches to a practice the user belongs to and remembers it', async () => {
    const { user, beta, client } = await signedInMember();
    const res = await client.put(`/api/v1/user/${user.id}/`, { practiceId: beta.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().practiceId).toBe(beta.id);
    const current = (await client.get('/api/v1/user/current')).json();
    expect(current.currentPractice.practice.id).toBe(beta.id);
    expect(current.user.practiceId).toBe(beta.id);
  });

  it('refuses a practice the user is not in and changes nothing', async () => {
    const { user, alpha, other, client } = await signedInMember();
    const res = await client.put(`/api/v1/user/${user.id}/`, { practiceId: other.id, firstName: 'Changed' });
    expect(res.statusCode).toBe(403);
    const current = (await client.get('/api/v1/user/current')).json();
    expect(current.currentPractice.practice.id).toBe(alpha.id);
    expect(current.user.firstName).toBe(user.firstName);
  });

  it('edits the name and title', async () => {
    const { user, client } = await signedInMember();
    const res = await client.put(`/api/v1/user/${user.id}/`, {
      firstName: '  Ada ',
      lastName: 'Lovelace',
      title: 'Dr.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', title: 'Dr.' });
    expect((await client.put(`/api/v1/user/${user.id}/`, { title: null })).json().title).toBeNull();
    expect((await client.get('/api/v1/user/current')).json().user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      title: null,
    });
  });

  it('answers 400 with issues for bad input and keeps the old values', async () => {
    const { user, client } = await signedInMember();
    const blank = await client.put(`/api/v1/user/${user.id}/`, { firstName: ' ', lastName: 'Kept' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues).toContainEqual({ path: ['body', 'firstName'], message: 'First name is required' });
    const long = await client.put(`/api/v1/user/${user.id}/`, { title: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues[0].path).toEqual(['body', 'title']);
    const unknown = await client.put(`/api/v1/user/${user.id}/`, { email: 'new@example.test' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues.length).toBeGreaterThan(0);
    const current = (await client.get('/api/v1/user/current')).json().user;
    expect(current).toMatchObject({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  });

  it('answers 400 for ids the database cannot hold and text it cannot store', async () => {
    const { user, client } = await signedInMember();
    expect((await client.put(`/api/v1/user/${user.id}/`, { practiceId: 99_999_999_999 })).statusCode).toBe(400);
    expect((await client.get(`/api/v1/user/${user.id}/settings?practiceId=99999999999`)).statusCode).toBe(400);
    const nul = await client.put(`/api/v1/user/${user.id}/`, { firstName: 'Null\u0000Byte' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().code).toBe('BAD_REQUEST');
    expect((await client.get('/api/v1/user/current')).json().user.firstName).toBe(user.firstName);
  });

  it('answers 403 for another user and leaves them unchanged', async () => {
    const { client } = await signedInMember();
    const victim = await signedInMember();
    const res = await client.put(`/api/v1/user/${victim.user.id}/`, { firstName: 'Mallory' });
    expect(res.statusCode).toBe(403);
    expect((await victim.client.get('/api/v1/user/current')).json().user.firstName).toBe(victim.user.firstName);
  });

  it('refuses a change without the CSRF header', async () => {
    const { user, client } = await signedInMember();
    const res = await client.put(`/api/v1/user/${user.id}/`, { firstName: 'Forged' }, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_EXPIRED');
  });
});

describe('user settings', () => {
  it('starts from the defaults', async () => {
    const { user, alpha, client } = await signedInMember();
    const res = await client.get(`/api/v1/user/${user.id}/settings?practiceId=${alpha.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('merges a partial change, keeps it, and keeps each practice apart', async () => {
    const { user, alpha, beta, client } = await signedInMember();
    const url = `/api/v1/user/${user.id}/settings?practiceId=${alpha.id}`;
    const first = await client.put(url, { notificationSounds: false, toggledCalendarIds: [3, 4] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ...DEFAULT_USER_SETTINGS, notificationSounds: false, toggledCalendarIds: [3, 4] });
    const second = await client.put(url, { calendarDisplaySlotHeight: 60 });
    const expected = {
      ...DEFAULT_USER_SETTINGS,
      notificationSounds: false,
      toggledCalendarIds: [3, 4],
      calendarDisplaySlotHeight: 60,
    };
    expect(second.json()).toEqual(expected);
    expect((await client.get(url)).json()).toEqual(expected);
    expect((await client.get(`/api/v1/user/${user.id}/settings?practiceId=${beta.id}`)).json()).toEqual(
      DEFAULT_USER_SETTINGS,
    );
  });

  it('keeps every one of several changes made at the same time', async () => {
    const { user, alpha, client } = await signedInMember();
    const url = `/api/v1/user/${user.id}/settings?practiceId=${alpha.id}`;
    for (let round = 0; round < 5; round++) {
      const on = round % 2 === 1;
      const results = await Promise.all([
        client.put(url, { notificationSounds: on }),
        client.put(url, { helpScreen: on }),
        client.put(url, { calendarDisplaySlotHeight: 50 + round }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect((await client.get(url)).json(), `round ${round}`).toEqual({
        ...DEFAULT_USER_SETTINGS,
        notificationSounds: on,
        helpScreen: on,
        calendarDisplaySlotHeight: 50 + round,
      });
    }
  });

  it('refuses unknown keys and bad values with 400 and keeps the settings', async () => {
    const { user, alpha, client } = await signedInMember();
    const url = `/api/v1/user/${user.id}/settings?practiceId=${alpha.id}`;
    const unknown = await client.put(url, { darkMode: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues.length).toBeGreaterThan(0);
    expect((await client.put(url, { calendarDisplaySlotHeight: 5 })).statusCode).toBe(400);
    expect((await client.put(url, { notificationSounds: 'no' })).statusCode).toBe(400);
    expect((await client.get(url)).json()).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('needs a practice the user is in, and the user themself', async () => {
    const { user, other, alpha, client } = await signedInMember();
    expect((await client.get(`/api/v1/user/${user.id}/settings?practiceId=${other.id}`)).statusCode).toBe(403);
    expect(
      (await client.put(`/api/v1/user/${user.id}/settings?practiceId=${other.id}`, { helpScreen: false })).statusCode,
    ).toBe(403);
    expect((await client.get(`/api/v1/user/${user.id}/settings`)).statusCode).toBe(400);

    const colleague = await createUser(t.db);
    await addMember(t.db, alpha.id, colleague.id);
    expect((await client.get(`/api/v1/user/${colleague.id}/settings?practiceId=${alpha.id}`)).statusCode).toBe(403);
    const put = await client.put(`/api/v1/user/${colleague.id}/settings?practiceId=${alpha.id}`, { helpScreen: false });
    expect(put.statusCode).toBe(403);
  });
});

describe('changing the phone number', () => {
  it('refuses a number that is not real', async () => {
    const { user, client } = await signedInMember();
    const res = await client.put(`/api/v1/user/${user.id}/verifyPhone`, { phone: '12345678' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ERROR_INVALID_PHONE_NUMBER', message: 'Invalid phone number' });
    const short = await client.put(`/api/v1/user/${user.id}/verifyPhone`, { phone: '123' });
    expect(short.json().issues).toContainEqual({
      path: ['body', 'phone'],
      message: 'Phone must be at least 8 characters',
    });
  });

  it('refuses the number of another account with 450 and texts nothing', async () => {
    const { user, client } = await signedInMember();
    const owner = await createUser(t.db);
    const before = await lastCode(t.db, owner.phone!).catch(() => null);
    const res = await client.put(`/api/v1/user/${user.id}/verifyPhone`, { phone: owner.phone });
    expect(res.statusCode).toBe(450);
    expect(res.json().code).toBe('ERROR_OBJECT_EXISTS');
    expect(await lastCode(t.db, owner.phone!).catch(() => null)).toBe(before);
  });

  it('answers 403 for another user', async () => {
    const { client } = await signedInMember();
    const other = await createUser(t.db);
    expect((await client.put(`/api/v1/user/${other.id}/verifyPhone`, { phone: '+13035559876' })).statusCode).toBe(403);
    expect((await client.put(`/api/v1/user/${other.id}/verifyCode`, { code: '123456' })).statusCode).toBe(403);
  });

  it('asks for a code first when none was sent', async () => {
    const { user, client } = await signedInMember();
    const res = await client.put(`/api/v1/user/${user.id}/verifyCode`, { code: '123456' });
    expect(res.statusCode).toBe(456);
  });

  it('changes the phone once the right code comes back; the old number no longer signs in', async () => {
    const { user, client } = await signedInMember();
    const oldPhone = user.phone!;
    const newPhone = '+13035550777';
    const sent = await client.put(`/api/v1/user/${user.id}/verifyPhone`, { phone: '(303) 555-0777' });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastCode(t.db, newPhone);

    const wrong = await client.put(`/api/v1/user/${user.id}/verifyCode`, {
      code: code === '111111' ? '222222' : '111111',
    });
    expect(wrong.statusCode).toBe(457);
    expect((await client.get('/api/v1/user/current')).json().user.phone).toBe(oldPhone);

    const right = await client.put(`/api/v1/user/${user.id}/verifyCode`, { code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ id: user.id, phone: newPhone, phoneVerified: true });
    expect((await client.get('/api/v1/user/current')).json().user.phone).toBe(newPhone);
    // Still signed in: changing the number does not end the session.
    expect((await client.get('/api/v1/user/current')).statusCode).toBe(200);

    // A code sign-in with the old number sends nothing and cannot complete.
    const codeBefore = await lastCode(t.db, oldPhone).catch(() => null);
    const browser = new TestClient(t.app);
    await browser.csrf();
    const start = await browser.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', phone: oldPhone });
    expect(start.statusCode).toBe(200);
    expect(await lastCode(t.db, oldPhone).catch(() => null)).toBe(codeBefore);
    const attempt = await browser.post(`/api/v1/auth/${start.json().uuid}`, { step: 'PHONE_CODE', value: code });
    expect(attempt.statusCode).toBe(457);

    // The new number does.
    const viaNew = await browser.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', phone: newPhone });
    const done = await browser.post(`/api/v1/auth/${viaNew.json().uuid}`, {
      step: 'PHONE_CODE',
      value: await lastCode(t.db, newPhone),
    });
    expect(done.statusCode).toBe(200);
    expect((await browser.get('/api/v1/user/current')).json().user.id).toBe(user.id);
  });

  it('answers 450 when another account took the number before the code came back', async () => {
    const { user, client } = await signedInMember();
    const contested = '+13035550888';
    await client.put(`/api/v1/user/${user.id}/verifyPhone`, { phone: contested });
    const code = await lastCode(t.db, contested);
    await createUser(t.db, { phone: contested });
    const res = await client.put(`/api/v1/user/${user.id}/verifyCode`, { code });
    expect(res.statusCode).toBe(450);
    expect((await client.get('/api/v1/user/current')).json().user.phone).toBe(user.phone);
  });
});

describe('PUT /api/v1/user/{id}/endSession', () => {
  it('ends another session of the user at once', async () => {
    const { user, client } = await signedInMember();
    const laptop = new TestClient(t.app);
    await laptop.signIn(user.email!, TEST_PASSWORD);
    const laptopSession = (await laptop.get('/api/v1/user/current')).json().session.uuid;

    const res = await client.put(`/api/v1/user/${user.id}/endSession`, { session: laptopSession });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await laptop.get('/api/v1/user/current')).statusCode).toBe(401);
    expect((await client.get('/api/v1/user/current')).statusCode).toBe(200);
    // Already ended: nothing left to end.
    expect((await client.put(`/api/v1/user/${user.id}/endSession`, { session: laptopSession })).statusCode).toBe(456);
  });

  it("cannot end another user's session", async () => {
    const { client } = await signedInMember();
    const victim = await signedInMember();
    const session = (await victim.client.get('/api/v1/user/current')).json().session.uuid;
    expect((await client.put(`/api/v1/user/${victim.user.id}/endSession`, { session })).statusCode).toBe(403);
    const me = (await client.get('/api/v1/user/current')).json().user.id;
    expect((await client.put(`/api/v1/user/${me}/endSession`, { session })).statusCode).toBe(456);
    expect((await victim.client.get('/api/v1/user/current')).statusCode).toBe(200);
  });

  it('answers 400 for a session that is not a uuid', async () => {
    const { user, client } = await signedInMember();
    expect((await client.put(`/api/v1/user/${user.id}/endSession`, { session: 'nope' })).statusCode).toBe(400);
  });
});
