import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatRoomApi } from '@referwell/contracts';
import { createTestApp, testSecrets, type TestApp } from '../../test/harness.js';
import { signRoomToken, verifyRoomToken } from '../../platform/auth/room-tokens.js';
import { chatMessages, chatUsers } from './chats.table.js';
import { practiceMembers } from '../../core/index.js';
import { FLOOD_LIMIT } from './chat-socket-events.js';
import { CHAT_ROOM_EVENT } from './chat-events.js';
import { createLocalBus, type EventBus } from '../../platform/events/bus.js';
import {
  heardNothing,
  listen,
  openRoomSocket,
  staffMember,
  startChat,
  tokenFor,
  type RoomSocket,
  type Staff,
} from './chats.test-factories.js';

let t: TestApp;
let base: string;
const sockets: RoomSocket[] = [];
/** While true, the bus refuses room events, as a Redis outage would. */
let roomEventsFail = false;

beforeAll(async () => {
  const bus = createLocalBus();
  const flaky: EventBus = {
    ...bus,
    publish: (topic, payload) =>
      roomEventsFail && topic === CHAT_ROOM_EVENT ? Promise.reject(new Error('bus down')) : bus.publish(topic, payload),
  };
  t = await createTestApp(
    { SOCKET_CHECK_SECONDS: '1', SOCKET_ALLOWED_ORIGINS: 'https://clinic.example' },
    { bus: flaky },
  );
  base = await listen(t);
});
afterAll(async () => {
  for (const s of sockets) s.socket.terminate();
  await t?.close();
});

/** Two colleagues of one practice in a person-to-person chat, each with a socket open. */
async function twoInAChat() {
  const ann = await staffMember(t);
  const bob = await staffMember(t, 'STAFF', ann.practiceId);
  const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
  const [a, b] = await Promise.all([connect(ann, chat.id), connect(bob, chat.id)]);
  return { ann, bob, chat, a, b };
}

async function connect(who: Staff, chatId: number) {
  const { token, room } = await tokenFor(who, chatId);
  const s = openRoomSocket(base, token, room);
  sockets.push(s);
  await s.ready();
  return s;
}

