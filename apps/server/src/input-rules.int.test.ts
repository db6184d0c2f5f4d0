import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MAX_ID, type intakeApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from './test/harness.js';
import { loggerOptions } from './platform/logging.js';
import { outboxMessages } from './platform/delivery/outbox.table.js';
import { patients } from './modules/patients/patients.table.js';
import { submissions } from './modules/intake/intake.table.js';
import { files } from './modules/files/files.table.js';
import { MIME, PDF, describe as describeFile } from './modules/files/files.test-factories.js';
import {
  listen,
  openRoomSocket,
  staffMember,
  startChat,
  tokenFor,
  type RoomSocket,
  type Staff,
} from './modules/chats/chats.test-factories.js';
import { answers, createBot, sendForm } from './modules/intake/intake.test-factories.js';

/**
 * The shared wire rules of packages/contracts (common.ts) through the real server: names refuse
 * control characters, file names are cleaned, ids past what the database holds are refused before
 * any query, and a framing page's address must be http(s).
 */
let t: TestApp;
let base: string;
let admin: Staff;
const sockets: RoomSocket[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { logger: loggerOptions('warn', { write: (line) => void logLines.push(line) }) });
  base = await listen(t);
  admin = await staffMember(t, 'ADMIN');
});
afterAll(async () => {
  for (const s of sockets) s.socket.terminate();
  await t?.close();
});

const rows = async (table: typeof patients | typeof submissions | typeof outboxMessages) =>
  (await t.db.select({ n: count() }).from(table))[0].n;
type Issues = { code: string; issues?: { path: (string | number)[]; message: string }[] };
const issuesOf = (body: string) => (JSON.parse(body) as Issues).issues?.map((i) => [i.path.join('.'), i.message]);

describe('names', () => {
  it('with control characters are refused on their field, and nothing is stored or sent', async () => {
    const before = { patients: await rows(patients), outbox: await rows(outboxMessages) };
    const patient = await admin.client.post('/api/v1/patient', {
      practiceId: admin.practiceId,
      firstName: 'Rosa\r\nBcc: all@example.test',
      lastName: 'Diaz',
      phoneNumber: '2025550142',
    });
    expect(patient.statusCode).toBe(400);
    expect(issuesOf(patient.body)).toEqual([
      ['body.firstName', 'First name must not contain control characters or text-direction marks'],
    ]);

    // An invite e-mail greets the invitee by name: a line break there would write the e-mail's next lines.
    const invite = await admin.client.post('/api/v1/invite', {
      type: 'PROVIDER',
      email: 'lena@example.test',
      firstName: 'Lena',
      lastName: 'Okafor\n\nClick https://evil.example',
    });
    expect(invite.statusCode).toBe(400);
    expect(issuesOf(invite.body)).toEqual([
      ['body.lastName', 'Last name must not contain control characters or text-direction marks'],
    ]);

    const tag = await admin.client.post(`/api/v1/practice/${admin.practiceId}/tags`, {
      name: 'Urgent\u202E',
      color: '#aa0000',
    });
    expect(tag.statusCode).toBe(400);
    expect(issuesOf(tag.body)).toEqual([
      ['body.name', 'Tag name must not contain control characters or text-direction marks'],
    ]);

    expect({ patients: await rows(patients), outbox: await rows(outboxMessages) }).toEqual(before);
  });

  it('a patient types into the public intake form are held to the same rule', async () => {
    const bot = await createBot(admin);
    const before = await rows(submissions);
    const res = await sendForm(t, bot.endpoint, {
      answers: answers({ firstName: 'Rosa\u0007', lastName: 'Di\u2066az' }),
    });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.body)).toEqual([
      ['body.answers.firstName', 'First name must not contain control characters or text-direction marks'],
      ['body.answers.lastName', 'Last name must not contain control characters or text-direction marks'],
    ]);
    expect(await rows(submissions)).toBe(before);
  });

  it('are trimmed and kept as typed otherwise', async () => {
    const res = await admin.client.post('/api/v1/patient', {
      practiceId: admin.practiceId,
      firstName: '  Zoë ',
      lastName: 'Nguyễn',
      phoneNumber: '2025550143',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ firstName: 'Zoë', lastName: 'Nguyễn' });
  });
});

