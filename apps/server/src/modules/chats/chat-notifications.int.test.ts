import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { notificationsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { lastMessage } from '../../test/client.js';
import { practices } from '../../core/index.js';
import { chats } from './chats.table.js';
import { PATIENT_TEXT_GAP_MS } from './chat-jobs.js';
import { openEventsSocket } from '../../test/sockets.js';
import { NOTIFICATION_DISMISSED, NOTIFICATION_WRITTEN } from '../notifications/notifications.service.js';
import {
  jobsDone,
  listen,
  openRoomSocket,
  roomCall,
  staffMember,
  startChat,
  tokenFor,
  type RoomSocket,
  type Staff,
} from './chats.test-factories.js';

let t: TestApp;
let base: string;
const sockets: { socket: { terminate(): void } }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
});
afterAll(async () => {
  for (const s of sockets) s.socket.terminate();
  await t?.close();
});

async function connect(who: Staff, chatId: number): Promise<RoomSocket> {
  const { token, room } = await tokenFor(who, chatId);
  const s = openRoomSocket(base, token, room);
  sockets.push(s);
  await s.ready();
  return s;
}

/** Ann writes to Bob, who is not connected, until he has a notification about the chat. */
async function bobAway() {
  const ann = await staffMember(t);
  const bob = await staffMember(t, 'STAFF', ann.practiceId);
  const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
  const a = await connect(ann, chat.id);
  const first = await a.say('First');
  const last = await a.say('Second');
  await jobsDone(t);
  expect(await openCount(bob)).toBe(1);
  return { ann, bob, chat, a, first, last };
}

const openCount = async (who: Staff) => (await who.client.get('/api/v1/notification')).json<{ count: number }>().count;
const listOf = async (who: Staff) =>
  (await who.client.get('/api/v1/notification')).json<{ data: notificationsApi.Notification[]; count: number }>();