describe('the chat socket', () => {
  it('stores a message before handing it to everyone in the room, stamped with its id and time', async () => {
    const { chat, a, b } = await twoInAChat();
    const sent = await a.say('Hello Bob');
    const heard = await b.until('NEW_MESSAGE', (e) => e.data.uuid === sent.uuid);
    expect(heard.data).toMatchObject({
      id: sent.id,
      chatId: chat.id,
      message: 'Hello Bob',
      from: { chatUserId: sent.from!.chatUserId },
    });
    expect(sent.createdAt).toBeGreaterThan(Date.now() - 60_000);
    const [stored] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, sent.id));
    expect(stored?.message).toBe('Hello Bob');
  });

  it('stores a message sent again with the same uuid once, answering only the sender again', async () => {
    const { chat, a, b } = await twoInAChat();
    const uuid = 'resent-after-reconnect-1';
    const first = await a.say('Only once', { uuid });
    a.received.length = 0;
    const again = await a.say('Only once', { uuid });
    expect(again.id).toBe(first.id);
    expect((await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).length).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(b.received.filter((e) => e.event === 'NEW_MESSAGE')).toHaveLength(1);
  });

  it('refuses an empty message, an over-long one and a file that is not the sender’s, saying so to the sender only', async () => {
    const { a, b } = await twoInAChat();
    a.emit({ event: 'NEW_MESSAGE', data: { uuid: 'empty-message-1', message: '   ', files: [] } });
    expect((await a.until('FAILED_TO_SEND_MESSAGE', (e) => e.data.uuid === 'empty-message-1')).data.message).toBe(
      'Write a message or attach a file',
    );
    a.emit({
      event: 'NEW_MESSAGE',
      data: { uuid: 'too-long-message', message: 'x'.repeat(chatRoomApi.MESSAGE_MAX + 1), files: [] },
    });
    expect((await a.until('FAILED_TO_SEND_MESSAGE', (e) => e.data.uuid === 'too-long-message')).data.message).toBe(
      'Messages can be at most 5,000 characters',
    );
    a.emit({ event: 'NEW_MESSAGE', data: { uuid: 'foreign-file-1', message: 'see', files: [999_999] } });
    expect((await a.until('FAILED_TO_SEND_MESSAGE', (e) => e.data.uuid === 'foreign-file-1')).data.message).toMatch(
      /could not be attached/,
    );
    expect(await heardNothing(b, 'NEW_MESSAGE')).toBe(true);
  });

  it('closes with 4000 for a token that is forged, expired or for another room, and for a participant who left', async () => {
    const { ann, chat, a } = await twoInAChat();
    const { token } = await tokenFor(ann, chat.id);
    const [chatUserIdText, bound] = token.split('.');
    const chatUserId = Number(chatUserIdText);
    const forged = openRoomSocket(base, `${chatUserId}.${Date.now() + 60_000}.${'x'.repeat(43)}`, chat.room);
    expect(await forged.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    const forgedBound = openRoomSocket(
      base,
      `${chatUserId}.${bound}.${Date.now() + 60_000}.${'x'.repeat(43)}`,
      chat.room,
    );
    expect(await forgedBound.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    const { binding } = verifyRoomToken(testSecrets().sessionSecret, token, Date.now())!;
    const expired = openRoomSocket(
      base,
      signRoomToken(testSecrets().sessionSecret, chatUserId, binding, Date.now() - 1),
      chat.room,
    );
    expect(await expired.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    const other = await startChat(ann, {
      type: 'PRACTICE_TO_PRACTICE',
      targetPractice: (await staffMember(t)).practiceId,
    });
    const wrongRoom = openRoomSocket(base, token, other.room);
    expect(await wrongRoom.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    expect((await ann.client.put(`/api/v1/chat/${chat.id}/leave`, { practiceId: ann.practiceId })).statusCode).toBe(
      200,
    );
    expect(await a.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    expect(a.received.some((e) => e.event === 'UNAUTHORIZED')).toBe(true);
  });

  it('refuses a connection sending faster than anyone types, and lets it go on afterwards', async () => {
    const { a } = await twoInAChat();
    for (let i = 0; i < FLOOD_LIMIT.messages; i += 1)
      a.emit({ event: 'NEW_MESSAGE', data: { uuid: `flood-${i}-xxxx`, message: `quick ${i}`, files: [] } });
    a.emit({ event: 'NEW_MESSAGE', data: { uuid: 'one-too-many', message: 'and another', files: [] } });
    expect((await a.until('FAILED_TO_SEND_MESSAGE', (e) => e.data.uuid === 'one-too-many')).data.message).toBe(
      'You are sending messages too quickly, please wait a moment',
    );
    await a.until('NEW_MESSAGE', (e) => e.data.uuid === `flood-${FLOOD_LIMIT.messages - 1}-xxxx`);
    expect(a.received.filter((e) => e.event === 'FAILED_TO_SEND_MESSAGE')).toHaveLength(1);
  });

  it('closes the socket of someone who left the practice they spoke for, at the next check', async () => {
    const ann = await staffMember(t);
    const lake = await staffMember(t);
    const chat = (
      await ann.client.post(`/api/v1/practice/${ann.practiceId}/openChat`, { practiceId: lake.practiceId })
    ).json<{ id: number }>();
    const [a, l] = await Promise.all([connect(ann, chat.id), connect(lake, chat.id)]);
    await t.db.delete(practiceMembers).where(eq(practiceMembers.userId, lake.user.id));
    expect(await l.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    await a.say('still open for the others');
  });

  it('refuses pages of other sites at the handshake', async () => {
    const { ann, chat } = await twoInAChat();
    const { token, room } = await tokenFor(ann, chat.id);
    await expect(openRoomSocket(base, token, room, { origin: 'https://evil.example' }).opened).rejects.toThrow(
      'refused 403',
    );
    for (const origin of ['http://localhost:3000', 'https://clinic.example']) {
      const allowed = openRoomSocket(base, token, room, { origin });
      sockets.push(allowed);
      await allowed.ready();
    }
  });

  it('tells the room who is online, who joins and who leaves', async () => {
    const ann = await staffMember(t);
    const bob = await staffMember(t, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    const a = await connect(ann, chat.id);
    const annId = (await a.until('ONLINE_USERS')).data.chatUserIds[0];
    const b = await connect(bob, chat.id);
    const joined = await a.until('USER_CONNECTED');
    expect(joined.data.name).toBe(`${bob.user.firstName} ${bob.user.lastName}`);
    expect((await b.until('ONLINE_USERS')).data.chatUserIds.sort()).toEqual([annId, joined.data.chatUserId].sort());
    b.socket.close();
    expect((await a.until('USER_DISCONNECTED')).data.chatUserId).toBe(joined.data.chatUserId);
  });

  it('passes typing, background and foreground on to the others', async () => {
    const { a, b } = await twoInAChat();
    a.emit({ event: 'USER_TYPING' });
    const typing = await b.until('USER_TYPING');
    a.emit({ event: 'USER_STOPPED_TYPING' });
    expect((await b.until('USER_STOPPED_TYPING')).data.chatUserId).toBe(typing.data.chatUserId);
    a.emit({ event: 'USER_ENTERED_BACKGROUND' });
    await b.until('USER_ENTERED_BACKGROUND');
    a.emit({ event: 'USER_ENTERED_FOREGROUND' });
    await b.until('USER_ENTERED_FOREGROUND');
    expect(await heardNothing(a, 'USER_TYPING')).toBe(true);
  });

  it('moves a read position forward only, and tells the room', async () => {
    const { a, b } = await twoInAChat();
    const first = await a.say('one');
    const second = await a.say('two');
    await b.until('NEW_MESSAGE', (e) => e.data.id === second.id);
    b.emit({ event: 'USER_READ_MESSAGE', data: { lastId: second.id } });
    const receipt = await a.until('USER_READ_MESSAGE', (e) => e.data.lastId === second.id);
    expect(receipt.data.name).toMatch(/^Test User/);
    b.emit({ event: 'USER_READ_MESSAGE', data: { lastId: first.id } });
    await new Promise((r) => setTimeout(r, 300));
    expect(a.received.filter((e) => e.event === 'USER_READ_MESSAGE').map((e) => e.data.lastId)).toEqual([second.id]);
  });

  it('tells the room when the chat closes and then refuses messages', async () => {
    const { ann, chat, a, b } = await twoInAChat();
    expect((await ann.client.put(`/api/v1/chat/${chat.id}/close`, { practiceId: ann.practiceId })).statusCode).toBe(
      200,
    );
    await b.until('CHAT_CLOSED');
    a.emit({ event: 'NEW_MESSAGE', data: { uuid: 'after-close-1', message: 'anyone?', files: [] } });
    expect((await a.until('FAILED_TO_SEND_MESSAGE')).data).toEqual({
      uuid: 'after-close-1',
      message: 'This chat is closed',
    });
  });

  it('answers a message it cannot read with FAILED_TO_SEND_MESSAGE naming it when it can, and keeps the connection', async () => {
    const { a } = await twoInAChat();
    a.socket.send(JSON.stringify({ event: 'NEW_MESSAGE', data: { uuid: 'unreadable-1', message: 42 } }));
    expect((await a.until('FAILED_TO_SEND_MESSAGE')).data).toEqual({
      uuid: 'unreadable-1',
      message: 'This message could not be read',
    });
    a.socket.send(JSON.stringify({ event: 'NEW_MESSAGE', data: { message: 'no uuid' } }));
    expect((await a.until('FAILED_TO_SEND_MESSAGE', (e) => e.data.uuid === null)).data.message).toBe(
      'This message could not be read',
    );
    await a.say('still here');
  });

  it('answers a message the store fails on with FAILED_TO_SEND_MESSAGE naming it, not a bare ERROR', async () => {
    const { a, b } = await twoInAChat();
    // PostgreSQL text cannot hold a NUL character: the insert fails inside the server.
    a.emit({ event: 'NEW_MESSAGE', data: { uuid: 'store-fails-1', message: 'a\u0000b', files: [] } });
    expect((await a.until('FAILED_TO_SEND_MESSAGE')).data).toEqual({
      uuid: 'store-fails-1',
      message: 'Your message could not be sent, please try again',
    });
    expect(a.received.some((e) => e.event === 'ERROR')).toBe(false);
    await a.say('still here');
    expect(await heardNothing(b, 'FAILED_TO_SEND_MESSAGE')).toBe(true);
  });

  it('hands the sender a message that was stored when the room could not be told, rather than calling it failed', async () => {
    const { chat, a, b } = await twoInAChat();
    roomEventsFail = true;
    try {
      a.emit({ event: 'NEW_MESSAGE', data: { uuid: 'stored-not-published-1', message: 'kept anyway', files: [] } });
      expect((await a.until('NEW_MESSAGE', (e) => e.data.uuid === 'stored-not-published-1')).data.message).toBe(
        'kept anyway',
      );
    } finally {
      roomEventsFail = false;
    }
    expect(a.received.some((e) => e.event === 'FAILED_TO_SEND_MESSAGE')).toBe(false);
    const stored = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(stored.map((m) => m.uuid)).toEqual(['stored-not-published-1']);
    expect(await heardNothing(b, 'NEW_MESSAGE')).toBe(true);
  });

  it('answers what it cannot read with ERROR, and keeps the connection', async () => {
    const { a } = await twoInAChat();
    a.socket.send('not json');
    await a.until('ERROR');
    await a.say('still here');
  });

  it('lets a client that dropped catch up on what it missed from the store', async () => {
    const { bob, chat, a, b } = await twoInAChat();
    const seen = await b.say('before the drop');
    b.socket.terminate();
    await a.say('while you were away 1');
    await a.say('while you were away 2');
    const { token } = await tokenFor(bob, chat.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/florie/v1/chat/${chat.room}/messages?after=${seen.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json<{ data: { message: string }[] }>().data.map((m) => m.message)).toEqual([
      'while you were away 1',
      'while you were away 2',
    ]);
  });
});

describe("a message that crosses its sender's removal", () => {
  // An app of its own that checks sockets at the usual pace: this file's app checks every second
  // and could close the socket before the message arrives, which is not what is tested here.
  let calm: TestApp;
  let calmBase: string;
  beforeAll(async () => {
    calm = await createTestApp();
    calmBase = await listen(calm);
  });
  afterAll(async () => {
    await calm?.close();
  });

  it('is refused, saying the sender is no longer in the chat', async () => {
    const ann = await staffMember(calm);
    const bob = await staffMember(calm, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    const join = async (who: Staff) => {
      const { token, room } = await tokenFor(who, chat.id);
      const s = openRoomSocket(calmBase, token, room);
      sockets.push(s);
      await s.ready();
      return s;
    };
    const [a, b] = await Promise.all([join(ann), join(bob)]);
    const annId = (await a.say('Are you still there?')).from!.chatUserId;
    // What a message crossing the removal made on another instance meets: the row says they left.
    await calm.db.update(chatUsers).set({ leftAt: new Date() }).where(eq(chatUsers.id, annId));
    a.emit({ event: 'NEW_MESSAGE', data: { uuid: 'after-removal-1', message: 'Hello?', files: [] } });
    expect((await a.until('FAILED_TO_SEND_MESSAGE')).data).toEqual({
      uuid: 'after-removal-1',
      message: 'You are no longer in this chat',
    });
    expect(b.received.filter((e) => e.event === 'NEW_MESSAGE')).toHaveLength(1);
  });
});
