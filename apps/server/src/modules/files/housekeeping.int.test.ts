import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// See s3-uploads.int.test.ts: the SDK's Node 22 notice is only noise in tests.
vi.hoisted(() => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
});

import { and, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { jobs } from '../../platform/jobs/jobs.table.js';
import { createStorage } from '../../platform/storage/index.js';
import { startS3rver } from '../../platform/storage/s3rver.test-support.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import { practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { filesWorker } from './files-worker.test-support.js';
import { MIME, PDF, createAndUpload, describe as describeFile, md5, put } from './files.test-factories.js';
import { files } from './files.table.js';
import { FILES_SWEEP_JOB, SWEEP_EVERY_MS } from './housekeeping.js';

/** A server with its own database and store, a signed-in member, and the files jobs on a test queue. */
async function setUp(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  const storage = createStorage(t.config);
  const team = await practiceWithTeam(t.db);
  const staff = await signedIn(t.app, team.staff);
  const worker = filesWorker({ db: t.db, config: t.config, storage }, { sweep: true });
  const describeUpload = async (bytes = PDF) => {
    const res = await staff.post('/api/v1/files', {
      practiceId: team.practice.id,
      ...describeFile(bytes, 'Letter.pdf', MIME.pdf),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, uploadUrl } = res.json<{ id: number; uploadUrl: string }>();
    return { id, uploadUrl, key: (await fileRow(t, id)).storageKey };
  };
  return { t, storage, team, staff, worker, describeUpload };
}

const fileRow = async (t: TestApp, id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0];
/** The file was described `hours` ago. */
const describedAgo = (t: TestApp, id: number, hours: number) =>
  t.db
    .update(files)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(files.id, id));
const auditsOf = async (t: TestApp, id: number) =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'file'), eq(auditEvents.targetId, String(id))))
      .orderBy(auditEvents.id)
  ).map((a) => ({ action: a.action, actorUserId: a.actorUserId, details: a.details }));
const nextSweep = async (t: TestApp) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, FILES_SWEEP_JOB), isNull(jobs.doneAt)))
  )[0];
/** An hour passes: the next sweep is due. */
const anHourLater = async (t: TestApp) =>
  t.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.id, (await nextSweep(t)).id));
const viewOf = async (staff: TestClient, id: number) =>
  (await staff.get(`/api/v1/files?ids=${id}`)).json<{ deleted: boolean; status: string }[]>()[0];

describe('files.sweep with local storage', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(async () => {
    await s?.t.close();
  });

  it('expires files whose bytes never came within their upload window, with any stray bytes, as a system action', async () => {
    const { t, storage, staff, worker, team } = s;
    const abandoned = await s.describeUpload();
    await describedAgo(t, abandoned.id, 25);
    // Bytes the upload route stored before it stopped short of marking the file uploaded.
    await storage.write(abandoned.key, Readable.from([PDF]), PDF.length);
    const recent = await s.describeUpload();
    const uploaded = (await createAndUpload(t.app, staff, team.practice.id, PDF, 'old.pdf', MIME.pdf)).id;
    await describedAgo(t, uploaded, 48);

    await worker.jobs.drain();
    expect(await viewOf(staff, abandoned.id)).toMatchObject({ deleted: true, status: 'failed' });
    expect(await storage.exists(abandoned.key)).toBe(false);
    expect(await auditsOf(t, abandoned.id)).toEqual([
      {
        action: 'file.expired',
        actorUserId: null,
        details: {
          practiceId: team.practice.id,
          ownerKind: 'PRACTICE',
          ownerId: team.practice.id,
          reason: 'never uploaded',
        },
      },
    ]);
    expect(await fileRow(t, recent.id)).toMatchObject({ deletedAt: null, uploadedAt: null });
    expect(await fileRow(t, uploaded)).toMatchObject({
      deletedAt: null,
      uploadedAt: expect.any(Date),
      scanStatus: 'clean',
    });

    // Hourly: the next sweep waits an hour, then takes what has aged since.
    expect((await nextSweep(t)).runAt.getTime() - Date.now()).toBeGreaterThan(SWEEP_EVERY_MS - 60_000);
    await describedAgo(t, recent.id, 24.5);
    expect(await worker.jobs.drain()).toBe(0);
    expect((await fileRow(t, recent.id)).deletedAt).toBeNull();
    await anHourLater(t);
    await worker.jobs.drain();
    expect((await fileRow(t, recent.id)).deletedAt).not.toBeNull();
  });

  it('gives up an upload whose window ended on the next read, before any sweep: it did not finish, and says so', async () => {
    const { t, staff, team } = s;
    const lost = await s.describeUpload();
    const inTime = await s.describeUpload();
    // Past its link's life and the hour an upload begun just before may take.
    await describedAgo(t, lost.id, 1.5);
    await describedAgo(t, inTime.id, 0.5);

    expect(await viewOf(staff, lost.id)).toMatchObject({ deleted: true, status: 'failed', downloadUrl: null });
    const status = await staff.get(`/api/v1/file/${lost.id}/status`);
    expect(status.statusCode).toBe(456);
    expect(status.json()).toMatchObject({ code: 'OBJECT_NOT_FOUND', message: 'Upload did not finish — try again' });
    // Read twice, given up once, by the system.
    expect(await auditsOf(t, lost.id)).toEqual([
      {
        action: 'file.expired',
        actorUserId: null,
        details: {
          practiceId: team.practice.id,
          ownerKind: 'PRACTICE',
          ownerId: team.practice.id,
          reason: 'never uploaded',
        },
      },
    ]);
    // Bytes that come after all are not taken.
    expect((await put(t.app, lost.uploadUrl, PDF)).statusCode).toBe(404);

    // A file still within its window is on its way.
    expect(await viewOf(staff, inTime.id)).toMatchObject({ deleted: false, status: 'uploading' });
    expect((await staff.get(`/api/v1/file/${inTime.id}/status`)).json()).toEqual({
      status: 'scanning',
      type: MIME.pdf,
    });
  });

  it('sweeps the temporary file an upload killed mid-stream left on disk, once nothing can still be writing it', async () => {
    const { t, storage, staff, worker } = s;
    const killed = await s.describeUpload();
    const streaming = await s.describeUpload();
    // What a server killed while receiving bytes leaves: the start of the file beside its key.
    const partOf = (key: string) => path.join(t.config.dataDir, 'files', `${key}.0123456789ab.part`);
    for (const { key } of [killed, streaming]) {
      await mkdir(path.dirname(partOf(key)), { recursive: true });
      await writeFile(partOf(key), PDF.subarray(0, 20));
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(partOf(killed.key), twoHoursAgo, twoHoursAgo);
    await describedAgo(t, killed.id, 2);

    await anHourLater(t);
    await worker.jobs.drain();
    expect(existsSync(partOf(killed.key))).toBe(false);
    // A live upload writes as its bytes come: its temporary file is recent, and kept.
    expect(existsSync(partOf(streaming.key))).toBe(true);
    expect(worker.log.lines).toContainEqual(
      expect.objectContaining({
        level: 'info',
        msg: 'temporary files of uploads cut short removed',
        obj: { removed: 1 },
      }),
    );
    expect(await fileRow(t, killed.id)).toMatchObject({ uploadedAt: null, deletedAt: expect.any(Date) });
    expect(await viewOf(staff, killed.id)).toMatchObject({ deleted: true, status: 'failed' });
    expect(await storage.exists(killed.key)).toBe(false);
  });
});

