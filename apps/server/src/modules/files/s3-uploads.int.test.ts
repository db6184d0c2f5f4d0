import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The SDK warns once per process that its releases after January 2027 need Node 22; the pinned
// version supports Node 20 (docs/decisions.md), so here the warning is only noise.
vi.hoisted(() => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
});

import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { createAudit } from '../../platform/audit/audit.js';
import { jobs } from '../../platform/jobs/jobs.table.js';
import { createJobs } from '../../platform/jobs/queue.js';
import { recordingLog } from '../../platform/jobs/log.test-support.js';
import { createStorage } from '../../platform/storage/index.js';
import { startS3rver } from '../../platform/storage/s3rver.test-support.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import { practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { createUploadFinaliser, LATE_UPLOAD_GRACE_MS } from './direct-uploads.js';
import { CONTENTS_DO_NOT_MATCH } from './file-kinds.js';
import { filesWorker } from './files-worker.test-support.js';
import { ELF, MIME, PDF, PNG, describe as describeFile, download, md5, padded } from './files.test-factories.js';
import { files } from './files.table.js';
import type { FileView } from '@referwell/contracts';

const SECRET = 'a-scan-callback-secret-for-tests';

let s3: Awaited<ReturnType<typeof startS3rver>>;
let t: TestApp;
let storage: FileStorage;
let staff: TestClient;
let practiceId: number;
let worker: ReturnType<typeof filesWorker>;

beforeAll(async () => {
  s3 = await startS3rver();
  t = await createTestApp({ ...s3.env, SCAN_CALLBACK_SECRET: SECRET });
  // The app's own store: the same bucket.
  storage = createStorage(t.config);
  const team = await practiceWithTeam(t.db);
  practiceId = team.practice.id;
  staff = await signedIn(t.app, team.staff);
  worker = filesWorker({ db: t.db, config: t.config, storage });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const fileRow = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0];
const auditsOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'file'), eq(auditEvents.targetId, String(id))))
      .orderBy(auditEvents.id)
  ).map((a) => ({ action: a.action, actorUserId: a.actorUserId, details: a.details }));
const jobsFor = (kind: string, id: number) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>'fileId' = ${String(id)}`));

async function describeUpload(
  bytes: Buffer,
  name = 'Letter.pdf',
  type: string = MIME.pdf,
  overrides: Record<string, unknown> = {},
) {
  const res = await staff.post('/api/v1/files', { practiceId, ...describeFile(bytes, name, type), ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  const { id, uploadUrl } = res.json<{ id: number; uploadUrl: string }>();
  return { id, uploadUrl, key: (await fileRow(id)).storageKey };
}

/** The browser's PUT straight to the bucket: both checksum headers carry the declared MD5. */
const putToBucket = (uploadUrl: string, bytes: Buffer, declaredMd5 = md5(bytes)) =>
  fetch(uploadUrl, {
    method: 'PUT',
    body: bytes,
    headers: { 'content-md5': declaredMd5, 'x-amz-meta-checksum': declaredMd5, 'content-type': 'application/pdf' },
  });

const status = async (id: number) =>
  (await staff.get(`/api/v1/file/${id}/status`)).json<{ status: string; type: string }>();
async function viewOf(id: number): Promise<FileView> {
  const res = await staff.get(`/api/v1/files?ids=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FileView[]>()[0];
}

