import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FileView } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { jobsDone, listen, roomCall, startChat, tokenFor } from '../chats/chats.test-factories.js';
import { MIME, PDF, createAndUpload, describe as describeFile, download, put } from './files.test-factories.js';
import { files } from './files.table.js';

/** Every read of a file is audited: listing it (which hands out its link), opening it in a chat room, downloading its bytes. */

let t: TestApp;
let team: Awaited<ReturnType<typeof practiceWithTeam>>;
let provider: TestClient;
let outsider: TestClient;

async function cleanFile(client: TestClient, practiceId: number, name: string) {
  const { id, upload } = await createAndUpload(t.app, client, practiceId, PDF, name, MIME.pdf);
  expect(upload.statusCode, upload.body).toBe(200);
  await t.db.update(files).set({ scanStatus: 'clean' }).where(eq(files.id, id));
  return id;
}

const lastId = async () =>
  (await t.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0]?.id ?? 0;
const since = (id: number, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(gt(auditEvents.id, id), eq(auditEvents.action, action)));

beforeAll(async () => {
  t = await createTestApp();
  // Listening starts the job worker, which scans the file attached in the chat room.
  await listen(t);
  team = await practiceWithTeam(t.db);
  [provider, outsider] = await Promise.all([team.provider, team.outsider].map((u) => signedIn(t.app, u)));
});
afterAll(() => t?.close());

describe('file reads are audited', () => {
  it('records a listing of files by id: who, for which practice, which files (only those shown)', async () => {
    const ours = await cleanFile(provider, team.practice.id, 'Letter.pdf');
    const theirs = await cleanFile(outsider, team.otherPractice.id, 'Theirs.pdf');
    const before = await lastId();
    const res = await provider.get(`/api/v1/files?ids=${ours},${theirs}`);
    expect(res.json<FileView[]>().map((f) => f.id)).toEqual([ours]);
    const rows = await since(before, 'file.listed');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: team.provider.id,
      practiceId: team.practice.id,
      ip: '127.0.0.1',
      userAgent: 'vitest-browser',
      details: { fileIds: [ours] },
    });
  });

  it('records a download with the signed-in reader, or as the signed link’s when no session comes with it', async () => {
    const id = await cleanFile(provider, team.practice.id, 'Scan.pdf');
    const [view] = (await provider.get(`/api/v1/files?ids=${id}`)).json<FileView[]>();
    const before = await lastId();

    const withSession = await provider.request(
      'GET',
      new URL(view.downloadUrl!).pathname + new URL(view.downloadUrl!).search,
    );
    expect(withSession.statusCode).toBe(200);
    const anonymous = await download(t.app, view.downloadUrl!);
    expect(anonymous.statusCode).toBe(200);

    const rows = await since(before, 'file.downloaded');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorUserId: team.provider.id,
      practiceId: team.practice.id,
      targetType: 'file',
      targetId: String(id),
    });
    expect(rows[1]).toMatchObject({
      actorUserId: null,
      practiceId: team.practice.id,
      targetId: String(id),
      details: { by: 'signed link' },
    });
  });

  it('records nothing for a link that is refused', async () => {
    const id = await cleanFile(provider, team.practice.id, 'Other.pdf');
    const [view] = (await provider.get(`/api/v1/files?ids=${id}`)).json<FileView[]>();
    const before = await lastId();
    const forged = new URL(view.downloadUrl!);
    forged.searchParams.set('signature', 'x'.repeat(43));
    expect((await download(t.app, forged.toString())).statusCode).toBe(403);
    expect(await since(before, 'file.downloaded')).toEqual([]);
  });

  it('records a file opened in a chat room in the practice’s trail, with the chat’s patient', async () => {
    const patient = await insertPatient(t.db, team.practice.id, { phoneNumber: '+12025550177' });
    const who = { practiceId: team.practice.id, user: team.provider, client: provider };
    const chat = await startChat(who, { type: 'PATIENT', usersPhoneNumbers: [patient.phoneNumber] });
    const { token } = await tokenFor(who, chat.id);
    const created = await roomCall(
      t,
      token,
      'POST',
      `/florie/v1/chat/${chat.room}/file`,
      describeFile(PDF, 'lab.pdf', MIME.pdf),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id, uploadUrl } = created.json<{ id: number; uploadUrl: string }>();
    expect((await put(t.app, uploadUrl, PDF)).statusCode).toBe(200);
    await jobsDone(t);
    const before = await lastId();
    expect((await roomCall(t, token, 'GET', `/florie/v1/chat/file/${id}`)).statusCode).toBe(200);
    const rows = await since(before, 'chat.file_opened');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: team.provider.id,
      practiceId: team.practice.id,
      patientId: patient.id,
      details: { fileId: id },
    });
  });
});