describe('a chat notification pushed to the app', () => {
  it('offers to open the chat', async () => {
    const ann = await staffMember(t);
    const bob = await staffMember(t, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    const events = openEventsSocket(base, bob.client);
    sockets.push(events);
    await events.subscribe();
    await (await connect(ann, chat.id)).say('Hello');
    await jobsDone(t);
    const pushed = await events.until((m) => m.event === NOTIFICATION_WRITTEN);
    expect(pushed.data.notification).toEqual({
      type: 'notification',
      title: 'New Message',
      text: `You have a new chat message from ${ann.user.firstName} ${ann.user.lastName}`,
      link: `/chats/${chat.id}`,
      actions: [{ title: 'Open chat', link: `/chats/${chat.id}` }],
    });
  });
});

describe('a chat notification goes once its chat is read or left', () => {
  it('stays while the chat is read part of the way, and goes, in every open app, once it is read to the newest message', async () => {
    const { bob, chat, a, first, last } = await bobAway();
    const events = openEventsSocket(base, bob.client);
    sockets.push(events);
    await events.subscribe();
    const b = await connect(bob, chat.id);
    b.emit({ event: 'USER_READ_MESSAGE', data: { lastId: first.id } });
    await a.until('USER_READ_MESSAGE', (e) => e.data.lastId === first.id);
    expect(await openCount(bob)).toBe(1);
    b.emit({ event: 'USER_READ_MESSAGE', data: { lastId: last.id } });
    expect((await events.until((m) => m.event === NOTIFICATION_DISMISSED)).data).toEqual({ updateUnreads: true });
    expect(await openCount(bob)).toBe(0);
    expect((await bob.client.get('/api/v1/user/notifications/count')).json()).toEqual({ count: 0 });
  });

  it('goes when its person answers in the chat', async () => {
    const { bob, chat } = await bobAway();
    const b = await connect(bob, chat.id);
    await b.say('On it');
    expect(await openCount(bob)).toBe(0);
  });

  it('goes when its person leaves the chat or is taken out of it, and only theirs', async () => {
    const { ann, bob, chat, a } = await bobAway();
    expect((await bob.client.put(`/api/v1/chat/${chat.id}/leave`, { practiceId: bob.practiceId })).statusCode).toBe(
      200,
    );
    expect(await openCount(bob)).toBe(0);

    const cat = await staffMember(t, 'STAFF', ann.practiceId);
    const dan = await staffMember(t, 'STAFF', ann.practiceId);
    expect(
      (
        await ann.client.put(`/api/v1/chat/${chat.id}`, {
          practiceId: ann.practiceId,
          users: [cat.user.id, dan.user.id],
        })
      ).statusCode,
    ).toBe(200);
    await a.say('Welcome both');
    await jobsDone(t);
    expect([await openCount(cat), await openCount(dan)]).toEqual([1, 1]);
    expect(
      (await ann.client.put(`/api/v1/chat/${chat.id}`, { practiceId: ann.practiceId, users: [dan.user.id] }))
        .statusCode,
    ).toBe(200);
    expect(await openCount(cat)).toBe(0);
    expect((await listOf(dan)).data).toMatchObject([{ title: 'New Message', link: `/chats/${chat.id}` }]);
  });
});

describe('a participant whose chat is only in the background is away', () => {
  it('is notified while every connection of theirs is in the background, and not while one is in front', async () => {
    const ann = await staffMember(t);
    const bob = await staffMember(t, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    const a = await connect(ann, chat.id);
    const phone = await connect(bob, chat.id);
    await a.say('You are looking');
    await jobsDone(t);
    expect(await openCount(bob)).toBe(0);

    phone.emit({ event: 'USER_ENTERED_BACKGROUND' });
    await a.until('USER_ENTERED_BACKGROUND');
    await a.say('Your phone is in your pocket');
    await jobsDone(t);
    expect((await listOf(bob)).data).toMatchObject([{ title: 'New Message', link: `/chats/${chat.id}` }]);
    await bob.client.put('/api/v1/notification/clear', {});

    const desktop = await connect(bob, chat.id);
    await a.say('Your desk is in front of you');
    await jobsDone(t);
    expect(await openCount(bob)).toBe(0);

    desktop.emit({ event: 'USER_ENTERED_BACKGROUND' });
    await a.until(
      'USER_ENTERED_BACKGROUND',
      () => a.received.filter((e) => e.event === 'USER_ENTERED_BACKGROUND').length === 2,
    );
    phone.emit({ event: 'USER_ENTERED_FOREGROUND' });
    await a.until('USER_ENTERED_FOREGROUND');
    await a.say('Back on the phone');
    await jobsDone(t);
    expect(await openCount(bob)).toBe(0);
  });
});

describe('a patient away from their chat is texted when the practice writes', () => {
  it('at most once per chat in the gap, naming only the practice, with a working link; not while they look at the chat', async () => {
    const phone = '+12025550147';
    const ann = await staffMember(t);
    const [practice] = await t.db
      .select({ name: practices.name })
      .from(practices)
      .where(eq(practices.id, ann.practiceId));
    const chat = await startChat(ann, { type: 'PATIENT', usersPhoneNumbers: [phone] });
    const a = await connect(ann, chat.id);
    await jobsDone(t);
    const invitation = await lastMessage(t.db, phone);
    expect(invitation?.body).toMatch(/sent you a secure message on Referwell/);
    const newest = async () => await lastMessage(t.db, phone);
    /** What half an hour does to the chat's last text. */
    const gapPasses = () =>
      t.db
        .update(chats)
        .set({ patientTextedAt: new Date(Date.now() - PATIENT_TEXT_GAP_MS) })
        .where(eq(chats.id, chat.id));

    // Right after the invitation: no second text.
    await a.say('Welcome, ask us anything');
    await jobsDone(t);
    expect((await newest()).id).toBe(invitation.id);

    await gapPasses();
    await a.say('Your results are in');
    await jobsDone(t);
    const told = await newest();
    expect(told.id).not.toBe(invitation.id);
    const url = told.body.match(/https?:\/\/\S+/)![0];
    expect(told.body).toBe(`${practice.name} sent you a new secure message on Referwell. Open your chat: ${url}`);
    expect(told.body.replace(url, '')).not.toMatch(/results|Patient|0147/);
    const link = new URL(url);
    expect(link.searchParams.get('room')).toBe(chat.room);
    expect((await roomCall(t, link.searchParams.get('token')!, 'GET', `/florie/v1/chat/${chat.room}`)).statusCode).toBe(
      200,
    );

    // Within the gap, however many messages: nothing more.
    await a.say('Please call us');
    await a.say('Or write here');
    await jobsDone(t);
    expect((await newest()).id).toBe(told.id);

    // Looking at the chat: no text; the chat only in the background: texted.
    await gapPasses();
    const p = openRoomSocket(base, link.searchParams.get('token')!, chat.room);
    sockets.push(p);
    await p.ready();
    await a.say('Are you there?');
    await jobsDone(t);
    expect((await newest()).id).toBe(told.id);
    p.emit({ event: 'USER_ENTERED_BACKGROUND' });
    await a.until('USER_ENTERED_BACKGROUND');
    await a.say('We will call you');
    await jobsDone(t);
    expect((await newest()).id).not.toBe(told.id);

    // The patient's own messages text nobody.
    await gapPasses();
    const before = await newest();
    await p.say('Thanks');
    await jobsDone(t);
    expect((await newest()).id).toBe(before.id);
  });
});