describe('files.sweep with uploads straight to S3', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s3 = await startS3rver();
    s = await setUp(s3.env);
  });
  afterAll(async () => {
    await s?.t.close();
    await s3?.close();
  });

  const putToBucket = (uploadUrl: string, bytes = PDF) =>
    fetch(uploadUrl, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-md5': md5(bytes), 'x-amz-meta-checksum': md5(bytes) },
    });

  it('finalises objects nobody asked after, then expires files whose bytes never came', async () => {
    const { t, storage, worker } = s;
    const unpolled = await s.describeUpload();
    await putToBucket(unpolled.uploadUrl);
    const lateButThere = await s.describeUpload();
    await putToBucket(lateButThere.uploadUrl);
    await describedAgo(t, lateButThere.id, 25);
    const never = await s.describeUpload();
    await describedAgo(t, never.id, 25);

    // The sweep finalises and queues the scans, which the same drain runs.
    await worker.jobs.drain();
    for (const { id } of [unpolled, lateButThere]) {
      expect(await fileRow(t, id)).toMatchObject({
        uploadedAt: expect.any(Date),
        deletedAt: null,
        scanStatus: 'clean',
      });
      expect((await auditsOf(t, id))[0]).toMatchObject({ action: 'file.uploaded', details: { noticedBy: 'sweep' } });
    }
    expect(await fileRow(t, never.id)).toMatchObject({ uploadedAt: null, deletedAt: expect.any(Date) });
    expect((await auditsOf(t, never.id)).map((a) => a.action)).toEqual(['file.expired']);
    expect(await storage.exists(unpolled.key)).toBe(true);
  });

  it('leaves files alone while the store cannot be asked; reads answer what is known', async () => {
    const { t, staff } = s;
    const waiting = await s.describeUpload();
    await describedAgo(t, waiting.id, 25);
    const unreachable: FileStorage = { ...s.storage, exists: () => Promise.reject(new Error('connect ECONNREFUSED')) };
    const cut = filesWorker({ db: t.db, config: t.config, storage: unreachable }, { sweep: true });
    await anHourLater(t);
    await cut.jobs.drain();
    expect(await fileRow(t, waiting.id)).toMatchObject({ uploadedAt: null, deletedAt: null });
    expect(cut.log.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'could not finalise a direct upload' }),
    );

    // The bucket goes away altogether: status and list reads still answer.
    await s3.close();
    const status = await staff.get(`/api/v1/file/${waiting.id}/status`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ status: 'scanning', type: MIME.pdf });
    expect(await viewOf(staff, waiting.id)).toMatchObject({ deleted: false, status: 'uploading' });
  });
});