describe('file names', () => {
  it('are stored without direction marks, so the name shown ends in its real extension', async () => {
    const res = await admin.client.post('/api/v1/files', {
      practiceId: admin.practiceId,
      ...describeFile(PDF, 'invoice\u202Egpj.exe', MIME.pdf),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    const [row] = await t.db.select({ name: files.name }).from(files).where(eq(files.id, id));
    expect(row.name).toBe('invoicegpj.exe');
    expect((await admin.client.get(`/api/v1/files?ids=${id}`)).json<{ name: string }[]>()[0].name).toBe(
      'invoicegpj.exe',
    );
  });

  it('are composed (NFC)', async () => {
    const res = await admin.client.post('/api/v1/files', {
      practiceId: admin.practiceId,
      ...describeFile(PDF, 'Cafe\u0301 menu.pdf', MIME.pdf),
    });
    const [row] = await t.db
      .select({ name: files.name })
      .from(files)
      .where(eq(files.id, res.json<{ id: number }>().id));
    expect(row.name).toBe('Caf\u00e9 menu.pdf');
  });
});

describe('ids past what the database holds', () => {
  const tooBig = MAX_ID + 1;

  it('in a path answer 400 on the parameter', async () => {
    const res = await admin.client.get(`/api/v1/patient/${tooBig}?practiceId=${admin.practiceId}`);
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.body)).toEqual([['params.id', expect.any(String)]]);
  });

  it('in a query answer 400 on the parameter', async () => {
    const res = await admin.client.get(`/api/v1/patients?practiceId=${tooBig}`);
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.body)).toEqual([['querystring.practiceId', expect.any(String)]]);

    const chat = await startChat(admin, {
      type: 'USER_TO_USER',
      users: [(await staffMember(t, 'STAFF', admin.practiceId)).user.id],
    });
    const { token, room } = await tokenFor(admin, chat.id);
    const missed = await t.app.inject({
      method: 'GET',
      url: `/florie/v1/chat/${room}/messages?after=${tooBig}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(missed.statusCode).toBe(400);
    expect(issuesOf(missed.body)).toEqual([['querystring.after', expect.any(String)]]);
  });

  it('a time past what a date holds in a query answers 400 on the parameter, not a failed query', async () => {
    const res = await admin.client.get(
      `/api/v1/referrals/inbox?practiceId=${admin.practiceId}&updatedSince=8700000000000000`,
    );
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.body)).toEqual([['querystring.updatedSince', expect.any(String)]]);
  });

  it('in the chat socket’s read event answer ERROR, and the database is never asked', async () => {
    const colleague = await staffMember(t, 'STAFF', admin.practiceId);
    const chat = await startChat(admin, { type: 'USER_TO_USER', users: [colleague.user.id] });
    const { token, room } = await tokenFor(admin, chat.id);
    const socket = openRoomSocket(base, token, room);
    sockets.push(socket);
    await socket.ready();
    logLines.length = 0;

    socket.emit({ event: 'USER_READ_MESSAGE', data: { lastId: tooBig } });
    const error = await socket.until('ERROR');
    expect(error.data.message).not.toMatch(/went wrong/);
    // A query with the id would have failed in the database and been logged as a failed event.
    expect(logLines.join('')).not.toContain('chat socket event failed');

    // The connection goes on.
    await socket.say('still here');
  });
});

describe('the page framing an intake form', () => {
  it('must be an http(s) address: javascript: and other schemes are refused on embededUrl', async () => {
    const bot: intakeApi.Bot = await createBot(admin);
    const before = await rows(submissions);
    for (const embededUrl of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>']) {
      const res = await sendForm(t, bot.endpoint, { answers: answers(), embededUrl });
      expect(res.statusCode).toBe(400);
      expect(issuesOf(res.body)).toEqual([['body.embededUrl', 'embededUrl must be an http(s) address']]);
    }
    expect(await rows(submissions)).toBe(before);
    expect(
      (await sendForm(t, bot.endpoint, { answers: answers(), embededUrl: 'https://riverside.example/contact' }))
        .statusCode,
    ).toBe(201);
  });
});
