import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testSecrets, type TestApp } from '../../test/harness.js';
import { signRoomToken } from '../../platform/auth/room-tokens.js';
import { practices } from '../../core/index.js';
import { chatWithPatient, loadRoom, roomCall, staffMember, startChat, tokenFor } from './chats.test-factories.js';

/** What a room shows of its practice: the welcome it opens on, and the branding its page wears. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** What loading the room answers a token. */
const loadStatus = async (token: string, room: string) =>
  (await roomCall(t, token, 'GET', `/florie/v1/chat/${room}`)).statusCode;

describe('the welcome a room opens on', () => {
  it('greets with the practice’s open or closed welcome, by its opening hours in its time zone', async () => {
    const always = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: true, start: '00:00', end: '23:59' }));
    const open = await chatWithPatient(t, {
      openingHours: always,
      welcomeMessageOpen: 'We are here',
      welcomeMessageClosed: 'We are closed',
    });
    expect((await loadRoom(t, open.staff.token, open.chat.room)).chat.welcomeMessages.map((m) => m.message)).toEqual([
      'We are here',
    ]);
    const closed = await chatWithPatient(t, {
      openingHours: [],
      welcomeMessageOpen: 'We are here',
      welcomeMessageClosed: 'We are closed',
    });
    const [welcome] = (await loadRoom(t, closed.staff.token, closed.chat.room)).chat.welcomeMessages;
    expect(welcome).toMatchObject({ message: 'We are closed', from: { name: expect.any(String) } });
    // Staff talking among themselves are not greeted.
    const ann = await staffMember(t);
    await t.db
      .update(practices)
      .set({ welcomeMessageOpen: 'Hi', welcomeMessageClosed: 'Hi' })
      .where(eq(practices.id, ann.practiceId));
    const colleague = await staffMember(t, 'STAFF', ann.practiceId);
    const direct = await startChat(ann, { type: 'USER_TO_USER', users: [colleague.user.id] });
    const token = await tokenFor(ann, direct.id);
    expect((await loadRoom(t, token.token, direct.room)).chat.welcomeMessages).toEqual([]);
  });

  it('greets in the product’s words, naming the practice, when the practice wrote no welcome', async () => {
    const unset = { welcomeMessageOpen: null, welcomeMessageClosed: '  ' };
    const noHours = await chatWithPatient(t, { name: 'Riverside Family Medicine', openingHours: [], ...unset });
    expect((await loadRoom(t, noHours.staff.token, noHours.chat.room)).chat.welcomeMessages).toMatchObject([
      {
        message: 'Hello from Riverside Family Medicine. Send us a message here and a member of our team will reply.',
        from: { name: 'Riverside Family Medicine' },
      },
    ]);
    // Closed by its own hours (open one minute a week, on a day that is not today): it says so.
    const otherDay = (new Date().getUTCDay() + 3) % 7;
    const closed = await chatWithPatient(t, {
      name: 'Lakeside Clinic',
      timezone: 'UTC',
      openingHours: [{ dayOfWeek: otherDay, open: true, start: '09:00', end: '09:01' }],
      ...unset,
    });
    expect(
      (await loadRoom(t, closed.staff.token, closed.chat.room)).chat.welcomeMessages.map((m) => m.message),
    ).toEqual([
      "Hello from Lakeside Clinic. We're closed right now; send us a message here and we'll reply when we open.",
    ]);
  });
});

describe('the room’s practice (branding)', () => {
  const branding = (token: string | null, room: string) =>
    token === null
      ? t.app.inject({ method: 'GET', url: `/florie/v1/chat/${room}/branding` })
      : roomCall(t, token, 'GET', `/florie/v1/chat/${room}/branding`);
  const riverside = {
    name: 'Riverside Family Medicine',
    logoUrl: '/api/v1/files/public/00000000-0000-4000-8000-00000000000a',
    colorScheme: '#0f766e',
    phoneNumber: '+13125550100',
  };
  const patientToken = (chatUserId: number, expiresAt: number, linkGeneration = 0) =>
    signRoomToken(testSecrets().sessionSecret, chatUserId, { linkGeneration }, expiresAt);

  it('names the practice, its logo, colour and phone, to a participant’s token and no more', async () => {
    const { chat, staff } = await chatWithPatient(t, riverside);
    const res = await branding(staff.token, chat.room);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(riverside);
  });

  it('still names it when the link expired or was revoked, so the page can say whom to ask for a new one', async () => {
    const { ann, chat, patientUser } = await chatWithPatient(t, riverside);
    const expired = patientToken(patientUser.chatUserId, Date.now() - 1_000);
    expect(await loadStatus(expired, chat.room)).toBe(401);
    expect((await branding(expired, chat.room)).json()).toEqual(riverside);

    const live = patientToken(patientUser.chatUserId, Date.now() + 60_000);
    expect(await loadStatus(live, chat.room)).toBe(200);
    const revoked = await ann.client.post(`/api/v1/chat/${chat.id}/link/revoke`, { practiceId: ann.practiceId });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await loadStatus(live, chat.room)).toBe(401);
    expect((await branding(live, chat.room)).json()).toMatchObject({ name: 'Riverside Family Medicine' });
  });

  it('answers nothing to no token or a forged one (401), one for another room (403), or when the practice is inactive', async () => {
    const one = await chatWithPatient(t, riverside);
    const two = await chatWithPatient(t);
    const genuine = patientToken(one.patientUser.chatUserId, Date.now() + 60_000);
    const [id, bound, expires, signature] = genuine.split('.');
    const forged = `${id}.${bound}.${Number(expires) + 1}.${signature}`;
    const refusals = [
      [await branding(null, one.chat.room), 401],
      [await branding('not-a-token', one.chat.room), 401],
      [await branding(forged, one.chat.room), 401],
      [await branding(genuine, two.chat.room), 403],
    ] as const;
    for (const [res, status] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).not.toContain('Riverside');
    }
    await t.db.update(practices).set({ active: false }).where(eq(practices.id, one.ann.practiceId));
    expect((await branding(genuine, one.chat.room)).statusCode).toBe(456);
  });
});
