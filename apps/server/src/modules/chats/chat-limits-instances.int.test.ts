import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatRoomApi, type SessionInfo } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TEST_PASSWORD } from '../../test/factories.js';
import { liveService } from '../../test/live-services.js';
import { inspectRedis, uniqueRedisPrefix } from '../../platform/realtime/redis.test-support.js';
import { signedIn } from '../practices/practices.test-factories.js';
import { chatMessages } from './chats.table.js';
import { FLOOD_LIMIT } from './chat-socket-events.js';
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

const redis = liveService('TEST_REDIS_URL');

/**
 * Two instances sharing the database and Redis, a participant's sockets on both: the flood limit
 * and the socket cap count them together, and an ended session or a revoked link closes sockets
 * on the instance that did not end it. Sockets are checked again only every 300 s here, so what
 * closes them within a test is the bus, not the periodic check.
 */
describe.runIf(redis)('chat limits and token revocation across two instances sharing Redis', () => {
  const prefix = uniqueRedisPrefix();
  let first: TestApp;
  let second: TestApp;
  let firstBase: string;
  let secondBase: string;
  const sockets: RoomSocket[] = [];

  beforeAll(async () => {
    const env = {
      REDIS_URL: redis!.TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      SOCKET_CHECK_SECONDS: '300',
      CHAT_SOCKETS_PER_PARTICIPANT: '2',
    };
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

  async function pair() {
    const ann = await staffMember(first);
    const bob = await staffMember(first, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    return { ann, bob, chat, annToken: await tokenFor(ann, chat.id) };
  }

  const sendMany = (s: RoomSocket, prefixText: string, count: number) => {
    const uuids = Array.from({ length: count }, (_, i) => `${prefixText}-${i}-${Date.now()}`);
    for (const uuid of uuids) s.emit({ event: 'NEW_MESSAGE', data: { uuid, message: uuid, files: [] } });
    return s.until('NEW_MESSAGE', (e) => e.data.uuid === uuids[count - 1]);
  };

  it('count a participant’s messages on both instances against one limit', async () => {
    const { chat, annToken } = await pair();
    const onFirst = await connect(firstBase, annToken.token, chat.room);
    const onSecond = await connect(secondBase, annToken.token, chat.room);
    await Promise.all([
      sendMany(onFirst, 'on-first', FLOOD_LIMIT.messages / 2),
      sendMany(onSecond, 'on-second', FLOOD_LIMIT.messages / 2),
    ]);
    onSecond.emit({ event: 'NEW_MESSAGE', data: { uuid: 'across-too-many-1', message: 'one more', files: [] } });
    expect((await onSecond.until('FAILED_TO_SEND_MESSAGE')).data).toEqual({
      uuid: 'across-too-many-1',
      message: 'You are sending messages too quickly, please wait a moment',
    });
    onFirst.emit({ event: 'NEW_MESSAGE', data: { uuid: 'across-too-many-2', message: 'and one more', files: [] } });
    expect((await onFirst.until('FAILED_TO_SEND_MESSAGE')).data.uuid).toBe('across-too-many-2');
    expect(await first.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toHaveLength(
      FLOOD_LIMIT.messages,
    );
  });

  it('close a participant’s oldest socket, on the first instance, when a socket beyond the cap opens on the second', async () => {
    const { chat, annToken } = await pair();
    const oldest = await connect(firstBase, annToken.token, chat.room);
    const next = await connect(firstBase, annToken.token, chat.room);
    const newest = await connect(secondBase, annToken.token, chat.room);
    expect(await oldest.closed).toBe(chatRoomApi.CHAT_SOCKET_REPLACED);
    await next.say('Still open on the first');
    await newest.say('Open on the second');
  });

  /** Ann's desk session fetched the token through the first instance; her socket is on the second; her phone is another session. */
  async function deskOnSecond() {
    const { ann, chat, annToken } = await pair();
    const phone: Staff = { ...ann, client: await signedIn(second.app, ann.user) };
    const socket = await connect(secondBase, annToken.token, chat.room);
    const refused = async () => {
      expect(await socket.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
      for (const instance of [first, second])
        expect((await roomCall(instance, annToken.token, 'GET', `/florie/v1/chat/${chat.room}`)).statusCode).toBe(401);
    };
    return { desk: ann, phone, refused };
  }

  it('close a staff socket on the other instance with 4000 when its session signs out, and refuse its room calls on both', async () => {
    const { desk, refused } = await deskOnSecond();
    expect((await desk.client.put('/api/v1/auth/logout')).statusCode).toBe(200);
    await refused();
  });

  it('do the same when the session is ended from another device’s sessions list', async () => {
    const { desk, phone, refused } = await deskOnSecond();
    const uuid = (await desk.client.get('/api/v1/auth/sessions')).json<SessionInfo[]>().find((s) => s.current)!.uuid;
    expect((await phone.client.delete('/api/v1/auth/sessions', { uuid })).statusCode).toBe(200);
    await refused();
  });

  it('do the same when the password is changed on another device', async () => {
    const { phone, refused } = await deskOnSecond();
    expect(
      (
        await phone.client.put('/api/v1/updatePassword', {
          currentPassword: TEST_PASSWORD,
          newPassword: 'another-long-password-2',
        })
      ).statusCode,
    ).toBe(200);
    await refused();
  });

  it('close a patient’s socket on the other instance when the practice revokes their link, and let a new link in', async () => {
    const ann = await staffMember(first);
    const { chat, phone, link } = await chatWithTextedPatient(first, ann);
    const patient = await connect(secondBase, link.token, link.room);
    expect(
      (await ann.client.post(`/api/v1/chat/${chat.id}/link/revoke`, { practiceId: ann.practiceId, sendNewLink: true }))
        .statusCode,
    ).toBe(200);
    expect(await patient.closed).toBe(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED);
    for (const instance of [first, second])
      expect((await roomCall(instance, link.token, 'GET', `/florie/v1/chat/${chat.room}`)).statusCode).toBe(401);
    await jobsDone(first);
    const fresh = await textedLink(first, phone);
    const back = await connect(secondBase, fresh.token, fresh.room);
    await back.say('Back with the new link');
  });
});
