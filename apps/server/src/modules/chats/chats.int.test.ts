import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { chatsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createPractice, createUser } from '../../test/factories.js';
import { lastMessage } from '../../test/client.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { chatMessages, chatUsers } from './chats.table.js';
import {
  jobsDone,
  listen,
  openRoomSocket,
  roomCall,
  staffMember,
  startChat,
  tokenFor,
} from './chats.test-factories.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
});
afterAll(async () => {
  await t?.close();
});

const list = async (who: Awaited<ReturnType<typeof staffMember>>, query = '') =>
  (await who.client.get(`/api/v1/chats?practiceId=${who.practiceId}${query}`)).json<{
    data: chatsApi.ChatSummary[];
    count: number | null;
  }>();

describe('starting chats', () => {
  it('opens one chat between two practices, shared by both practices’ staff, titled with the other practice', async () => {
    const ann = await staffMember(t);
    const lake = await staffMember(t);
    const lakeColleague = await staffMember(t, 'STAFF', lake.practiceId);
    const opened = await ann.client.post(`/api/v1/practice/${ann.practiceId}/openChat`, {
      practiceId: lake.practiceId,
    });
    expect(opened.statusCode).toBe(200);
    const chat = opened.json<chatsApi.ChatSummary>();
    expect(chat).toMatchObject({
      type: 'PRACTICE_TO_PRACTICE',
      status: 'ACTIVE',
      targetPractice: { id: lake.practiceId },
      unreadCount: 0,
    });
    const again = await ann.client.post(`/api/v1/practice/${ann.practiceId}/openChat`, { practiceId: lake.practiceId });
    expect(again.json<chatsApi.ChatSummary>().id).toBe(chat.id);
    const theirs = await list(lakeColleague);
    expect(theirs.data.map((c) => [c.id, c.title])).toEqual([[chat.id, chat.practice.name]]);
    expect((await list(await staffMember(t))).data).toEqual([]);
  });

  it('makes one chat when the same conversation is opened several times at once', async () => {
    const ann = await staffMember(t);
    const lake = await staffMember(t);
    const lakeColleague = await staffMember(t, 'STAFF', lake.practiceId);
    const both = await Promise.all([
      ann.client.post(`/api/v1/practice/${ann.practiceId}/openChat`, { practiceId: lake.practiceId }),
      ann.client.post(`/api/v1/practice/${ann.practiceId}/openChat`, { practiceId: lake.practiceId }),
      lakeColleague.client.post(`/api/v1/practice/${lake.practiceId}/openChat`, { practiceId: ann.practiceId }),
    ]);
    expect(new Set(both.map((r) => r.json<chatsApi.ChatSummary>().id)).size).toBe(1);
    const patient = await insertPatient(t.db, ann.practiceId, { phoneNumber: '+12025550177' });
    const withPatient = await Promise.all(
      [1, 2, 3].map(() =>
        ann.client.post(`/api/v1/patient/${patient.id}/action/createChat`, { practiceId: ann.practiceId }),
      ),
    );
    expect(new Set(withPatient.map((r) => r.json<chatsApi.ChatSummary>().id)).size).toBe(1);
  });

  it('starts a person-to-person chat with people the caller can see, and refuses people they cannot', async () => {
    const ann = await staffMember(t);
    const bob = await staffMember(t, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    expect(chat.title).toBe(`${bob.user.firstName} ${bob.user.lastName}`);
    expect(chat.users.map((u) => u.userId).sort()).toEqual([ann.user.id, bob.user.id].sort());
    const patientAccount = await createUser(t.db, { kind: 'PATIENT' });
    const res = await ann.client.post('/api/v1/chats', {
      practiceId: ann.practiceId,
      type: 'USER_TO_USER',
      users: [patientAccount.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Person ${patientAccount.id} cannot be added to this chat`);
    // A colleague of Ann's practice who is not in the chat does not see it.
    const carol = await staffMember(t, 'STAFF', ann.practiceId);
    expect((await list(carol)).data.map((c) => c.id)).not.toContain(chat.id);
    expect((await carol.client.get(`/api/v1/chat/${chat.id}/token?practiceId=${ann.practiceId}`)).statusCode).toBe(456);
  });

  it('explains what is missing from a chat that cannot be started', async () => {
    const ann = await staffMember(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'PRACTICE_TO_PRACTICE' }, 'targetPractice', 'Choose the practice to chat with'],
      [
        { type: 'PRACTICE_TO_PRACTICE', targetPractice: ann.practiceId },
        'targetPractice',
        'A practice cannot chat with itself',
      ],
      [{ type: 'USER_TO_USER' }, 'users', 'Choose who to chat with'],
      [{ type: 'PATIENT' }, 'usersPhoneNumbers', "Enter the patient's phone number"],
      [{ type: 'PATIENT', usersPhoneNumbers: ['12345678'] }, 'usersPhoneNumbers', 'Invalid phone number'],
    ];
    for (const [body, field, message] of cases) {
      const res = await ann.client.post('/api/v1/chats', { practiceId: ann.practiceId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().issues.map((i: { path: string[]; message: string }) => [i.path.at(-1), i.message]),
      ).toContainEqual([field, message]);
    }
    const other = await staffMember(t);
    expect(
      (
        await other.client.post('/api/v1/chats', {
          practiceId: ann.practiceId,
          type: 'USER_TO_USER',
          users: [ann.user.id],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('texts a patient a link to the chat room that opens it, naming the practice but not the patient', async () => {
    const ann = await staffMember(t);
    const patient = await insertPatient(t.db, ann.practiceId, {
      firstName: 'Pat',
      lastName: 'Ient',
      phoneNumber: '+12025550123',
    });
    const res = await ann.client.post(`/api/v1/patient/${patient.id}/action/createChat`, {
      practiceId: ann.practiceId,
    });
    expect(res.statusCode).toBe(200);
    const chat = res.json<chatsApi.ChatSummary>();
    expect(chat).toMatchObject({ type: 'PATIENT', title: 'Pat Ient', patientId: patient.id });
    await jobsDone(t);
    const sms = await lastMessage(t.db, '+12025550123');
    expect(sms?.body).toMatch(/sent you a secure message on Referwell/);
    expect(sms?.body).not.toMatch(/Pat|Ient/);
    const link = new URL(sms.body.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe('/chat/');
    expect(link.searchParams.get('room')).toBe(chat.room);
    const loaded = await roomCall(t, link.searchParams.get('token')!, 'GET', `/florie/v1/chat/${chat.room}`);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().user).toMatchObject({ userId: null, userType: 'USER' });
    // Opening it again re-sends the link rather than starting another chat.
    const again = await ann.client.post(`/api/v1/patient/${patient.id}/action/createChat`, {
      practiceId: ann.practiceId,
    });
    expect(again.json<chatsApi.ChatSummary>().id).toBe(chat.id);
    const chats = await ann.client.get(`/api/v1/patient/${patient.id}/chats?practiceId=${ann.practiceId}`);
    expect(chats.json<chatsApi.ChatSummary[]>().map((c) => c.id)).toEqual([chat.id]);
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patient.chats_listed'), eq(auditEvents.targetId, String(patient.id))));
    expect(audited).toMatchObject({
      actorUserId: ann.user.id,
      details: { practiceId: ann.practiceId, chatIds: [chat.id] },
    });
  });
});

describe('the chat list and unread counts', () => {
  it('pages by 10, searches names, and counts what the caller has not read', async () => {
    const ann = await staffMember(t);
    const partners = await Promise.all(Array.from({ length: 11 }, () => createPractice(t.db)));
    for (const p of partners)
      await ann.client.post(`/api/v1/practice/${ann.practiceId}/openChat`, { practiceId: p.id });
    const first = await list(ann);
    expect(first.data).toHaveLength(10);
    expect(first.count).toBe(11);
    expect((await list(ann, '&page=1')).data).toHaveLength(1);
    expect((await list(ann, '&includeCount=false')).count).toBeNull();
    expect((await list(ann, `&query=${encodeURIComponent(partners[3].name)}`)).data.map((c) => c.title)).toEqual([
      partners[3].name,
    ]);

    const bob = await staffMember(t, 'STAFF', ann.practiceId);
    const chat = await startChat(bob, { type: 'USER_TO_USER', users: [ann.user.id] });
    const { token, room } = await tokenFor(bob, chat.id);
    const socket = openRoomSocket(base, token, room);
    await socket.ready();
    await socket.say('Are you free at 3?');
    await socket.say('Or 4?');
    const unread = await ann.client.get(`/api/v1/chats/unread?practiceId=${ann.practiceId}`);
    expect(unread.json<chatsApi.ChatSummary[]>().map((c) => [c.id, c.unreadCount, c.lastMessage?.text])).toEqual([
      [chat.id, 2, 'Or 4?'],
    ]);
    expect((await ann.client.get(`/api/v1/chats/unreadcount?practiceId=${ann.practiceId}`)).json()).toEqual({
      count: 1,
    });
    const summary = await ann.client.get(`/api/v1/unread?practiceId=${ann.practiceId}&selectedPracticeOnly=true`);
    expect(summary.json()[0]).toMatchObject({ chats: 1 });
    // Muted chats are left out of the counts.
    await ann.client.put(`/api/v1/chat/${chat.id}/mute`, { practiceId: ann.practiceId, mute: true });
    expect((await ann.client.get(`/api/v1/chats/unreadcount?practiceId=${ann.practiceId}`)).json()).toEqual({
      count: 0,
    });
    socket.socket.close();
  });

  it('reads messages page by page, newest page first, and audits the read', async () => {
    const ann = await staffMember(t);
    const bob = await staffMember(t, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    const { chatUserId } = await tokenFor(ann, chat.id);
    for (let i = 1; i <= 32; i += 1)
      await t.db.insert(chatMessages).values({ chatId: chat.id, chatUserId, uuid: `m${i}`, message: `message ${i}` });
    const page0 = (await bob.client.get(`/api/v1/chat/${chat.id}/messages?practiceId=${ann.practiceId}`)).json<{
      data: { message: string }[];
      count: number;
    }>();
    expect(page0.count).toBe(32);
    expect(page0.data.map((m) => m.message)).toEqual(Array.from({ length: 30 }, (_, i) => `message ${i + 3}`));
    const page1 = (await bob.client.get(`/api/v1/chat/${chat.id}/messages?practiceId=${ann.practiceId}&page=1`)).json<{
      data: { message: string }[];
    }>();
    expect(page1.data.map((m) => m.message)).toEqual(['message 1', 'message 2']);
    const onlyBobs = (
      await bob.client.get(`/api/v1/chat/${chat.id}/messages?practiceId=${ann.practiceId}&userId=${bob.user.id}`)
    ).json<{ count: number }>();
    expect(onlyBobs.count).toBe(0);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'chat.messages_read'), eq(auditEvents.actorUserId, bob.user.id)));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });
});

describe('managing a chat', () => {
  it('adds and removes people; removed people lose the chat at once', async () => {
    const ann = await staffMember(t);
    const bob = await staffMember(t, 'STAFF', ann.practiceId);
    const carol = await staffMember(t, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    const { token, room } = await tokenFor(bob, chat.id);
    const bobSocket = openRoomSocket(base, token, room);
    await bobSocket.ready();
    const changed = await ann.client.put(`/api/v1/chat/${chat.id}`, {
      practiceId: ann.practiceId,
      users: [carol.user.id],
    });
    expect(changed.statusCode).toBe(200);
    expect(
      changed
        .json<chatsApi.ChatSummary>()
        .users.map((u) => u.userId)
        .sort(),
    ).toEqual([ann.user.id, carol.user.id].sort());
    expect(await bobSocket.closed).toBe(4000);
    expect((await roomCall(t, token, 'GET', `/florie/v1/chat/${room}`)).statusCode).toBe(401);
    expect((await list(carol)).data.map((c) => c.id)).toContain(chat.id);
  });

  it('closes a chat (only people who may see it can), and lets someone leave or mute it', async () => {
    const ann = await staffMember(t);
    const lake = await staffMember(t);
    const chat = (
      await ann.client.post(`/api/v1/practice/${ann.practiceId}/openChat`, { practiceId: lake.practiceId })
    ).json<chatsApi.ChatSummary>();
    const outsider = await staffMember(t);
    expect(
      (await outsider.client.put(`/api/v1/chat/${chat.id}/close`, { practiceId: outsider.practiceId })).statusCode,
    ).toBe(456);
    const closed = await lake.client.put(`/api/v1/chat/${chat.id}/close`, { practiceId: lake.practiceId });
    expect(closed.json<chatsApi.ChatSummary>().status).toBe('INACTIVE');
    const muted = await lake.client.put(`/api/v1/chat/${chat.id}/mute`, { practiceId: lake.practiceId, mute: true });
    expect(muted.json<chatsApi.ChatSummary>().muted).toBe(true);
    expect((await ann.client.put(`/api/v1/chat/${chat.id}/leave`, { practiceId: ann.practiceId })).statusCode).toBe(
      200,
    );
    const [annRow] = await t.db
      .select()
      .from(chatUsers)
      .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, ann.user.id)));
    expect(annRow?.leftAt).not.toBeNull();
    expect((await ann.client.put(`/api/v1/chat/${chat.id}/leave`, { practiceId: ann.practiceId })).json().message).toBe(
      'You are not in this chat',
    );
  });
});