describe('uploads straight to S3', () => {
  it('answers a presigned PUT to the bucket, signed for the declared MD5 and size; the server takes no PUT itself', async () => {
    const { uploadUrl, key } = await describeUpload(PDF);
    const url = new URL(uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.settings.endpoint}/${s3.settings.bucket}/${key}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-md5;host;x-amz-meta-checksum');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(t.config.fileLinkTtlMs / 1000));

    const ours = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/files/upload/${(await fileRow((await describeUpload(PDF)).id)).uuid}`,
      payload: PDF,
    });
    expect(ours.statusCode).toBe(404);
    // The web app may send the bytes there.
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/healthchecks/isHealthy' });
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${s3.settings.endpoint}`);
  });

  it('finalises a PDF once its status is read, scans it clean and streams it with safe headers', async () => {
    const { id, uploadUrl } = await describeUpload(PDF, 'Letter.pdf');
    // Nothing in the bucket yet: the file waits.
    expect(await status(id)).toEqual({ status: 'scanning', type: MIME.pdf });
    expect(await viewOf(id)).toMatchObject({ status: 'uploading', deleted: false, downloadUrl: null });

    expect((await putToBucket(uploadUrl, PDF)).status).toBe(200);
    expect(await status(id)).toEqual({ status: 'scanning', type: MIME.pdf });
    expect(await fileRow(id)).toMatchObject({ uploadedAt: expect.any(Date), type: MIME.pdf, deletedAt: null });
    expect(await jobsFor('file.scan', id)).toHaveLength(1);
    expect(await auditsOf(id)).toEqual([
      {
        action: 'file.uploaded',
        actorUserId: (await fileRow(id)).uploadedBy,
        details: { practiceId, ownerKind: 'PRACTICE', size: PDF.length, type: MIME.pdf, noticedBy: 'read' },
      },
    ]);

    await worker.jobs.drain();
    expect(await status(id)).toEqual({ status: 'clean', type: MIME.pdf });
    const res = await download(t.app, (await viewOf(id)).downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': MIME.pdf,
      'content-length': String(PDF.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="Letter.pdf"; filename*=UTF-8''Letter.pdf`,
      'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
    });
  });

  it('refuses objects whose MD5, size, header or type do not match: deleted, shown as an upload that did not finish, audited', async () => {
    const tampered = Buffer.from(PDF);
    tampered[tampered.length - 2] = 0x41;
    const big = padded(PDF, 5000);
    const fakePng = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(200, 0x41)]);
    const cases: {
      declared: Buffer;
      sent: Buffer;
      name: string;
      type: string;
      overrides?: Record<string, unknown>;
      reason: string;
      message: RegExp | string;
    }[] = [
      { declared: PDF, sent: tampered, name: 'a.pdf', type: MIME.pdf, reason: 'md5', message: /MD5 does not match/ },
      {
        declared: big,
        sent: big.subarray(0, 4000),
        name: 'b.pdf',
        type: MIME.pdf,
        reason: 'size',
        message: 'The file is 4,000 bytes, not the declared 5,000 bytes',
      },
      {
        declared: big,
        sent: padded(big, 6000),
        name: 'c.pdf',
        type: MIME.pdf,
        reason: 'size',
        message: /larger than its declared size/,
      },
      {
        declared: ELF,
        sent: ELF,
        name: 'invoice.pdf',
        type: MIME.pdf,
        overrides: { header: '25504446' },
        reason: 'header',
        message: 'The file does not start with the declared header',
      },
      {
        declared: fakePng,
        sent: fakePng,
        name: 'photo.png',
        type: 'image/png',
        reason: 'type',
        message: CONTENTS_DO_NOT_MATCH,
      },
    ];
    for (const c of cases) {
      const { id, uploadUrl, key } = await describeUpload(c.declared, c.name, c.type, c.overrides);
      // s3rver, unlike S3, takes a body that does not match the signed Content-MD5 and length.
      expect((await putToBucket(uploadUrl, c.sent, md5(c.declared))).status, c.reason).toBe(200);
      expect(await viewOf(id), c.reason).toMatchObject({ deleted: true, status: 'failed', downloadUrl: null });
      expect(await storage.exists(key)).toBe(false);
      expect((await fileRow(id)).uploadedAt).toBeNull();
      expect(await jobsFor('file.scan', id)).toEqual([]);
      const [refused] = await auditsOf(id);
      expect(refused).toMatchObject({ action: 'file.refused', details: { reason: c.reason, noticedBy: 'read' } });
      expect((refused.details as { message: string }).message).toMatch(c.message);
    }
  });

  it('removes the object on delete, and again after the link could have put it back', async () => {
    const { id, uploadUrl, key } = await describeUpload(PDF);
    await putToBucket(uploadUrl, PDF);
    expect(await status(id)).toMatchObject({ status: 'scanning' });
    expect((await staff.delete(`/api/v1/file/${id}`)).statusCode).toBe(200);
    expect(await storage.exists(key)).toBe(false);
    expect(await viewOf(id)).toMatchObject({ deleted: true });

    // The presigned link still works until it expires, and a deleted file takes no upload.
    expect((await putToBucket(uploadUrl, PDF)).status).toBe(200);
    expect(await status(id)).toMatchObject({ code: 'OBJECT_NOT_FOUND', message: 'Sorry this file has expired' });
    expect(await viewOf(id)).toMatchObject({ deleted: true, downloadUrl: null });
    expect(await storage.exists(key)).toBe(true);
    const [purge] = await jobsFor('file.purge', id);
    const row = await fileRow(id);
    expect(purge.runAt.getTime()).toBe(row.createdAt.getTime() + t.config.fileLinkTtlMs + LATE_UPLOAD_GRACE_MS);
    await worker.jobs.drain();
    expect(await storage.exists(key)).toBe(true);
    await t.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, purge.id));
    await worker.jobs.drain();
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses a PUT once the presigned link has expired; the file keeps waiting', async () => {
    const { id, uploadUrl, key } = await describeUpload(PDF);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + t.config.fileLinkTtlMs + 1_000);
    const res = await putToBucket(uploadUrl, PDF);
    vi.useRealTimers();
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
    expect(await storage.exists(key)).toBe(false);
    expect(await viewOf(id)).toMatchObject({ status: 'uploading', deleted: false });
  });

  it('lets only one of two finalisers at once win, on two instances', async () => {
    const other = createUploadFinaliser({
      db: t.db,
      storage,
      jobs: createJobs(t.db, recordingLog()),
      audit: createAudit(t.db),
      log: recordingLog(),
      config: t.config,
    });
    const good = await describeUpload(PDF);
    await putToBucket(good.uploadUrl, PDF);
    const bad = await describeUpload(PDF, 'bad.pdf');
    await putToBucket(bad.uploadUrl, Buffer.from(PDF).fill(0x41, 20, 30), md5(PDF));

    await Promise.all(
      [good, bad].flatMap(({ id }) => [
        status(id),
        viewOf(id),
        fileRow(id).then((row) => other.finalise(row, 'sweep')),
      ]),
    );
    expect((await auditsOf(good.id)).map((a) => a.action)).toEqual(['file.uploaded']);
    expect(await jobsFor('file.scan', good.id)).toHaveLength(1);
    expect(await storage.exists(good.key)).toBe(true);
    expect((await auditsOf(bad.id)).map((a) => a.action)).toEqual(['file.refused']);
    expect(await jobsFor('file.purge', bad.id)).toHaveLength(1);
    expect(await storage.exists(bad.key)).toBe(false);
  });
});

describe('the scan callback with uploads straight to S3', () => {
  const callback = (key: string, verdict: 'clean' | 'infected') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/files/scan-callback',
      payload: { key, status: verdict },
      headers: { 'x-scan-secret': SECRET },
    });

  it('finalises the file its key names, then records the verdict', async () => {
    const { id, uploadUrl, key } = await describeUpload(PDF);
    await putToBucket(uploadUrl, PDF);
    expect((await callback(key, 'clean')).statusCode).toBe(200);
    expect(await fileRow(id)).toMatchObject({ uploadedAt: expect.any(Date), scanStatus: 'clean' });
    expect((await auditsOf(id)).map((a) => [a.action, a.details?.noticedBy ?? a.details?.source])).toEqual([
      ['file.uploaded', 'scan-callback'],
      ['file.scanned', 'callback'],
    ]);
    // The queued scan finds the verdict given.
    await worker.jobs.drain();
    expect((await fileRow(id)).scanStatus).toBe('clean');

    const infected = await describeUpload(PDF, 'other.pdf');
    await putToBucket(infected.uploadUrl, PDF);
    expect((await callback(infected.key, 'infected')).statusCode).toBe(200);
    expect(await fileRow(infected.id)).toMatchObject({ uploadedAt: expect.any(Date), scanStatus: 'infected' });
    expect(await storage.exists(infected.key)).toBe(false);
  });

  it('refuses an object that does not match instead of recording a verdict on it', async () => {
    const { id, uploadUrl, key } = await describeUpload(ELF, 'invoice.pdf', MIME.pdf, { header: '25504446' });
    await putToBucket(uploadUrl, ELF);
    expect((await callback(key, 'clean')).statusCode).toBe(200);
    expect(await fileRow(id)).toMatchObject({ uploadedAt: null, deletedAt: expect.any(Date), scanStatus: 'scanning' });
    expect(await storage.exists(key)).toBe(false);
    expect((await auditsOf(id)).map((a) => [a.action, a.details?.noticedBy])).toEqual([
      ['file.refused', 'scan-callback'],
    ]);
  });

  it('ignores a verdict on a key whose object has not arrived', async () => {
    const { id, key } = await describeUpload(PDF);
    expect((await callback(key, 'clean')).statusCode).toBe(200);
    expect(await fileRow(id)).toMatchObject({ uploadedAt: null, deletedAt: null, scanStatus: 'scanning' });
  });
});
