import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { chatRoomApi, chatsApi, FileView, notificationsApi } from '@referwell/contracts';
import { createTestApp, testSecrets, type TestApp } from '../../test/harness.js';
import { signRoomToken } from '../../platform/auth/room-tokens.js';
import { users } from '../../core/index.js';
import { files } from '../files/files.table.js';
import { PDF, describe as describeFile, download, put } from '../files/files.test-factories.js';
import {
  chatWithPatient,
  jobsDone,
  listen,
  loadRoom,
  openRoomSocket,
  roomCall,
  staffMember,
  startChat,
  tokenFor,
  type Staff,
} from './chats.test-factories.js';

let t: TestApp;
let base: string;
let page: Server;
let pageUrl: string;

beforeAll(async () => {
  page = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      '<html><head><title>Knee exercises</title><meta property="og:description" content="Five a day"></head></html>',
    );
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/knee`;
  t = await createTestApp({ LINK_PREVIEW_ALLOWED_HOSTS: '127.0.0.1' });
  base = await listen(t);
});
afterAll(async () => {
  await t?.close();
  page?.close();
});

describe('loading a chat room', () => {
  it('answers the chat, its people, read positions and the participant the token belongs to', async () => {
    const { ann, chat, staff, patientUser } = await chatWithPatient(t);
    await t.db
      .update(users)
      .set({ photoUrl: '/api/v1/files/public/00000000-0000-4000-8000-000000000001' })
      .where(eq(users.id, ann.user.id));
    const loaded = await loadRoom(t, staff.token, chat.room);
    expect(loaded.user).toEqual({ userId: ann.user.id, userType: 'USER', chatUserId: staff.chatUserId });
    // People with a profile photo show it; a patient by phone has none, and the room draws initials.
    expect(Object.fromEntries(loaded.chat.allUsers.map((u) => [u.chatUserId, u.image]))).toEqual({
      [staff.chatUserId]: '/api/v1/files/public/00000000-0000-4000-8000-000000000001',
      [patientUser.chatUserId]: null,
    });
    expect(loaded.chat).toMatchObject({ id: chat.id, type: 'PATIENT', status: 'ACTIVE', title: patientUser.name });
    expect(loaded.chat.allUsers.map((u) => u.chatUserId).sort()).toEqual(
      [staff.chatUserId, patientUser.chatUserId].sort(),
    );
    expect(loaded.chat.readStatus[String(staff.chatUserId)]).toEqual({ lastId: null });
  });

  it('refuses a call without a token (401) and a token of another chat (403)', async () => {
    const one = await chatWithPatient(t);
    const two = await chatWithPatient(t);
    expect((await t.app.inject({ method: 'GET', url: `/florie/v1/chat/${one.chat.room}` })).statusCode).toBe(401);
    expect((await roomCall(t, two.staff.token, 'GET', `/florie/v1/chat/${one.chat.room}`)).statusCode).toBe(403);
    expect((await roomCall(t, two.staff.token, 'GET', `/florie/v1/chat/${one.chat.room}/messages`)).statusCode).toBe(
      403,
    );
  });
});

describe('messages in the room', () => {
  it('pages back from the newest with skip, oldest first within a page', async () => {
    const { chat, staff } = await chatWithPatient(t);
    const s = openRoomSocket(base, staff.token, chat.room);
    await s.ready();
    for (let i = 1; i <= 3; i += 1) await s.say(`m${i}`);
    s.socket.close();
    const read = async (skip: number) =>
      (await roomCall(t, staff.token, 'GET', `/florie/v1/chat/${chat.room}/messages?skip=${skip}`))
        .json<{ data: chatRoomApi.ChatMessage[] }>()
        .data.map((m) => m.message);
    expect(await read(0)).toEqual(['m1', 'm2', 'm3']);
    expect(await read(2)).toEqual(['m1']);
    expect(await read(3)).toEqual([]);
  });

  it('shows who read a message in its receipts', async () => {
    const { chat, staff } = await chatWithPatient(t);
    const colleague = await staffMember(t, 'STAFF', chat.practice.id);
    const theirs = await tokenFor(colleague, chat.id);
    const a = openRoomSocket(base, staff.token, chat.room);
    const b = openRoomSocket(base, theirs.token, chat.room);
    await Promise.all([a.ready(), b.ready()]);
    const sent = await a.say('Read me');
    const receiptsOf = async () =>
      (await roomCall(t, staff.token, 'GET', `/florie/v1/chat/message/${sent.id}/receipts`)).json<
        chatRoomApi.ReadReceipt[]
      >();
    expect(await receiptsOf()).toEqual([]);
    b.emit({ event: 'USER_READ_MESSAGE', data: { lastId: sent.id } });
    await a.until('USER_READ_MESSAGE');
    expect((await receiptsOf()).map((r) => [r.chatUserId, r.lastId])).toEqual([[theirs.chatUserId, sent.id]]);
    expect((await roomCall(t, staff.token, 'GET', '/florie/v1/chat/message/999999/receipts')).statusCode).toBe(456);
    a.socket.close();
    b.socket.close();
  });

  it('fills in a link’s preview after the message is stored, and tells the room', async () => {
    const { chat, staff } = await chatWithPatient(t);
    const s = openRoomSocket(base, staff.token, chat.room);
    await s.ready();
    const sent = await s.say(`Try these: ${pageUrl}`);
    expect(sent.previewData).toEqual({ url: pageUrl });
    const updated = await s.until('MESSAGE_UPDATED', (e) => e.data.id === sent.id);
    expect(updated.data.previewData).toMatchObject({
      url: pageUrl,
      title: 'Knee exercises',
      description: 'Five a day',
      mediaType: 'website',
    });
    s.socket.close();
  });
});

describe('files in the room', () => {
  async function describeUpload(token: string, room: string, bytes: Buffer, name: string) {
    const created = await roomCall(
      t,
      token,
      'POST',
      `/florie/v1/chat/${room}/file`,
      describeFile(bytes, name, 'application/pdf'),
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number; uploadUrl: string }>();
  }

  it('lets a patient attach a file that goes out with a message and is told when its scan comes back', async () => {
    const { ann, chat, staff, patientUser } = await chatWithPatient(t);
    await jobsDone(t);
    // The patient's own token, as their texted link carries it.
    const patientToken = signRoomToken(
      testSecrets().sessionSecret,
      patientUser.chatUserId,
      { linkGeneration: 0 },
      Date.now() + 60_000,
    );
    const staffSocket = openRoomSocket(base, staff.token, chat.room);
    const patientSocket = openRoomSocket(base, patientToken, chat.room);
    await Promise.all([staffSocket.ready(), patientSocket.ready()]);
    // Sent while its bytes are still on their way: the scan result then names the message.
    const { id: fileId, uploadUrl } = await describeUpload(patientToken, chat.room, PDF, 'letter.pdf');
    const sent = await patientSocket.say('My referral letter', { files: [fileId] });
    expect(sent.files.map((f) => [f.name, f.status])).toEqual([['letter.pdf', 'uploading']]);
    expect((await put(t.app, uploadUrl, PDF)).statusCode).toBe(200);
    const scanned = await staffSocket.until(
      'FILE_SCANNED',
      (e) => e.data.fileId === fileId && e.data.messageId === sent.id,
    );
    expect(scanned.data.status).toBe('clean');
    const updated = await staffSocket.until('MESSAGE_UPDATED', (e) => e.data.id === sent.id);
    expect(updated.data.files[0]).toMatchObject({
      scanStatus: 'clean',
      downloadUrl: expect.stringContaining('/api/v1/files/download/'),
    });
    // Staff of the practice see it through the files API too; the same file cannot go out twice.
    expect((await ann.client.get(`/api/v1/file/${fileId}/status`)).json()).toMatchObject({ status: 'clean' });
    patientSocket.emit({
      event: 'NEW_MESSAGE',
      data: { uuid: 'second-use-of-file', message: 'again', files: [fileId] },
    });
    await patientSocket.until('FAILED_TO_SEND_MESSAGE', (e) => e.data.uuid === 'second-use-of-file');
    // Only whoever attached it may take it back.
    expect((await roomCall(t, staff.token, 'DELETE', `/florie/v1/chat/file/${fileId}`)).statusCode).toBe(403);
    expect((await roomCall(t, patientToken, 'DELETE', `/florie/v1/chat/file/${fileId}`)).statusCode).toBe(200);
    const after = await roomCall(t, staff.token, 'GET', `/florie/v1/chat/${chat.room}/messages`);
    expect(after.json<{ data: chatRoomApi.ChatMessage[] }>().data.at(-1)!.files[0]).toMatchObject({
      deleted: true,
      downloadUrl: null,
    });
    staffSocket.socket.close();
    patientSocket.socket.close();
  });

  /** A clean PDF the patient sent in the chat, with the message that carried it. */
  async function sentFile() {
    const room = await chatWithPatient(t);
    const patientToken = signRoomToken(
      testSecrets().sessionSecret,
      room.patientUser.chatUserId,
      { linkGeneration: 0 },
      Date.now() + 60_000,
    );
    const socket = openRoomSocket(base, patientToken, room.chat.room);
    await socket.ready();
    const { id: fileId, uploadUrl } = await describeUpload(patientToken, room.chat.room, PDF, 'letter.pdf');
    expect((await put(t.app, uploadUrl, PDF)).statusCode).toBe(200);
    await jobsDone(t);
    const sent = await socket.say('My letter', { files: [fileId] });
    socket.socket.close();
    return { ...room, patientToken, fileId, sent };
  }
  const fileCall = (token: string, fileId: number) => roomCall(t, token, 'GET', `/florie/v1/chat/file/${fileId}`);

  it('gives a participant a freshly signed link to a file of the chat when they open it', async () => {
    const { staff, fileId, sent } = await sentFile();
    expect(sent.files[0]).toMatchObject({ scanStatus: 'clean', downloadUrl: expect.any(String) });
    const asked = Date.now();
    const res = await fileCall(staff.token, fileId);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<FileView>();
    expect(view).toMatchObject({ id: fileId, name: 'letter.pdf', scanStatus: 'clean', deleted: false });
    // Signed now, so it lives a whole link lifetime from the moment the file is opened.
    expect(Number(new URL(view.downloadUrl!).searchParams.get('expires'))).toBeGreaterThanOrEqual(
      asked + t.config.fileLinkTtlMs,
    );
    const bytes = await download(t.app, view.downloadUrl!);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses files of another chat, and another participant’s file not sent yet', async () => {
    const { fileId } = await sentFile();
    const other = await chatWithPatient(t);
    expect((await fileCall(other.staff.token, fileId)).statusCode).toBe(456);
    // Attached but not sent: only its attacher sees it.
    const { chat, staff, patientUser } = await chatWithPatient(t);
    const patientToken = signRoomToken(
      testSecrets().sessionSecret,
      patientUser.chatUserId,
      { linkGeneration: 0 },
      Date.now() + 60_000,
    );
    const { id: draft, uploadUrl } = await describeUpload(patientToken, chat.room, PDF, 'draft.pdf');
    expect((await put(t.app, uploadUrl, PDF)).statusCode).toBe(200);
    await jobsDone(t);
    expect((await fileCall(staff.token, draft)).statusCode).toBe(456);
    expect((await fileCall(patientToken, draft)).statusCode).toBe(200);
  });

  it('gives no link to a file that is not clean, and says a deleted one has expired', async () => {
    const { chat, patientUser } = await chatWithPatient(t);
    const patientToken = signRoomToken(
      testSecrets().sessionSecret,
      patientUser.chatUserId,
      { linkGeneration: 0 },
      Date.now() + 60_000,
    );
    // Described but its bytes never came: still scanning.
    const { id: waiting } = await describeUpload(patientToken, chat.room, PDF, 'waiting.pdf');
    const scanning = await fileCall(patientToken, waiting);
    expect(scanning.statusCode).toBe(403);
    expect(scanning.json<{ downloadUrl?: unknown }>().downloadUrl).toBeUndefined();

    const { fileId, patientToken: theirs } = await sentFile();
    await t.db.update(files).set({ scanStatus: 'infected' }).where(eq(files.id, fileId));
    expect((await fileCall(theirs, fileId)).statusCode).toBe(403);

    const gone = await sentFile();
    expect((await roomCall(t, gone.patientToken, 'DELETE', `/florie/v1/chat/file/${gone.fileId}`)).statusCode).toBe(
      200,
    );
    const expired = await fileCall(gone.staff.token, gone.fileId);
    expect(expired.statusCode).toBe(456);
    expect(expired.json()).toMatchObject({ message: 'Sorry this file has expired' });
  });

  it('refuses files for a closed chat', async () => {
    const { ann, chat, staff } = await chatWithPatient(t);
    await ann.client.put(`/api/v1/chat/${chat.id}/close`, { practiceId: ann.practiceId });
    const res = await roomCall(
      t,
      staff.token,
      'POST',
      `/florie/v1/chat/${chat.room}/file`,
      describeFile(PDF, 'x.pdf', 'application/pdf'),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('notifications of messages that came while someone was away', () => {
  async function away(): Promise<{
    ann: Staff;
    bob: Staff;
    chat: chatsApi.ChatSummary;
    say: (text: string) => Promise<unknown>;
    close: () => void;
  }> {
    const ann = await staffMember(t);
    const bob = await staffMember(t, 'STAFF', ann.practiceId);
    const chat = await startChat(ann, { type: 'USER_TO_USER', users: [bob.user.id] });
    const { token, room } = await tokenFor(ann, chat.id);
    const s = openRoomSocket(base, token, room);
    await s.ready();
    return { ann, bob, chat, say: (text) => s.say(text), close: () => s.socket.close() };
  }
  const listOf = async (who: Staff) =>
    (await who.client.get('/api/v1/notification')).json<{ data: notificationsApi.Notification[]; count: number }>();

  it('writes one notification per chat for a participant who is not connected, kept up to date', async () => {
    const { ann, bob, chat, say, close } = await away();
    await say('First');
    await say('Second');
    await jobsDone(t);
    const { data, count } = await listOf(bob);
    expect(count).toBe(1);
    expect(data[0]).toMatchObject({
      title: 'New Message',
      text: `You have a new chat message from ${ann.user.firstName} ${ann.user.lastName}`,
      link: `/chats/${chat.id}`,
      type: 'notification',
    });
    expect((await listOf(ann)).count).toBe(0);
    expect((await bob.client.get('/api/v1/user/notifications/count')).json()).toEqual({ count: 1 });
    expect((await bob.client.put(`/api/v1/notification/${data[0].id}/dismiss`)).statusCode).toBe(200);
    expect((await listOf(bob)).count).toBe(0);
    expect((await ann.client.put(`/api/v1/notification/${data[0].id}/dismiss`)).statusCode).toBe(456);
    close();
  });

  it('writes nothing for someone connected to the chat or who muted it, and clears all at once', async () => {
    const { bob, chat, say, close } = await away();
    const { token, room } = await tokenFor(bob, chat.id);
    const bobSocket = openRoomSocket(base, token, room);
    await bobSocket.ready();
    await say('You are here');
    await jobsDone(t);
    expect((await listOf(bob)).count).toBe(0);
    bobSocket.socket.close();
    await bobSocket.closed;
    await bob.client.put(`/api/v1/chat/${chat.id}/mute`, { practiceId: bob.practiceId, mute: true });
    await say('Muted');
    await jobsDone(t);
    expect((await listOf(bob)).count).toBe(0);
    await bob.client.put(`/api/v1/chat/${chat.id}/mute`, { practiceId: bob.practiceId, mute: false });
    await say('Back');
    await jobsDone(t);
    expect((await listOf(bob)).count).toBe(1);
    expect((await bob.client.put('/api/v1/notification/clear', {})).statusCode).toBe(200);
    expect((await listOf(bob)).count).toBe(0);
    close();
  });
});
