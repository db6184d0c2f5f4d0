import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from '../../../db/client.js';
import { jobs as jobsTable } from '../../../platform/jobs/jobs.table.js';
import { createLocalStorage } from '../../../platform/storage/local.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { createClamdScanner } from '../../../platform/scanner/clamd.js';
import { createScanner, type Scanner } from '../../../platform/scanner/index.js';
import { EICAR, closedPort, startFakeClamd, type FakeClamd } from '../../../platform/scanner/clamd.test-server.js';
import { recordingLog } from '../../../platform/jobs/log.test-support.js';
import { files } from '../files.table.js';
import { FILE_SCAN_JOB } from './index.js';
import { CLEAN_PDF, auditOf, fileById, scanWorker, storeFile } from './scanning.test-factories.js';

/** The scan job over a clamd speaking the protocol on loopback (the real daemon: scanning-clamd.int.test.ts). */

let database: Database;
let drop: () => Promise<void>;
let storage: FileStorage;
let clamd: FakeClamd;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'rw-scan-')));
  clamd = await startFakeClamd();
});
afterAll(async () => {
  await clamd?.close();
  await drop?.();
});

const db = () => database.db;
const clamdAt = (port: number) => createClamdScanner({ host: '127.0.0.1', port });
/** Makes the waiting retries due now. */
const retryNow = () =>
  db()
    .update(jobsTable)
    .set({ runAt: sql`now()` })
    .where(sql`done_at is null`);
const jobOf = async (fileId: number) =>
  (
    await db()
      .select()
      .from(jobsTable)
      .where(sql`${jobsTable.payload}->>'fileId' = ${String(fileId)}`)
  )[0];

