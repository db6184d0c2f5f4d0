import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { chatRoomApi, type SessionInfo } from '@referwell/contracts';
import { createTestApp, testSecrets, type TestApp } from '../../test/harness.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { TestClient } from '../../test/client.js';
import { hmac } from '../../platform/auth/crypto.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { sessions, users } from '../../core/index.js';
import { signedIn } from '../practices/practices.test-factories.js';
import { chatMessages, chats } from './chats.table.js';
import {
  chatWithTextedPatient,
  jobsDone,
  listen,
  openRoomSocket,
  roomCall,
  staffMember,
  startChat,
  textedLink,
  tokenFor,
  type RoomSocket,
  type Staff,
} from './chats.test-factories.js';

/**
 * A room token dies with what issued it: a staff token with the session that fetched it, a
 * patient's texted link when the practice revokes it. Sockets are checked again every second
 * here, but ended sessions and revoked links close them through the bus without waiting for that.
 */
let t: TestApp;
let base: string;
const sockets: RoomSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ SOCKET_CHECK_SECONDS: '1' });
  base = await listen(t);
});
afterAll(async () => {
  for (const s of sockets) s.socket.terminate();
  await t?.close();
});

async function connect(token: string, room: string) {
  const s = openRoomSocket(base, token, room);
  sockets.push(s);
  await s.ready();
  return s;
}

const load = (token: string, room: string) => roomCall(t, token, 'GET', `/florie/v1/chat/${room}`);

/** Ann at her desk (the session whose token is tested) and on her phone (another session of hers), in a chat with Bob. */
async function annAtTwoDevices() {
  const desk = await staffMember(t);
  const bob = await staffMember(t, 'STAFF', desk.practiceId);
  const phone: Staff = { ...desk, client: await signedIn(t.app, desk.user) };
  const chat = await startChat(desk, { type: 'USER_TO_USER', users: [bob.user.id] });
  const deskToken = await tokenFor(desk, chat.id);
  const bobSocket = await connect((await tokenFor(bob, chat.id)).token, chat.room);
  const deskSocket = await connect(deskToken.token, chat.room);
  return { desk, phone, bob, chat, deskToken, deskSocket, bobSocket };
}

async function sessionUuid(client: Staff['client']) {
  return (await client.get('/api/v1/auth/sessions')).json<SessionInfo[]>().find((s) => s.current)!.uuid;
}

