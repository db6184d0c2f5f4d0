import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatRoomApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { chatMessages } from './chats.table.js';
import { FLOOD_LIMIT } from './chat-socket-events.js';
import {
  heardNothing,
  listen,
  openRoomSocket,
  staffMember,
  startChat,
  tokenFor,
  type RoomSocket,
} from './chats.test-factories.js';

/**
 * Limits a participant cannot get round by opening more sockets: messages count per participant
 * (all their sockets together) and per chat, and a participant holds a bounded number of sockets.
 * One instance here, counting in memory; chat-limits-instances.int.test.ts counts across two in Redis.
 */
const ROOM_LIMIT = FLOOD_LIMIT.messages + 10;
let t: TestApp;
let base: string;
const sockets: RoomSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ CHAT_SOCKETS_PER_PARTICIPANT: '2', CHAT_ROOM_MESSAGE_LIMIT: String(ROOM_LIMIT) });
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

/** Three colleagues in a person-to-person chat, with their tokens. */
async function threeInAChat() {
  const ann = await staffMember(t);
  const bob = await staffMember(t, 'STAFF', ann.practiceId);
  const cal = await staffMember(t, 'STAFF', ann.practiceId);
  const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id, cal.user.id] });
  const [annToken, bobToken, calToken] = await Promise.all([
    tokenFor(ann, chat.id),
    tokenFor(bob, chat.id),
    tokenFor(cal, chat.id),
  ]);
  return { chat, annToken, bobToken, calToken };
}

/**
 * Sends `count` messages on `s` at once (well inside the limits' 10 s window, however slow the
 * database), then waits for the last to come back stored.
 */
async function sendMany(s: RoomSocket, prefix: string, count: number) {
  const uuids = Array.from({ length: count }, (_, i) => `${prefix}-${i}-${Date.now()}`);
  for (const uuid of uuids) s.emit({ event: 'NEW_MESSAGE', data: { uuid, message: uuid, files: [] } });
  await s.until('NEW_MESSAGE', (e) => e.data.uuid === uuids[count - 1]);
}

const stored = async (chatId: number) =>
  (await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).length;

describe('chat flood limits', () => {
  it('count a participant’s messages on all their sockets together, and refuse the one too many without storing it', async () => {
    const { chat, annToken, bobToken } = await threeInAChat();
    const first = await connect(annToken.token, chat.room);
    const second = await connect(annToken.token, chat.room);
    await Promise.all([
      sendMany(first, 'first-socket', FLOOD_LIMIT.messages / 2),
      sendMany(second, 'second-socket', FLOOD_LIMIT.messages / 2),
    ]);
    second.emit({ event: 'NEW_MESSAGE', data: { uuid: 'one-too-many-1', message: 'and another', files: [] } });
    expect((await second.until('FAILED_TO_SEND_MESSAGE')).data).toEqual({
      uuid: 'one-too-many-1',
      message: 'You are sending messages too quickly, please wait a moment',
    });
    first.emit({ event: 'NEW_MESSAGE', data: { uuid: 'one-too-many-2', message: 'from the other one', files: [] } });
    expect((await first.until('FAILED_TO_SEND_MESSAGE')).data.uuid).toBe('one-too-many-2');
    expect(await stored(chat.id)).toBe(FLOOD_LIMIT.messages);
    // Another participant has an allowance of their own.
    const bob = await connect(bobToken.token, chat.room);
    await bob.say('My turn');
  });

  it('cap what a chat takes from everyone together, saying so to the sender', async () => {
    const { chat, annToken, bobToken, calToken } = await threeInAChat();
    const [ann, bob, cal] = [
      await connect(annToken.token, chat.room),
      await connect(bobToken.token, chat.room),
      await connect(calToken.token, chat.room),
    ];
    await Promise.all([
      sendMany(ann, 'ann', FLOOD_LIMIT.messages),
      sendMany(bob, 'bob', ROOM_LIMIT - FLOOD_LIMIT.messages),
    ]);
    cal.emit({ event: 'NEW_MESSAGE', data: { uuid: 'room-full-1', message: 'Can I say something?', files: [] } });
    expect((await cal.until('FAILED_TO_SEND_MESSAGE')).data).toEqual({
      uuid: 'room-full-1',
      message: 'This chat is getting too many messages at once, please wait a moment',
    });
    expect(await stored(chat.id)).toBe(ROOM_LIMIT);
    expect(await heardNothing(ann, 'FAILED_TO_SEND_MESSAGE')).toBe(true);
  });
});

describe('a participant’s sockets', () => {
  it('are at most CHAT_SOCKETS_PER_PARTICIPANT: a new one closes the oldest with its own code, and the room does not see them leave', async () => {
    const { chat, annToken, bobToken } = await threeInAChat();
    const bob = await connect(bobToken.token, chat.room);
    const oldest = await connect(annToken.token, chat.room);
    const middle = await connect(annToken.token, chat.room);
    await bob.until('USER_CONNECTED');
    bob.received.length = 0;
    const newest = await connect(annToken.token, chat.room);
    expect(await oldest.closed).toBe(chatRoomApi.CHAT_SOCKET_REPLACED);
    expect(oldest.received.some((e) => e.event === 'UNAUTHORIZED')).toBe(false);
    await middle.say('Still open in the middle');
    await newest.say('And in the newest');
    await bob.say('Not closed by their sockets');
    expect(await heardNothing(bob, 'USER_DISCONNECTED')).toBe(true);
  });
});