describe('the file.scan job', () => {
  let worker: ReturnType<typeof scanWorker>;
  afterEach(async () => {
    await worker?.jobs.stop();
    // Each test drains its own jobs only.
    await db().delete(jobsTable);
  });

  it('marks a clean file clean, keeps its bytes, audits and publishes FILE_SCANNED', async () => {
    worker = scanWorker(db(), storage, clamdAt(clamd.port));
    const file = await storeFile(db(), storage, CLEAN_PDF);
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    expect(await worker.jobs.drain()).toBe(1);

    const after = await fileById(db(), file.id);
    expect(after).toMatchObject({ scanStatus: 'clean', scannedAt: expect.any(Date) });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(file.updatedAt.getTime());
    expect(await storage.exists(file.storageKey)).toBe(true);
    expect(clamd.streams.at(-1)!.bytes.equals(CLEAN_PDF)).toBe(true);
    expect(worker.events).toEqual([{ messageId: null, fileId: file.id, status: 'clean', type: 'application/pdf' }]);
    expect((await auditOf(db(), file.id)).map((a) => [a.action, a.details])).toEqual([
      ['file.scanned', { practiceId: null, source: 'scanner' }],
    ]);
  });

  it('marks an infected file infected and deletes its bytes at once', async () => {
    worker = scanWorker(db(), storage, clamdAt(clamd.port));
    const file = await storeFile(db(), storage, EICAR, 'text/plain');
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    await worker.jobs.drain();

    expect(await fileById(db(), file.id)).toMatchObject({ scanStatus: 'infected', scannedAt: expect.any(Date) });
    expect(await storage.exists(file.storageKey)).toBe(false);
    expect(worker.events).toEqual([{ messageId: null, fileId: file.id, status: 'infected', type: 'text/plain' }]);
    const [entry] = await auditOf(db(), file.id);
    expect(entry).toMatchObject({
      action: 'file.infected',
      actorUserId: null,
      details: { signature: 'Eicar-Test-Signature', source: 'scanner' },
    });
    expect((await jobOf(file.id)).doneAt).not.toBeNull();
  });

  it('keeps the file scanning and retries while the scanner is down, then records the verdict', async () => {
    const port = await closedPort();
    worker = scanWorker(db(), storage, clamdAt(port));
    const file = await storeFile(db(), storage, EICAR);
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });

    for (const attempt of [1, 2, 3]) {
      await worker.jobs.drain();
      const job = await jobOf(file.id);
      expect(job).toMatchObject({ attempts: attempt, doneAt: null, lastError: expect.stringMatching(/clamd/) });
      expect(await fileById(db(), file.id)).toMatchObject({ scanStatus: 'scanning', scannedAt: null });
      expect(await storage.exists(file.storageKey)).toBe(true);
      await retryNow();
    }
    expect(worker.events).toEqual([]);

    const back = await startFakeClamd({ port });
    try {
      await worker.jobs.drain();
    } finally {
      await back.close();
    }
    expect(await jobOf(file.id)).toMatchObject({ attempts: 4, doneAt: expect.any(Date), lastError: null });
    expect(await fileById(db(), file.id)).toMatchObject({ scanStatus: 'infected' });
    expect(await storage.exists(file.storageKey)).toBe(false);
  });

  it('treats a file too large for clamd as no verdict: the file stays scanning', async () => {
    const small = await startFakeClamd({ maxBytes: 16 });
    try {
      worker = scanWorker(db(), storage, clamdAt(small.port));
      const file = await storeFile(db(), storage, CLEAN_PDF);
      await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
      await worker.jobs.drain();
      expect((await jobOf(file.id)).lastError).toMatch(/size limit/);
      expect((await fileById(db(), file.id)).scanStatus).toBe('scanning');
    } finally {
      await small.close();
    }
  });

  it('skips a file deleted before its scan, or gone altogether', async () => {
    worker = scanWorker(db(), storage, clamdAt(clamd.port));
    const deleted = await storeFile(db(), storage, CLEAN_PDF);
    await db().update(files).set({ deletedAt: new Date() }).where(eq(files.id, deleted.id));
    const gone = await storeFile(db(), storage, CLEAN_PDF);
    await db().delete(files).where(eq(files.id, gone.id));
    const before = clamd.streams.length;
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: deleted.id });
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: gone.id });
    expect(await worker.jobs.drain()).toBe(2);
    expect(clamd.streams.length).toBe(before);
    expect(await fileById(db(), deleted.id)).toMatchObject({ scanStatus: 'scanning', scannedAt: null });
    expect(worker.events).toEqual([]);
    expect((await jobOf(deleted.id)).doneAt).not.toBeNull();
  });

  it('records nothing for a file deleted while it was being scanned', async () => {
    // eslint-disable-next-line prefer-const -- the scanner built below reads it; it is assigned once the worker exists
    let file!: Awaited<ReturnType<typeof storeFile>>;
    const deletesMidScan: Scanner = {
      mode: 'clamd',
      ping: async () => {},
      scan: async (source) => {
        source.destroy();
        await db().update(files).set({ deletedAt: new Date() }).where(eq(files.id, file.id));
        return { status: 'infected', signature: 'Late' };
      },
    };
    worker = scanWorker(db(), storage, deletesMidScan);
    file = await storeFile(db(), storage, CLEAN_PDF);
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    await worker.jobs.drain();
    expect((await fileById(db(), file.id)).scanStatus).toBe('scanning');
    expect(worker.events).toEqual([]);
    expect(await auditOf(db(), file.id)).toEqual([]);
  });

  it('gives the same verdict once, however often the job runs', async () => {
    worker = scanWorker(db(), storage, clamdAt(clamd.port));
    const file = await storeFile(db(), storage, CLEAN_PDF);
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    await worker.jobs.drain();
    expect(worker.events).toHaveLength(1);
    expect(await auditOf(db(), file.id)).toHaveLength(1);
  });

  it('retries when the bytes cannot be read, without a verdict', async () => {
    worker = scanWorker(db(), storage, clamdAt(clamd.port));
    const file = await storeFile(db(), storage, CLEAN_PDF);
    await storage.remove(file.storageKey);
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    await worker.jobs.drain();
    expect(await jobOf(file.id)).toMatchObject({
      attempts: 1,
      doneAt: null,
      lastError: expect.stringMatching(/ENOENT/),
    });
    expect((await fileById(db(), file.id)).scanStatus).toBe('scanning');
  });

  it('removes infected bytes on the retry when removing them failed the first time', async () => {
    let failures = 1;
    const flaky: FileStorage = {
      ...storage,
      remove: async (key) => {
        if (failures-- > 0) throw new Error('storage unavailable');
        await storage.remove(key);
      },
    };
    worker = scanWorker(db(), flaky, clamdAt(clamd.port));
    const file = await storeFile(db(), storage, EICAR);
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    await worker.jobs.drain();
    expect((await fileById(db(), file.id)).scanStatus).toBe('infected');
    expect(await storage.exists(file.storageKey)).toBe(true);
    expect((await jobOf(file.id)).lastError).toBe('storage unavailable');

    await retryNow();
    await worker.jobs.drain();
    expect(await storage.exists(file.storageKey)).toBe(false);
    expect((await jobOf(file.id)).doneAt).not.toBeNull();
    expect(worker.events).toHaveLength(1);
  });

  it('drops a job without a file id instead of retrying it forever', async () => {
    worker = scanWorker(db(), storage, clamdAt(clamd.port));
    const id = await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: 'seven' });
    await worker.jobs.drain();
    expect((await db().select().from(jobsTable).where(eq(jobsTable.id, id)))[0].doneAt).not.toBeNull();
    expect(worker.log.lines.some((l) => l.level === 'error' && /without a file id/.test(l.msg))).toBe(true);
  });

  it('without a configured scanner (development) marks files clean', async () => {
    worker = scanWorker(db(), storage, createScanner({ clamd: undefined, isProduction: false }, recordingLog()));
    const file = await storeFile(db(), storage, EICAR);
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    await worker.jobs.drain();
    expect((await fileById(db(), file.id)).scanStatus).toBe('clean');
    expect(worker.events).toEqual([{ messageId: null, fileId: file.id, status: 'clean', type: 'application/pdf' }]);
  });

  it('reads the stored bytes as a stream, in chunks', async () => {
    const big = Buffer.alloc(300_000, 'a');
    worker = scanWorker(db(), storage, clamdAt(clamd.port));
    const file = await storeFile(db(), storage, big, 'image/png');
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    await worker.jobs.drain();
    const stream = clamd.streams.at(-1)!;
    expect(stream.bytes.equals(big)).toBe(true);
    expect(stream.chunks.length).toBeGreaterThan(1);
    expect((await fileById(db(), file.id)).scanStatus).toBe('clean');
  });
});
