import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { liveService } from '../../test/live-services.js';
import { inspectRedis, uniqueRedisPrefix } from '../../platform/realtime/redis.test-support.js';
import { listen, openRoomSocket, staffMember, startChat, tokenFor, type RoomSocket } from './chats.test-factories.js';

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

  async function pair() {
    const ann = await staffMember(first);
    const bob = await staffMember(first, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    const [annToken, bobToken] = await Promise.all([tokenFor(ann, chat.id), tokenFor(bob, chat.id)]);
    const a = openRoomSocket(firstBase, annToken.token, chat.room);
    sockets.push(a);
    await a.ready();
    const b = openRoomSocket(secondBase, bobToken.token, chat.room);
    sockets.push(b);
    await b.ready();
    return { a, b, annToken, bobToken };
  }

  it('delivers every message, both ways, to the participant on the other instance', async () => {
    const { a, b } = await pair();
    const fromA = await a.say('Sent through the first instance');
    expect((await b.until('NEW_MESSAGE', (e) => e.data.id === fromA.id)).data.message).toBe('Sent through the first instance');
    const fromB = await b.say('Answered through the second');
    expect((await a.until('NEW_MESSAGE', (e) => e.data.id === fromB.id)).data.message).toBe('Answered through the second');
  });

  it('shares presence, typing and read receipts', async () => {
    const { a, b, annToken, bobToken } = await pair();
    expect((await a.until('USER_CONNECTED')).data.chatUserId).toBe(bobToken.chatUserId);
    expect((await b.until('ONLINE_USERS')).data.chatUserIds).toEqual([annToken.chatUserId, bobToken.chatUserId].sort((x, y) => x - y));
    b.emit({ event: 'USER_TYPING' });
    await a.until('USER_TYPING');
    const sent = await a.say('Did you read this?');
    await b.until('NEW_MESSAGE', (e) => e.data.id === sent.id);
    b.emit({ event: 'USER_READ_MESSAGE', data: { lastId: sent.id } });
    expect((await a.until('USER_READ_MESSAGE')).data).toMatchObject({ chatUserId: bobToken.chatUserId, lastId: sent.id });
    b.socket.close();
    expect((await a.until('USER_DISCONNECTED')).data.chatUserId).toBe(bobToken.chatUserId);
  });
});
