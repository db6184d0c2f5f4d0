import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, lastCode } from '../../test/client.js';
import { TEST_PASSWORD, createUser } from '../../test/factories.js';
import { outboxMessages } from '../../platform/delivery/outbox.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function browser(ip: string, userAgent = 'Owner browser') {
  const c = new TestClient(t.app);
  c.ip = ip;
  c.userAgent = userAgent;
  return c;
}

/** The newest outbox id, to read only what was sent after it. */
async function mark() {
  const rows = await t.db.select({ id: outboxMessages.id }).from(outboxMessages);
  return Math.max(0, ...rows.map((r) => r.id));
}
const mailsSince = (since: number, to: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to), gt(outboxMessages.id, since)))
    .orderBy(outboxMessages.id);

describe('account notices (ASVS V2.2.3)', () => {
  it('tells the owner their password was changed: when, from which device and address, and nothing secret', async () => {
    const user = await createUser(t.db);
    const c = browser('198.51.100.20', 'Laptop browser');
    expect((await c.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    const since = await mark();
    expect(
      (await c.put('/api/v1/updatePassword', { currentPassword: TEST_PASSWORD, newPassword: 'a-changed-password' }))
        .statusCode,
    ).toBe(200);
    const [mail, ...more] = await mailsSince(since, user.email!);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your Referwell password was changed' });
    expect(mail.body).toContain('from Laptop browser at address 198.51.100.20');
    expect(mail.body).toContain('http://localhost:3000/reset-password');
    expect(mail.body).not.toContain('a-changed-password');
  });

  it('tells the owner their password was reset', async () => {
    const user = await createUser(t.db);
    const c = browser('198.51.100.21');
    await c.csrf();
    const { uuid } = (
      await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', email: user.email, isPasswordReset: true })
    ).json();
    await c.post(`/api/v1/auth/${uuid}`, { step: 'EMAIL_CODE', value: await lastCode(t.db, user.email!) });
    const since = await mark();
    expect(
      (await c.post(`/api/v1/auth/${uuid}`, { step: 'SET_NEW_PASSWORD', value: 'a-reset-password' })).json(),
    ).toEqual({ status: 'COMPLETE' });
    expect((await mailsSince(since, user.email!)).map((m) => m.subject)).toEqual(['Your Referwell password was reset']);
  });

  it('tells the owner their phone number was changed, without the new number', async () => {
    const user = await createUser(t.db);
    const c = browser('198.51.100.22');
    expect((await c.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    const phone = '+12025550199';
    expect((await c.put(`/api/v1/user/${user.id}/verifyPhone`, { phone })).statusCode).toBe(200);
    const since = await mark();
    expect((await c.put(`/api/v1/user/${user.id}/verifyCode`, { code: await lastCode(t.db, phone) })).statusCode).toBe(
      200,
    );
    const [mail] = await mailsSince(since, user.email!);
    expect(mail.subject).toBe('Your Referwell phone number was changed');
    expect(mail.body).not.toContain('0199');
  });

  it('tells the owner of a sign-in on a new device while their password is being guessed, and only then', async () => {
    const user = await createUser(t.db);
    const owner = browser('198.51.100.23');
    let since = await mark();
    expect((await owner.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await mailsSince(since, user.email!)).toEqual([]);

    expect((await browser('203.0.113.99').signIn(user.email!, 'a-wrong-guess')).statusCode).toBe(451);
    since = await mark();
    // The owner's known device: no news.
    expect((await owner.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await mailsSince(since, user.email!)).toEqual([]);
    // A device the account has not been used on, with guessing going on: the owner is told.
    expect((await browser('203.0.113.99', 'Unknown browser').signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    const [mail] = await mailsSince(since, user.email!);
    expect(mail.subject).toBe('New sign-in to your Referwell account');
    expect(mail.body).toContain('from Unknown browser at address 203.0.113.99');
  });
});
