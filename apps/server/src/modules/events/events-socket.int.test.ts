import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { openEventsSocket } from '../../test/sockets.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { signedIn } from '../practices/practices.test-factories.js';
import type { TestClient } from '../../test/client.js';
import { REFERRAL_CHANGED, createLocalBus } from '../../platform/events/bus.js';
import { insertReferral } from '../referrals/referrals.test-factories.js';
import { CHAT_NOTICE, type ChatNotice } from '../chats/chat-events.js';
import { NOTIFICATION_WRITTEN, type NotificationWritten } from '../notifications/notifications.service.js';

let t: TestApp;
let base: string;
const bus = createLocalBus();
beforeAll(async () => {
  t = await createTestApp({ SOCKET_CHECK_SECONDS: '1' }, { bus });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

/** A socket of the signed-in client, collecting what it is pushed. */
const open = (client: TestClient | null, headers: Record<string, string> = {}) =>
  openEventsSocket(base, client, headers);

async function member() {
  const practice = await createPractice(t.db);
  const user = await createUser(t.db);
  await addMember(t.db, practice.id, user.id, 'PROVIDER');
  return { practice, user, client: await signedIn(t.app, user) };
}

describe('the events socket', () => {
  it('pushes referral changes to the members of the practices concerned, with a notification for comments', async () => {
    const sender = await member();
    const receiver = await member();
    const bystander = await member();
    const [s, r, b] = [open(sender.client), open(receiver.client), open(bystander.client)];
    await Promise.all([s.subscribe(), r.subscribe(), b.subscribe()]);
    const { referral } = await insertReferral(t.db, {
      senderPracticeId: sender.practice.id,
      fromUserId: sender.user.id,
      offeredTo: [receiver.practice.id],
    });

    await bus.publish(REFERRAL_CHANGED, {
      referralId: referral.id,
      kind: 'OFFERED',
      practiceIds: [receiver.practice.id],
    });
    const offered = await r.until((m) => m.event === REFERRAL_CHANGED);
    // What it says reaches the people concerned as a notification (NOTIFICATION_WRITTEN).
    expect(offered.data).toEqual({
      updateUnreads: true,
      practiceId: receiver.practice.id,
      referral: { id: referral.id, kind: 'OFFERED' },
    });

    await bus.publish(REFERRAL_CHANGED, {
      referralId: referral.id,
      kind: 'ACCEPTED',
      practiceIds: [sender.practice.id],
    });
    const accepted = await s.until((m) => m.event === REFERRAL_CHANGED);
    expect(accepted.data).toEqual({
      updateUnreads: true,
      practiceId: sender.practice.id,
      referral: { id: referral.id, kind: 'ACCEPTED' },
    });

    // A comment is told to everyone on the referral as it comes, naming no patient.
    await bus.publish(REFERRAL_CHANGED, {
      referralId: referral.id,
      kind: 'COMMENTED',
      practiceIds: [receiver.practice.id],
    });
    const commented = await r.until((m) => m.event === REFERRAL_CHANGED && m.data.referral?.kind === 'COMMENTED');
    expect(commented.data.notification).toEqual({
      type: 'notification',
      title: 'New comment',
      text: 'There is a new comment on a referral',
      link: `/referrals/view/${referral.id}`,
      actions: [{ title: 'View referral', link: `/referrals/view/${referral.id}` }],
    });
    expect(b.received.filter((m) => m.event === REFERRAL_CHANGED)).toEqual([]);
    for (const x of [s, r, b]) x.socket.close();
  });

  it('pushes chat changes to the practices and people who see the chat, and a notification to its person only', async () => {
    const ann = await member();
    const colleague = await member();
    await addMember(t.db, ann.practice.id, colleague.user.id, 'STAFF');
    const outsider = await member();
    const [a, c, o] = [open(ann.client), open(colleague.client), open(outsider.client)];
    await Promise.all([a.subscribe(), c.subscribe(), o.subscribe()]);
    await bus.publish(CHAT_NOTICE, {
      chatId: 7,
      practiceIds: [ann.practice.id],
      userIds: [outsider.user.id],
    } satisfies ChatNotice);
    for (const s of [a, c])
      expect((await s.until((m) => m.event === CHAT_NOTICE)).data).toEqual({
        updateUnreads: true,
        chat: { id: 7 },
        practiceId: ann.practice.id,
      });
    expect((await o.until((m) => m.event === CHAT_NOTICE)).data).toEqual({ updateUnreads: true, chat: { id: 7 } });
    const notification = {
      id: 1,
      practiceId: ann.practice.id,
      category: 'GENERAL' as const,
      type: 'notification' as const,
      title: 'New Message',
      text: 'You have a new chat message from Bob',
      link: '/chats/7',
      createdAt: 0,
    };
    const actions = [{ title: 'Open chat', link: '/chats/7' }];
    await bus.publish(NOTIFICATION_WRITTEN, {
      userId: ann.user.id,
      notification,
      actions,
    } satisfies NotificationWritten);
    expect((await a.until((m) => m.event === NOTIFICATION_WRITTEN)).data).toEqual({
      updateUnreads: true,
      practiceId: ann.practice.id,
      notification: {
        title: 'New Message',
        text: 'You have a new chat message from Bob',
        type: 'notification',
        link: '/chats/7',
        actions,
      },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(c.received.some((m) => m.event === NOTIFICATION_WRITTEN)).toBe(false);
    for (const x of [a, c, o]) x.socket.close();
  });

  it('pushes nothing before SUBSCRIBE and answers unknown messages with an error', async () => {
    const receiver = await member();
    const sender = await member();
    const r = open(receiver.client);
    await r.opened;
    const { referral } = await insertReferral(t.db, {
      senderPracticeId: sender.practice.id,
      fromUserId: sender.user.id,
      offeredTo: [receiver.practice.id],
    });
    await bus.publish(REFERRAL_CHANGED, {
      referralId: referral.id,
      kind: 'OFFERED',
      practiceIds: [receiver.practice.id],
    });
    r.socket.send('hello');
    await r.until((m) => m.event === 'ERROR');
    expect(r.received.some((m) => m.event === REFERRAL_CHANGED)).toBe(false);
    r.socket.close();
  });

  it("refuses anonymous handshakes and other sites' pages", async () => {
    await expect(open(null).opened).rejects.toThrow('refused 401');
    const someone = await member();
    await expect(open(someone.client, { origin: 'https://evil.example' }).opened).rejects.toThrow('refused 403');
    const own = open(someone.client, { origin: 'http://localhost:3000' });
    await own.opened;
    own.socket.close();
  });

  it('closes with 4000 once the session behind it ends', async () => {
    const someone = await member();
    const s = open(someone.client);
    await s.subscribe();
    await someone.client.put('/api/v1/auth/logout');
    expect(await s.closed).toBe(eventsApi.SOCKET_UNAUTHORIZED);
  });
});

describe('the events socket, with the periodic session check far off', () => {
  let slow: TestApp;
  let slowBase: string;
  beforeAll(async () => {
    slow = await createTestApp({ SOCKET_CHECK_SECONDS: '300' });
    slowBase = (await slow.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  });
  afterAll(async () => {
    await slow?.close();
  });

  it('closes with 4000 as soon as the session is ended from another device, not at the next check', async () => {
    const practice = await createPractice(slow.db);
    const user = await createUser(slow.db);
    await addMember(slow.db, practice.id, user.id, 'PROVIDER');
    const phone = await signedIn(slow.app, user);
    const desk = await signedIn(slow.app, user);
    const s = openEventsSocket(slowBase, phone);
    await s.subscribe();
    const sessions = (await desk.get('/api/v1/auth/sessions')).json<{ uuid: string; current: boolean }[]>();
    const other = sessions.find((x) => !x.current)!;
    expect((await desk.delete('/api/v1/auth/sessions', { uuid: other.uuid })).statusCode).toBe(200);
    expect(await s.closed).toBe(eventsApi.SOCKET_UNAUTHORIZED);
  });
});
