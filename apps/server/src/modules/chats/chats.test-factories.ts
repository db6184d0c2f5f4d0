import { and, count, eq, isNull, lte } from 'drizzle-orm';
import { jobs } from '../../platform/jobs/jobs.table.js';
import { listeningSocket } from '../../test/sockets.js';
import { chatRoomApi, chatsApi } from '@referwell/contracts';
import type { TestApp } from '../../test/harness.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { practices } from '../../core/index.js';
import { lastMessage } from '../../test/client.js';
import { signedIn } from '../practices/practices.test-factories.js';

/** A practice with one staff member of `role`, signed in. */
export async function staffMember(t: TestApp, role: 'ADMIN' | 'PROVIDER' | 'STAFF' = 'PROVIDER', practiceId?: number) {
  const practice = practiceId === undefined ? await createPractice(t.db) : { id: practiceId };
  const user = await createUser(t.db);
  await addMember(t.db, practice.id, user.id, role);
  return { practiceId: practice.id, user, client: await signedIn(t.app, user) };
}

export type Staff = Awaited<ReturnType<typeof staffMember>>;

/** POST /chats as `who`, expecting 201. */
export async function startChat(who: Staff, body: Record<string, unknown>) {
  const res = await who.client.post('/api/v1/chats', { practiceId: who.practiceId, ...body });
  if (res.statusCode !== 201) throw new Error(`starting a chat failed: ${res.statusCode} ${res.body}`);
  return res.json<chatsApi.ChatSummary>();
}

/** A room token for `who` in the chat. */
export async function tokenFor(who: Staff, chatId: number) {
  const res = await who.client.get(`/api/v1/chat/${chatId}/token?practiceId=${who.practiceId}`);
  if (res.statusCode !== 200) throw new Error(`no token: ${res.statusCode} ${res.body}`);
  return res.json<chatsApi.ChatToken>();
}

/** Calls the chat service with a room token, as the chat room does. */
export function roomCall(t: TestApp, token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
}

/** A patient chat by phone started by a new staff member (their practice first set to `practice`), with their room token. */
export async function chatWithPatient(t: TestApp, practice?: Partial<typeof practices.$inferInsert>) {
  const ann = await staffMember(t);
  if (practice) await t.db.update(practices).set(practice).where(eq(practices.id, ann.practiceId));
  const chat = await startChat(ann, { type: 'PATIENT', usersPhoneNumbers: ['+12025550188'] });
  const staff = await tokenFor(ann, chat.id);
  const patientUser = chat.users.find((u) => u.userId === null)!;
  return { ann, chat, staff, patientUser };
}

/** The chat room as the room loads it with a token, which must open it. */
export async function loadRoom(t: TestApp, token: string, room: string) {
  const res = await roomCall(t, token, 'GET', `/florie/v1/chat/${room}`);
  if (res.statusCode !== 200) throw new Error(`loading the room failed: ${res.statusCode} ${res.body}`);
  return res.json<{ chat: chatRoomApi.ChatRoom; user: chatRoomApi.SessionChatUser }>();
}

/** The listening server's ws:// base, for real sockets. */
export async function listen(t: TestApp) {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

/** A participant's chat socket, collecting what it hears. */
export function openRoomSocket(base: string, token: string, room: string, headers: Record<string, string> = {}) {
  const listening = listeningSocket<chatRoomApi.ServerEvent>(
    `${base}${chatRoomApi.CHAT_SOCKET_PATH}?${new URLSearchParams({ token, room }).toString()}`,
    headers,
  );
  const { socket, received, opened, closed } = listening;
  type Of<E extends chatRoomApi.ServerEvent['event']> = Extract<chatRoomApi.ServerEvent, { event: E }>;
  /** The first event of the kind that passes `test`, waiting up to 3 s. */
  const until = <E extends chatRoomApi.ServerEvent['event']>(event: E, test: (e: Of<E>) => boolean = () => true) =>
    listening.until<Of<E>>((e) => e.event === event && test(e as Of<E>), event);
  const emit = (event: chatRoomApi.ClientEvent) => socket.send(JSON.stringify(event));
  /** Sends a message and waits for the server's copy of it. */
  async function say(message: string, extra: Partial<chatRoomApi.OutgoingMessage> = {}) {
    const uuid = extra.uuid ?? `m-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    emit({ event: 'NEW_MESSAGE', data: { uuid, message, files: [], ...extra } });
    return (await until('NEW_MESSAGE', (e) => e.data.uuid === uuid)).data;
  }
  /** Waits until the server has registered the connection (it answers ONLINE_USERS first). */
  const ready = async () => {
    await opened;
    await until('ONLINE_USERS');
  };
  return { socket, received, opened, closed, until, emit, say, ready };
}

export type RoomSocket = ReturnType<typeof openRoomSocket>;

/** Waits a little and says whether nothing matching arrived. */
export async function heardNothing(s: RoomSocket, event: chatRoomApi.ServerEvent['event'], ms = 200) {
  await new Promise((r) => setTimeout(r, ms));
  return !s.received.some((e) => e.event === event);
}

/** Waits until a listening app's worker has run every job that is due (recurring housekeeping aside). */
export async function jobsDone(t: TestApp) {
  for (let i = 0; i < 100; i += 1) {
    const [row] = await t.db
      .select({ n: count() })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), lte(jobs.runAt, new Date()), isNull(jobs.everyMs)));
    if (!row?.n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('jobs did not finish');
}

let phones = 0;
/** A phone number of its own for each patient a test file texts (555-01xx numbers are fictional). */
export const patientPhone = () => `+120255501${String(10 + (phones++ % 90))}`;

/** The link in the newest text to `phone`: its room token and room. */
export async function textedLink(t: TestApp, phone: string) {
  const sms = await lastMessage(t.db, phone);
  const url = sms?.body.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link was texted to ${phone}`);
  const { searchParams } = new URL(url);
  return { token: searchParams.get('token')!, room: searchParams.get('room')!, textId: sms.id };
}

/** A patient chat started by `who`, with the link the patient was texted (the app must be listening, for the job). */
export async function chatWithTextedPatient(t: TestApp, who: Staff) {
  const phone = patientPhone();
  const chat = await startChat(who, { type: 'PATIENT', usersPhoneNumbers: [phone] });
  await jobsDone(t);
  return { chat, phone, link: await textedLink(t, phone) };
}
