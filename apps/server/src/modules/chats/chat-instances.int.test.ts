import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { liveService } from '../../test/live-services.js';
import { inspectRedis, uniqueRedisPrefix } from '../../platform/realtime/redis.test-support.js';
import { chatMessages } from './chats.table.js';
import {
  listen,
  openRoomSocket,
  roomCall,
  staffMember,
  startChat,
  tokenFor,
  type RoomSocket,
} from './chats.test-factories.js';

const redis = liveService('TEST_REDIS_URL');

/**
 * Two server instances behind a load balancer share PostgreSQL (here: one database) and Redis; a
 * participant's socket lands on either. Whatever happens in a room reaches everyone in it.
 */
describe.runIf(redis)('a chat across two instances sharing Redis', () => {
  const prefix = uniqueRedisPrefix();
  let first: TestApp;
  let second: TestApp;
  let firstBase: string;
  let secondBase: string;
  const sockets: RoomSocket[] = [];

  beforeAll(async () => {
    const env = { REDIS_URL: redis!.TEST_REDIS_URL, REDIS_PREFIX: prefix };
    first = await createTestApp(env);
    second = await createTestApp(env, { database: first.database });
    [firstBase, secondBase] = await Promise.all([listen(first), listen(second)]);
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.terminate();
    await second?.close();
    await first?.close();
    await inspectRedis().cleanUp(prefix);
  });

  async function connect(base: string, token: string, room: string) {
    const s = openRoomSocket(base, token, room);
    sockets.push(s);
    await s.ready();
    return s;
  }

  /** Ann's socket is on the first instance, Bob's on the second. */
  async function pair() {
    const ann = await staffMember(first);
    const bob = await staffMember(first, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    const [annToken, bobToken] = await Promise.all([tokenFor(ann, chat.id), tokenFor(bob, chat.id)]);
    const a = await connect(firstBase, annToken.token, chat.room);
    const b = await connect(secondBase, bobToken.token, chat.room);
    return { ann, chat, a, b, annToken, bobToken };
  }

  it('delivers every message, both ways, to the participant on the other instance', async () => {
    const { a, b } = await pair();
    const fromA = await a.say('Sent through the first instance');
    expect((await b.until('NEW_MESSAGE', (e) => e.data.id === fromA.id)).data.message).toBe(
      'Sent through the first instance',
    );
    const fromB = await b.say('Answered through the second');
    expect((await a.until('NEW_MESSAGE', (e) => e.data.id === fromB.id)).data.message).toBe(
      'Answered through the second',
    );
  });

  it('shares presence, typing and read receipts', async () => {
    const { a, b, annToken, bobToken } = await pair();
    expect((await a.until('USER_CONNECTED')).data.chatUserId).toBe(bobToken.chatUserId);
    expect((await b.until('ONLINE_USERS')).data.chatUserIds).toEqual(
      [annToken.chatUserId, bobToken.chatUserId].sort((x, y) => x - y),
    );
    b.emit({ event: 'USER_TYPING' });
    await a.until('USER_TYPING');
    const sent = await a.say('Did you read this?');
    await b.until('NEW_MESSAGE', (e) => e.data.id === sent.id);
    b.emit({ event: 'USER_READ_MESSAGE', data: { lastId: sent.id } });
    expect((await a.until('USER_READ_MESSAGE')).data).toMatchObject({
      chatUserId: bobToken.chatUserId,
      lastId: sent.id,
    });
    b.socket.close();
    expect((await a.until('USER_DISCONNECTED')).data.chatUserId).toBe(bobToken.chatUserId);
  });

  it('stores a message re-sent through the other instance after a reconnect once, answering only its sender again', async () => {
    const { chat, a, b, annToken } = await pair();
    const uuid = `across-instances-${Date.now()}`;
    const sent = await a.say('Sent once, whichever instance hears it again', { uuid });
    await b.until('NEW_MESSAGE', (e) => e.data.id === sent.id);
    // The connection drops before the client saw its answer; the load balancer sends it to the other instance.
    a.socket.terminate();
    const again = await connect(secondBase, annToken.token, chat.room);
    expect((await again.say('Sent once, whichever instance hears it again', { uuid })).id).toBe(sent.id);
    expect(await first.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(b.received.filter((e) => e.event === 'NEW_MESSAGE')).toHaveLength(1);
  });

  it('lets a participant who dropped catch up on the other instance with what was said meanwhile', async () => {
    const { chat, a, b, bobToken } = await pair();
    const seen = await b.say('Before my connection drops');
    b.socket.terminate();
    await a.say('While you were away 1');
    await a.say('While you were away 2');
    const back = await connect(firstBase, bobToken.token, chat.room);
    for (const instance of [first, second]) {
      const res = await roomCall(
        instance,
        bobToken.token,
        'GET',
        `/florie/v1/chat/${chat.room}/messages?after=${seen.id}`,
      );
      expect(res.json<{ data: { message: string }[] }>().data.map((m) => m.message)).toEqual([
        'While you were away 1',
        'While you were away 2',
      ]);
    }
    const after = await a.say('And now you are back');
    await back.until('NEW_MESSAGE', (e) => e.data.id === after.id);
  });

  it('tells a participant on the other instance that the chat closed, and then refuses their messages', async () => {
    const { ann, chat, b } = await pair();
    expect((await ann.client.put(`/api/v1/chat/${chat.id}/close`, { practiceId: ann.practiceId })).statusCode).toBe(
      200,
    );
    expect((await b.until('CHAT_CLOSED')).data).toEqual({ chatId: chat.id });
    b.emit({ event: 'NEW_MESSAGE', data: { uuid: 'closed-across-1', message: 'Anyone?', files: [] } });
    expect((await b.until('FAILED_TO_SEND_MESSAGE')).data).toEqual({
      uuid: 'closed-across-1',
      message: 'This chat is closed',
    });
  });
});
