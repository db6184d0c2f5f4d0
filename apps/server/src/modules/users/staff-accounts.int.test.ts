import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staffAccountsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, lastMessage } from '../../test/client.js';
import { createUser, practiceRoles } from '../../test/factories.js';
import { users } from '../../core/index.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { memberOf, practiceWith, uniqueEmail, uniquePhone } from '../invites/invites.test-factories.js';

/** POST /users: an admin adds a staff member, who sets their password from an e-mailed link. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'a-brand-new-password';

function staff(overrides: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  return {
    body: {
      firstName: 'Nina',
      lastName: 'Park',
      email: uniqueEmail('staff'),
      phoneNumber: phone.typed,
      role: 'STAFF',
      ...overrides,
    },
    e164: phone.e164,
  };
}

const accountsWith = (email: string) => t.db.select().from(users).where(eq(users.email, email));

/** The flow and code of the set-password link in the newest e-mail to `to`. */
async function linkSentTo(to: string) {
  const message = await lastMessage(t.db, to);
  const url = new URL(message.body.match(/https?:\/\/\S+\/set-password\?\S+/)![0]);
  return { message, flow: url.searchParams.get('flow')!, code: url.searchParams.get('code')! };
}

describe('POST /api/v1/users', () => {
  it('makes the account in the practice with the role and e-mails a link that sets a password and signs in', async () => {
    const { practice, user: admin, client } = await practiceWith(t, 'ADMIN', 'Birch Clinic');
    const { body, e164 } = staff({ role: 'PROVIDER' });
    const before = Date.now();
    const res = await client.post(`/api/v1/users?practiceId=${practice.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      user: { firstName: 'Nina', lastName: 'Park', email: body.email, phone: e164 },
      role: 'PROVIDER',
    });
    expect(answer.linkExpiresAt).toBeGreaterThanOrEqual(before + staffAccountsApi.SET_PASSWORD_LINK_TTL_MS);

    const [account] = await accountsWith(body.email);
    expect(account).toMatchObject({
      kind: 'PROVIDER',
      phone: e164,
      passwordHash: null,
      currentPracticeId: practice.id,
    });
    expect(await practiceRoles(t.db, practice.id, account.id)).toEqual(['PROVIDER']);
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.created_by_admin'));
    expect(audit).toMatchObject({ actorUserId: admin.id, subjectUserId: account.id, practiceId: practice.id });

    const { message, flow, code } = await linkSentTo(body.email);
    expect(message.subject).toContain('Birch Clinic');
    expect(message.body).toContain(`${admin.firstName} ${admin.lastName} added you to Birch Clinic`);
    expect(message.body).toContain('7 days');

    const newcomer = new TestClient(t.app);
    await newcomer.csrf();
    expect((await newcomer.get(`/api/v1/auth/${flow}`)).json()).toEqual({ status: 'PENDING', nextStep: 'EMAIL_CODE' });
    const proved = await newcomer.post(`/api/v1/auth/${flow}`, { step: 'EMAIL_CODE', value: code });
    expect(proved.json()).toEqual({ status: 'PENDING', nextStep: 'SET_NEW_PASSWORD' });
    const set = await newcomer.post(`/api/v1/auth/${flow}`, { step: 'SET_NEW_PASSWORD', value: NEW_PASSWORD });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().status).toBe('COMPLETE');

    const me = await newcomer.get('/api/v1/user/current');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.email).toBe(body.email);
    const [after] = await accountsWith(body.email);
    expect(after.emailVerifiedAt).not.toBeNull();

    // The password is theirs now: a later sign-in takes it (and, as for everyone, asks once to verify the phone).
    const again = await new TestClient(t.app).signIn(body.email, NEW_PASSWORD);
    expect(again.statusCode, again.body).toBe(461);
    // The link is used up.
    const reused = await new TestClient(t.app).post(`/api/v1/auth/${flow}`, { step: 'EMAIL_CODE', value: code });
    expect(reused.statusCode).toBe(400);
  });

  it('does not send a new code for the link, which would break it', async () => {
    const { practice, client } = await practiceWith(t);
    const { body } = staff();
    expect((await client.post(`/api/v1/users?practiceId=${practice.id}`, body)).statusCode).toBe(200);
    const { flow, message } = await linkSentTo(body.email);
    const someone = new TestClient(t.app);
    await someone.csrf();
    const resend = await someone.get(`/api/v1/auth/${flow}/resend`);
    expect(resend.statusCode, resend.body).toBe(400);
    expect((await lastMessage(t.db, body.email)).id).toBe(message.id);
  });

  it('answers 450 on the field when the e-mail or the phone already has an account, and adds no one', async () => {
    const { practice, client } = await practiceWith(t);
    const existing = await createUser(t.db);
    const byEmail = await client.post(`/api/v1/users?practiceId=${practice.id}`, staff({ email: existing.email }).body);
    expect(byEmail.statusCode).toBe(450);
    expect(byEmail.json().issues).toEqual([
      { path: ['body', 'email'], message: 'An account already uses this e-mail address. Send an invite instead.' },
    ]);
    const { body } = staff({ phoneNumber: existing.phone });
    const byPhone = await client.post(`/api/v1/users?practiceId=${practice.id}`, body);
    expect(byPhone.statusCode).toBe(450);
    expect(byPhone.json().issues[0].path).toEqual(['body', 'phoneNumber']);
    expect(await accountsWith(body.email)).toHaveLength(0);
  });

  it('answers 403 to members who are not its admins, and 403 to admins of another practice', async () => {
    const { practice } = await practiceWith(t);
    for (const role of ['PROVIDER', 'STAFF', 'THIRD_PARTY_ADMIN'] as const) {
      const { client } = await memberOf(t, practice.id, role);
      const { body } = staff();
      const res = await client.post(`/api/v1/users?practiceId=${practice.id}`, body);
      expect(res.statusCode, role).toBe(403);
      expect(await accountsWith(body.email)).toHaveLength(0);
    }
    const other = await practiceWith(t);
    const { body } = staff();
    const res = await other.client.post(`/api/v1/users?practiceId=${practice.id}`, body);
    expect([403, 404]).toContain(res.statusCode);
    expect(await accountsWith(body.email)).toHaveLength(0);
  });

  it('answers 400 with the field for bad input, and changes nothing', async () => {
    const { practice, client } = await practiceWith(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '' }, 'firstName'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phoneNumber: '12345' }, 'phoneNumber'],
      [{ role: 'ADMIN' }, 'role'],
    ];
    for (const [change, field] of cases) {
      const { body } = staff(change);
      const res = await client.post(`/api/v1/users?practiceId=${practice.id}`, body);
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json().issues), field).toContain(field);
      if (typeof body.email === 'string' && body.email.includes('@'))
        expect(await accountsWith(body.email)).toHaveLength(0);
      expect(await lastMessage(t.db, String(body.email))).toBeUndefined();
    }
  });
});