describe('a staff member’s room token', () => {
  it('ends with the session that fetched it when they sign out: the socket closes with 4000 and room calls answer 401', async () => {
    const { desk, chat, deskToken, deskSocket, bobSocket } = await annAtTwoDevices();
    expect((await desk.client.put('/api/v1/auth/logout')).statusCode).toBe(200);
    expect(await deskSocket.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    expect(deskSocket.received.some((e) => e.event === 'UNAUTHORIZED')).toBe(true);
    expect((await load(deskToken.token, chat.room)).statusCode).toBe(401);
    expect((await roomCall(t, deskToken.token, 'GET', `/florie/v1/chat/${chat.room}/messages`)).statusCode).toBe(401);
    const reopened = openRoomSocket(base, deskToken.token, chat.room);
    expect(await reopened.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    // The others in the chat go on.
    await bobSocket.say('Still here');
  });

  it('ends when the session is ended from the sessions list of another device', async () => {
    const { desk, phone, chat, deskToken, deskSocket } = await annAtTwoDevices();
    const phoneToken = await tokenFor(phone, chat.id);
    const res = await phone.client.delete('/api/v1/auth/sessions', { uuid: await sessionUuid(desk.client) });
    expect(res.statusCode).toBe(200);
    expect(await deskSocket.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    expect((await load(deskToken.token, chat.room)).statusCode).toBe(401);
    // The phone's own session, and its token, go on.
    expect((await load(phoneToken.token, chat.room)).statusCode).toBe(200);
  });

  it('ends when the password is changed on another device, while that device’s token goes on', async () => {
    const { phone, chat, deskToken, deskSocket } = await annAtTwoDevices();
    const phoneToken = await tokenFor(phone, chat.id);
    const changed = await phone.client.put('/api/v1/updatePassword', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another-long-password-1',
    });
    expect(changed.statusCode).toBe(200);
    expect(await deskSocket.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    expect((await load(deskToken.token, chat.room)).statusCode).toBe(401);
    const phoneSocket = await connect(phoneToken.token, chat.room);
    await phoneSocket.say('Changed my password');
  });

  it('ends when its web session goes idle, at the next check, without waiting for a request that revokes it', async () => {
    const { desk, chat, deskToken, deskSocket } = await annAtTwoDevices();
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - t.config.sessionIdleMs - 1000) })
      .where(and(eq(sessions.userId, desk.user.id), sql`${sessions.uuid} = ${await sessionUuid(desk.client)}`));
    expect((await load(deskToken.token, chat.room)).statusCode).toBe(401);
    expect(await deskSocket.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
  });

  it('ends when the account is locked', async () => {
    const { desk, chat, deskToken, deskSocket } = await annAtTwoDevices();
    await t.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, desk.user.id));
    expect((await load(deskToken.token, chat.room)).statusCode).toBe(401);
    expect(await deskSocket.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
  });

  it('ends with a mobile app’s session when its refresh token is used twice (a stolen token)', async () => {
    const ann = await staffMember(t);
    const bob = await staffMember(t, 'STAFF', ann.practiceId);
    const app = new TestClient(t.app);
    const signIn = await app.signIn(ann.user.email!, TEST_PASSWORD, 'PROVIDER_MOBILE');
    const { refreshToken } = signIn.json<{ refreshToken: string }>();
    const mobile: Staff = { ...ann, client: app };
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    const token = await tokenFor(mobile, chat.id);
    const socket = await connect(token.token, chat.room);
    expect((await new TestClient(t.app).post('/api/v1/auth/refresh', { token: refreshToken })).statusCode).toBe(200);
    expect((await new TestClient(t.app).post('/api/v1/auth/refresh', { token: refreshToken })).statusCode).toBe(401);
    expect(await socket.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    expect((await load(token.token, chat.room)).statusCode).toBe(401);
  });

  it('is refused in the earlier format, which named no session', async () => {
    const { chat, deskToken } = await annAtTwoDevices();
    const expires = Date.now() + 60_000;
    const legacy = `${deskToken.chatUserId}.${expires}.${hmac(testSecrets().sessionSecret, `room\n${deskToken.chatUserId}\n${expires}`)}`;
    expect((await load(legacy, chat.room)).statusCode).toBe(401);
    expect(await openRoomSocket(base, legacy, chat.room).closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
  });
});

describe('a patient’s texted link', () => {
  const revoke = (who: Staff, chatId: number, sendNewLink?: boolean) =>
    who.client.post(`/api/v1/chat/${chatId}/link/revoke`, {
      practiceId: who.practiceId,
      ...(sendNewLink === undefined ? {} : { sendNewLink }),
    });
  const sendLink = (who: Staff, chatId: number) =>
    who.client.post(`/api/v1/chat/${chatId}/link`, { practiceId: who.practiceId });

  it('is revoked by the practice: the patient’s socket closes with 4000, the link answers 401, and no new one is texted until asked', async () => {
    const ann = await staffMember(t);
    const { chat, phone, link } = await chatWithTextedPatient(t, ann);
    const patient = await connect(link.token, link.room);
    const staff = await connect((await tokenFor(ann, chat.id)).token, chat.room);
    expect((await revoke(ann, chat.id)).statusCode).toBe(200);
    expect(await patient.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    expect((await load(link.token, link.room)).statusCode).toBe(401);
    // Staff write on; the patient, away and last texted long ago, would be texted a link: not while their links are revoked.
    await t.db.update(chats).set({ patientTextedAt: null }).where(eq(chats.id, chat.id));
    await staff.say('Are you there?');
    await jobsDone(t);
    expect((await textedLink(t, phone)).textId).toBe(link.textId);
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'chat.link_revoked'), eq(auditEvents.targetId, String(chat.id))));
    expect(audited).toMatchObject({
      actorUserId: ann.user.id,
      details: { practiceId: ann.practiceId, newLinkSent: false },
    });
  });

  it('is sent again on request: the new link works, the revoked one does not, and texting resumes', async () => {
    const ann = await staffMember(t);
    const { chat, phone, link } = await chatWithTextedPatient(t, ann);
    expect((await revoke(ann, chat.id)).statusCode).toBe(200);
    expect((await sendLink(ann, chat.id)).statusCode).toBe(200);
    await jobsDone(t);
    const fresh = await textedLink(t, phone);
    expect(fresh.textId).not.toBe(link.textId);
    expect((await load(fresh.token, fresh.room)).statusCode).toBe(200);
    expect((await load(link.token, link.room)).statusCode).toBe(401);
    const patient = await connect(fresh.token, fresh.room);
    await patient.say('Got the new link');
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'chat.link_sent'), eq(auditEvents.targetId, String(chat.id))));
    expect(audited).toMatchObject({ actorUserId: ann.user.id, details: { practiceId: ann.practiceId } });
  });

  it('is revoked and replaced in one step when the practice asks for a new link with the revocation', async () => {
    const ann = await staffMember(t);
    const { chat, phone, link } = await chatWithTextedPatient(t, ann);
    expect((await revoke(ann, chat.id, true)).statusCode).toBe(200);
    await jobsDone(t);
    const fresh = await textedLink(t, phone);
    expect(fresh.textId).not.toBe(link.textId);
    expect((await load(link.token, link.room)).statusCode).toBe(401);
    expect((await load(fresh.token, fresh.room)).statusCode).toBe(200);
  });

  it('keeps working in the earlier format until the practice revokes it', async () => {
    const ann = await staffMember(t);
    const { chat, link } = await chatWithTextedPatient(t, ann);
    const chatUserId = Number(link.token.split('.')[0]);
    const expires = Date.now() + 60_000;
    const legacy = `${chatUserId}.${expires}.${hmac(testSecrets().sessionSecret, `room\n${chatUserId}\n${expires}`)}`;
    expect((await load(legacy, chat.room)).statusCode).toBe(200);
    expect((await revoke(ann, chat.id)).statusCode).toBe(200);
    expect((await load(legacy, chat.room)).statusCode).toBe(401);
  });

  it('can be revoked and sent only for patient chats, by the chat’s own practice, and sent only while the chat is open', async () => {
    const ann = await staffMember(t);
    const bob = await staffMember(t, 'STAFF', ann.practiceId);
    const peopleChat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    expect((await revoke(ann, peopleChat.id)).json()).toMatchObject({
      statusCode: 400,
      message: 'Only chats with patients have texted links',
    });
    expect((await sendLink(ann, peopleChat.id)).statusCode).toBe(400);
    const { chat, link } = await chatWithTextedPatient(t, ann);
    const outsider = await staffMember(t, 'ADMIN');
    for (const res of [await revoke(outsider, chat.id), await sendLink(outsider, chat.id)])
      expect([403, 404, 456]).toContain(res.statusCode);
    expect((await load(link.token, link.room)).statusCode).toBe(200);
    expect((await ann.client.put(`/api/v1/chat/${chat.id}/close`, { practiceId: ann.practiceId })).statusCode).toBe(
      200,
    );
    expect((await sendLink(ann, chat.id)).json()).toMatchObject({
      statusCode: 400,
      message: 'This chat is closed: start a new chat with the patient to write to them',
    });
    // Closed, it is still read through the link: revoking it still works.
    expect((await revoke(ann, chat.id)).statusCode).toBe(200);
    expect((await load(link.token, link.room)).statusCode).toBe(401);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
  });
});
