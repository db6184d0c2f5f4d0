import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { TEST_PASSWORD, createUser } from '../../test/factories.js';
import { users } from '../../core/index.js';
import { chatUsers } from '../chats/chats.table.js';
import { staffMember, startChat } from '../chats/chats.test-factories.js';
import { submissions } from '../intake/intake.table.js';
import { createBot, submitted } from '../intake/intake.test-factories.js';
import { allowResend, invite, inviteRow, uniqueEmail } from '../invites/invites.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn() {
  const user = await createUser(t.db);
  const c = new TestClient(t.app);
  expect((await c.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
  return { user, c };
}

/** A request with the victim's session cookie and whatever CSRF token an attacker managed to plant. */
function withToken(
  victim: TestClient,
  token: string | undefined,
  method: 'GET' | 'PUT',
  url: string,
  payload?: object,
) {
  const cookies = { ...Object.fromEntries(victim.cookies), ...(token ? { [CSRF_COOKIE]: token } : {}) };
  const headers: Record<string, string> = {
    cookie: Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
  };
  if (token) headers[CSRF_HEADER] = token;
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const firstName = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0].firstName;

describe('CSRF tokens are bound to their session (issue 13, point 6)', () => {
  it("refuses a token fetched with no session next to a victim's session cookie, and changes nothing", async () => {
    const victim = await signedIn();
    const before = await firstName(victim.user.id);
    const token = await new TestClient(t.app).csrf();
    const edit = await withToken(victim.c, token, 'PUT', `/api/v1/user/${victim.user.id}/`, { firstName: 'Mallory' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe('CSRF_EXPIRED');
    expect((await withToken(victim.c, token, 'PUT', '/api/v1/auth/logout')).statusCode).toBe(403);
    expect(await firstName(victim.user.id)).toBe(before);
    expect((await victim.c.get('/api/v1/user/current')).statusCode).toBe(200);
  });

  it("refuses a token issued for another session, even the same person's", async () => {
    const victim = await signedIn();
    const attacker = await signedIn();
    const elsewhere = new TestClient(t.app);
    expect((await elsewhere.signIn(victim.user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    for (const token of [attacker.c.cookies.get(CSRF_COOKIE)!, elsewhere.cookies.get(CSRF_COOKIE)!]) {
      expect(
        (await withToken(victim.c, token, 'PUT', `/api/v1/user/${victim.user.id}/`, { firstName: 'Mallory' }))
          .statusCode,
      ).toBe(403);
    }
    expect(await firstName(victim.user.id)).not.toBe('Mallory');
    // The victim's own token, from their sign-in answer, works.
    expect((await victim.c.put(`/api/v1/user/${victim.user.id}/`, { firstName: 'Victoria' })).statusCode).toBe(200);
  });

  it('gives a new token with the sign-in answer, so the one from before sign-in stops working without a needless 403', async () => {
    const user = await createUser(t.db);
    const c = new TestClient(t.app);
    const before = await c.csrf();
    expect((await c.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
    const after = c.cookies.get(CSRF_COOKIE)!;
    expect(after).not.toBe(before);
    expect((await withToken(c, before, 'PUT', `/api/v1/user/${user.id}/`, { firstName: 'Early' })).statusCode).toBe(
      403,
    );
    expect((await c.put(`/api/v1/user/${user.id}/`, { firstName: 'Later' })).statusCode).toBe(200);
    // Asked again while signed in, the token is for this session; signing out hands back one for none.
    expect(
      (await withToken(c, await c.csrf(), 'PUT', `/api/v1/user/${user.id}/`, { firstName: 'Again' })).statusCode,
    ).toBe(200);
    expect((await c.put('/api/v1/auth/logout')).statusCode).toBe(200);
    expect(c.cookies.get(CSRF_COOKIE)).toEqual(expect.any(String));
    expect(c.cookies.has(SESSION_COOKIE)).toBe(false);
  });
});

describe('GETs that change state want the CSRF header', () => {
  it('a plain GET /api/v1/logout (a link, an image) does not end the session; with the header it does', async () => {
    const { c } = await signedIn();
    const plain = await c.get('/api/v1/logout', { csrf: false });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().code).toBe('CSRF_EXPIRED');
    expect((await c.get('/api/v1/user/current')).statusCode).toBe(200);
    expect((await withToken(c, await new TestClient(t.app).csrf(), 'GET', '/api/v1/logout')).statusCode).toBe(403);
    expect((await c.get('/api/v1/user/current')).statusCode).toBe(200);
    expect((await c.get('/api/v1/logout')).json()).toEqual({ ok: true });
    expect((await c.get('/api/v1/user/current')).statusCode).toBe(401);
  });

  it('opening a practice chat (which joins it) refuses a plain GET and leaves the chat as it was', async () => {
    const ann = await staffMember(t);
    const lake = await staffMember(t);
    const chat = await startChat(ann, { type: 'PRACTICE_TO_PRACTICE', targetPractice: lake.practiceId });
    const url = `/api/v1/chat/${chat.id}/token?practiceId=${lake.practiceId}`;
    const joined = () =>
      t.db
        .select()
        .from(chatUsers)
        .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, lake.user.id)));
    expect((await lake.client.get(url, { csrf: false })).statusCode).toBe(403);
    expect(await joined()).toEqual([]);
    expect((await lake.client.get(url)).statusCode).toBe(200);
    expect(await joined()).toHaveLength(1);
  });

  it('opening a submission (which marks it read for the practice) refuses a plain GET and leaves it unread', async () => {
    const admin = await staffMember(t, 'ADMIN');
    const id = await submitted(t, await createBot(admin));
    const url = `/api/v1/submission/${id}?practiceId=${admin.practiceId}`;
    const viewedAt = async () => (await t.db.select().from(submissions).where(eq(submissions.id, id)))[0].viewedAt;
    expect((await admin.client.get(url, { csrf: false })).statusCode).toBe(403);
    expect(await viewedAt()).toBeNull();
    expect((await admin.client.get(url)).json().viewed).toBe(true);
  });

  it('re-sending an invite refuses a plain GET and sends nothing', async () => {
    const admin = await staffMember(t, 'ADMIN');
    const sent = await invite(t, admin.client, admin.practiceId, { email: uniqueEmail() });
    await allowResend(t, sent.invite.id);
    const before = await inviteRow(t, sent.invite.id);
    const url = `/api/v1/invites/${sent.invite.id}/resend`;
    expect((await admin.client.get(url, { csrf: false })).statusCode).toBe(403);
    expect(await inviteRow(t, sent.invite.id)).toEqual(before);
    expect((await admin.client.get(url)).statusCode).toBe(200);
    expect((await inviteRow(t, sent.invite.id)).lastSentAt.getTime()).toBeGreaterThan(before.lastSentAt.getTime());
  });
});
