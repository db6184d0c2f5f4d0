import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../../../test/harness.js';
import { liveService } from '../../../test/live-services.js';
import type { Database } from '../../../db/client.js';
import { jobs as jobsTable } from '../../../platform/jobs/jobs.table.js';
import { createLocalStorage } from '../../../platform/storage/local.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { createClamdScanner } from '../../../platform/scanner/clamd.js';
import { EICAR, closedPort } from '../../../platform/scanner/clamd.test-server.js';
import { FILE_SCAN_JOB } from './index.js';
import { CLEAN_PDF, auditOf, fileById, scanWorker, storeFile } from './scanning.test-factories.js';

/**
 * The scan job against a real clamd, whose only signature is EICAR's:
 * `eval "$(scripts/clamd-test.sh start)"` (as .ci/run does) sets TEST_CLAMD_HOST/PORT. Skipped
 * without them, unless REQUIRE_LIVE_SERVICES is on (CI), where it fails.
 */
const clamd = liveService('TEST_CLAMD_HOST', 'TEST_CLAMD_PORT');
const host = clamd?.TEST_CLAMD_HOST;
const port = Number(clamd?.TEST_CLAMD_PORT);

/** Forwards `listenPort` to the real clamd: the scanner coming back where it was down. */
async function relayToClamd(listenPort: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect({ host: host!, port });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.runIf(host)('the file.scan job with a real clamd', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let storage: FileStorage;
  let worker: ReturnType<typeof scanWorker>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
    storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'rw-scan-')));
  });
  afterEach(async () => {
    await worker?.jobs.stop();
    await database.db.delete(jobsTable);
  });
  afterAll(async () => {
    await drop?.();
  });

  const scanOnce = async (bytes: Buffer, type: string) => {
    worker = scanWorker(database.db, storage, createClamdScanner({ host: host!, port }));
    const file = await storeFile(database.db, storage, bytes, type);
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    expect(await worker.jobs.drain()).toBe(1);
    return file;
  };

  it('finds EICAR: the file is infected and its bytes are gone', async () => {
    const file = await scanOnce(EICAR, 'text/plain');
    expect((await fileById(database.db, file.id)).scanStatus).toBe('infected');
    expect(await storage.exists(file.storageKey)).toBe(false);
    expect(worker.events).toEqual([{ messageId: null, fileId: file.id, status: 'infected', type: 'text/plain' }]);
    expect((await auditOf(database.db, file.id))[0].details).toMatchObject({
      signature: expect.stringMatching(/Eicar/i),
    });
  });

  it('passes a clean PDF', async () => {
    const file = await scanOnce(CLEAN_PDF, 'application/pdf');
    expect((await fileById(database.db, file.id)).scanStatus).toBe('clean');
    expect(await storage.exists(file.storageKey)).toBe(true);
    expect(worker.events).toEqual([{ messageId: null, fileId: file.id, status: 'clean', type: 'application/pdf' }]);
  });

  it('keeps a file scanning while clamd is down, retrying, and scans it once clamd is back', async () => {
    const downPort = await closedPort();
    worker = scanWorker(database.db, storage, createClamdScanner({ host: '127.0.0.1', port: downPort }));
    const file = await storeFile(database.db, storage, EICAR, 'text/plain');
    await worker.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id });
    const job = async () => (await database.db.select().from(jobsTable))[0];

    for (const attempts of [1, 2]) {
      await worker.jobs.drain();
      expect(await job()).toMatchObject({ attempts, doneAt: null, lastError: expect.stringMatching(/ECONNREFUSED/) });
      expect((await fileById(database.db, file.id)).scanStatus).toBe('scanning');
      expect(await storage.exists(file.storageKey)).toBe(true);
      await database.db.update(jobsTable).set({ runAt: sql`now()` });
    }

    const relay = await relayToClamd(downPort);
    try {
      expect(await worker.jobs.drain()).toBe(1);
    } finally {
      await relay.close();
    }
    expect(await job()).toMatchObject({ attempts: 3, doneAt: expect.any(Date), lastError: null });
    expect((await fileById(database.db, file.id)).scanStatus).toBe('infected');
    expect(await storage.exists(file.storageKey)).toBe(false);
  });
});
