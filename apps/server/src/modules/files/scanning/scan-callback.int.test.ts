import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createStorage } from '../../../platform/storage/index.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { closedPort, EICAR, startFakeClamd } from '../../../platform/scanner/clamd.test-server.js';
import { jobs } from '../../../platform/jobs/jobs.table.js';
import { files } from '../files.table.js';
import { CLEAN_PDF, auditOf, fileById, storeFile } from './scanning.test-factories.js';

const SECRET = 'a-scan-callback-secret-for-tests';
const URL = '/api/v1/files/scan-callback';

let t: TestApp;
let storage: FileStorage;
beforeAll(async () => {
  t = await createTestApp({ SCAN_CALLBACK_SECRET: SECRET });
  // The app's own storage: the same directory under DATA_DIR.
  storage = createStorage(t.config);
});
afterAll(async () => {
  await t?.close();
});

/** `secret` null sends no X-Scan-Secret header. */
const callback = (payload: unknown, secret: string | null = SECRET, app = t.app) =>
  app.inject({
    method: 'POST',
    url: URL,
    payload: payload as object,
    headers: secret === null ? {} : { 'x-scan-secret': secret },
  });

describe('POST /api/v1/files/scan-callback', () => {
  it('records clean, keeping the bytes, and audits it', async () => {
    const file = await storeFile(t.db, storage, CLEAN_PDF);
    const res = await callback({ key: file.storageKey, status: 'clean' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await fileById(t.db, file.id)).toMatchObject({ scanStatus: 'clean', scannedAt: expect.any(Date) });
    expect(await storage.exists(file.storageKey)).toBe(true);
    expect((await auditOf(t.db, file.id)).map((a) => [a.action, a.details])).toEqual([
      ['file.scanned', { practiceId: null, source: 'callback' }],
    ]);
  });

  it('records infected and deletes the bytes; repeating it changes nothing', async () => {
    const file = await storeFile(t.db, storage, EICAR);
    expect((await callback({ key: file.storageKey, status: 'infected' })).statusCode).toBe(200);
    const after = await fileById(t.db, file.id);
    expect(after.scanStatus).toBe('infected');
    expect(await storage.exists(file.storageKey)).toBe(false);

    expect((await callback({ key: file.storageKey, status: 'infected' })).statusCode).toBe(200);
    expect((await callback({ key: file.storageKey, status: 'clean' })).statusCode).toBe(200);
    expect(await fileById(t.db, file.id)).toEqual(after);
    expect((await auditOf(t.db, file.id)).map((a) => a.action)).toEqual(['file.infected']);
  });

  it('lets a later infected verdict overrule clean, never the reverse', async () => {
    const file = await storeFile(t.db, storage, EICAR);
    await callback({ key: file.storageKey, status: 'clean' });
    await callback({ key: file.storageKey, status: 'infected' });
    expect((await fileById(t.db, file.id)).scanStatus).toBe('infected');
    expect(await storage.exists(file.storageKey)).toBe(false);
  });

  it('leaves a deleted file alone, and answers 456 for a key it does not know', async () => {
    const file = await storeFile(t.db, storage, CLEAN_PDF);
    await t.db.update(files).set({ deletedAt: new Date() }).where(eq(files.id, file.id));
    expect((await callback({ key: file.storageKey, status: 'clean' })).statusCode).toBe(200);
    expect((await fileById(t.db, file.id)).scanStatus).toBe('scanning');

    const unknown = await callback({ key: 'ab/00000000-0000-0000-0000-000000000000', status: 'clean' });
    expect(unknown.statusCode).toBe(456);
    expect(unknown.json()).toMatchObject({ code: 'OBJECT_NOT_FOUND' });
  });

  it('refuses a missing or wrong secret with 401 and changes nothing', async () => {
    const file = await storeFile(t.db, storage, EICAR);
    for (const secret of [null, '', 'wrong', SECRET.slice(0, -1), `${SECRET}x`, SECRET.toUpperCase()]) {
      const res = await callback({ key: file.storageKey, status: 'infected' }, secret);
      expect(res.statusCode, String(secret)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    // Authentication comes first: an unauthenticated caller learns nothing about the body either.
    expect((await callback({ nonsense: true }, 'wrong')).statusCode).toBe(401);
    expect((await fileById(t.db, file.id)).scanStatus).toBe('scanning');
    expect(await storage.exists(file.storageKey)).toBe(true);
  });

  it('validates the body', async () => {
    const file = await storeFile(t.db, storage, CLEAN_PDF);
    for (const payload of [
      {},
      { key: file.storageKey },
      { key: file.storageKey, status: 'scanning' },
      { key: '', status: 'clean' },
    ]) {
      const res = await callback(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await fileById(t.db, file.id)).scanStatus).toBe('scanning');
  });

  it('does not exist without a configured secret', async () => {
    const inert = await createTestApp();
    try {
      const file = await storeFile(inert.db, createStorage(inert.config), EICAR);
      for (const secret of [null, SECRET, '']) {
        const res = await callback({ key: file.storageKey, status: 'infected' }, secret, inert.app);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: `No route POST ${URL}` });
      }
      expect((await fileById(inert.db, file.id)).scanStatus).toBe('scanning');
    } finally {
      await inert.close();
    }
  });

  it('is documented in the API', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(doc.paths[URL]).toHaveProperty('post');
  });
});

describe('the scanner in /api/v1/health', () => {
  type Health = { healthy: boolean; parts: { name: string; ok: boolean; detail?: string }[] };
  const scannerPart = (body: Health) => body.parts.find((p) => p.name === 'scanner');

  it('says when scanning is disabled (development without clamd), without failing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(scannerPart(res.json())).toEqual({
      name: 'scanner',
      ok: true,
      detail: 'disabled: files are marked clean without scanning',
    });
  });

  it('reports clamd answering, and answers 503 naming the scanner when it does not', async () => {
    const clamd = await startFakeClamd();
    const up = await createTestApp({ CLAMD_HOST: '127.0.0.1', CLAMD_PORT: String(clamd.port) });
    const down = await createTestApp({ CLAMD_HOST: '127.0.0.1', CLAMD_PORT: String(await closedPort()) });
    try {
      const ok = await up.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(ok.statusCode).toBe(200);
      expect(scannerPart(ok.json())).toEqual({ name: 'scanner', ok: true, detail: 'clamd' });
      expect(clamd.commands).toEqual(['zPING']);

      const failing = await down.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(failing.statusCode).toBe(503);
      const body = failing.json<Health>();
      expect(body.healthy).toBe(false);
      expect(body.parts.filter((p) => !p.ok)).toEqual([
        { name: 'scanner', ok: false, detail: 'clamd not answering: new files wait in scanning' },
      ]);
      // The scanner's address stays in the log.
      expect(failing.body).not.toContain('127.0.0.1');
    } finally {
      await up.close();
      await down.close();
      await clamd.close();
    }
  });
});

describe('the scan worker of a running server', () => {
  it('starts when the server listens and scans what was enqueued (development: marked clean)', async () => {
    const server = await createTestApp();
    try {
      const file = await storeFile(server.db, createStorage(server.config), CLEAN_PDF);
      await server.db.insert(jobs).values({ kind: 'file.scan', payload: { fileId: file.id } });
      await new Promise((r) => setTimeout(r, 700));
      expect((await fileById(server.db, file.id)).scanStatus).toBe('scanning');

      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const deadline = Date.now() + 5_000;
      while ((await fileById(server.db, file.id)).scanStatus === 'scanning' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect((await fileById(server.db, file.id)).scanStatus).toBe('clean');
    } finally {
      await server.close();
    }
  });
});
