import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { createAudit } from '../../platform/audit/audit.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { createLocalBus } from '../../platform/events/bus.js';
import { createJobs } from '../../platform/jobs/queue.js';
import { recordingLog } from '../../platform/jobs/log.test-support.js';
import { createClamdScanner } from '../../platform/scanner/clamd.js';
import { EICAR, startFakeClamd, type FakeClamd } from '../../platform/scanner/clamd.test-server.js';
import { createStorage } from '../../platform/storage/index.js';
import { files } from '../files/files.table.js';
import { PNG, describe as describeFile, put } from '../files/files.test-factories.js';
import { registerScanJob } from '../files/scanning/index.js';
import { createScanService } from '../files/scanning/scanning.service.js';
import { practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { applyUserPhoto } from './user-photo.js';
import { users } from '../../core/index.js';

/**
 * A user's profile photo end to end: the upload link, the PUT, the scan job (against a clamd that
 * finds EICAR), FILE_SCANNED on the app's bus, and the photo in the user's own answers.
 */

const bus = createLocalBus();
let t: TestApp;
let clamd: FakeClamd;
let scanJobs: ReturnType<typeof createJobs>;

beforeAll(async () => {
  t = await createTestApp({}, { bus });
  clamd = await startFakeClamd();
  const log = recordingLog();
  scanJobs = createJobs(t.db, log);
  const deps = { db: t.db, storage: createStorage(t.config), bus, audit: createAudit(t.db), log };
  registerScanJob(scanJobs, createScanService(deps, createClamdScanner({ host: '127.0.0.1', port: clamd.port })), log);
});
afterAll(async () => {
  await scanJobs?.stop();
  await clamd?.close();
  await t?.close();
});

const fileRow = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0];
const photoOf = async (userId: number) =>
  (await t.db.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, userId)))[0].photoUrl;
const publicUrl = async (fileId: number) => `/api/v1/files/public/${(await fileRow(fileId)).uuid}`;

/** Asks for the user's upload link and PUTs the bytes; the scan it queued waits for a drain. */
async function putPhoto(client: TestClient, userId: number, practiceId: number, bytes: Buffer) {
  const { type: _type, ...descriptor } = describeFile(bytes, 'me.png', '');
  const link = await client.post(`/api/v1/user/${userId}/profilePhoto`, { ...descriptor, practiceId });
  expect(link.statusCode, link.body).toBe(200);
  const { id, uploadUrl } = link.json<{ id: number; uploadUrl: string }>();
  expect((await put(t.app, uploadUrl, bytes)).statusCode).toBe(200);
  return id;
}

/** Uploads a photo and runs the scan the upload queued. */
async function uploadPhoto(client: TestClient, userId: number, practiceId: number, bytes: Buffer) {
  const id = await putPhoto(client, userId, practiceId, bytes);
  expect(await scanJobs.drain()).toBe(1);
  return id;
}

describe('a user’s profile photo', () => {
  it('becomes the user’s photo once scanned clean, served to anyone; a newer one replaces it', async () => {
    const { practice, staff } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, staff);
    expect((await client.get('/api/v1/user/current')).json().user.photoUrl).toBeNull();

    const first = await uploadPhoto(client, staff.id, practice.id, PNG);
    expect((await fileRow(first)).scanStatus).toBe('clean');
    await vi.waitFor(async () => expect(await photoOf(staff.id)).toBe(await publicUrl(first)));
    expect((await client.get('/api/v1/user/current')).json().user.photoUrl).toBe(await publicUrl(first));
    const served = await new TestClient(t.app).get(await publicUrl(first));
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    await vi.waitFor(async () => {
      const changes = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'user.photo_changed'), eq(auditEvents.subjectUserId, staff.id)));
      expect(changes).toMatchObject([{ actorUserId: staff.id, details: { fileId: first, replacedFileId: null } }]);
    });

    const second = await uploadPhoto(
      client,
      staff.id,
      practice.id,
      Buffer.concat([PNG, Buffer.from('a second photo')]),
    );
    await vi.waitFor(async () => expect(await photoOf(staff.id)).toBe(await publicUrl(second)));
    const replaced = await fileRow(first);
    expect(replaced.deletedAt).not.toBeNull();
    // Its bytes go once the change is committed.
    await vi.waitFor(() => expect(existsSync(path.join(t.config.dataDir, 'files', replaced.storageKey))).toBe(false));
    expect((await new TestClient(t.app).get(await publicUrl(first))).statusCode).toBe(404);
  });

  it('never becomes an infected upload: the photo stays as it was and the upload is never served', async () => {
    const { practice, provider } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, provider);
    const clean = await uploadPhoto(client, provider.id, practice.id, PNG);
    await vi.waitFor(async () => expect(await photoOf(provider.id)).toBe(await publicUrl(clean)));

    const infected = await uploadPhoto(client, provider.id, practice.id, Buffer.concat([PNG, EICAR]));
    expect((await fileRow(infected)).scanStatus).toBe('infected');
    // Even asked directly, as a stray FILE_SCANNED would.
    await applyUserPhoto({ db: t.db, storage: createStorage(t.config), audit: createAudit(t.db) }, infected);
    expect(await photoOf(provider.id)).toBe(await publicUrl(clean));
    expect((await client.get('/api/v1/user/current')).json().user.photoUrl).toBe(await publicUrl(clean));
    expect((await new TestClient(t.app).get(await publicUrl(infected))).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(await publicUrl(clean))).statusCode).toBe(200);
  });

  it('is not served once it is no longer the user’s photo', async () => {
    const { practice, staff } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, staff);
    const fileId = await uploadPhoto(client, staff.id, practice.id, PNG);
    await vi.waitFor(async () => expect(await photoOf(staff.id)).toBe(await publicUrl(fileId)));
    await t.db.update(users).set({ photoUrl: null }).where(eq(users.id, staff.id));
    expect((await new TestClient(t.app).get(await publicUrl(fileId))).statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/user/{id}/profilePhoto', () => {
  const removals = (userId: number) =>
    t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.photo_removed'), eq(auditEvents.subjectUserId, userId)));

  it('takes the photo down: initials again, the file deleted like any file, audited; again, it changes nothing', async () => {
    const { practice, staff } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, staff);
    const fileId = await uploadPhoto(client, staff.id, practice.id, PNG);
    await vi.waitFor(async () => expect(await photoOf(staff.id)).toBe(await publicUrl(fileId)));
    const url = await publicUrl(fileId);

    const removed = await client.delete(`/api/v1/user/${staff.id}/profilePhoto`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id: staff.id, photoUrl: null });
    expect((await client.get('/api/v1/user/current')).json().user.photoUrl).toBeNull();
    expect((await client.get(`/api/v1/files?ids=${fileId}`)).json()).toMatchObject([
      { id: fileId, deleted: true, downloadUrl: null },
    ]);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.dataDir, 'files', (await fileRow(fileId)).storageKey))).toBe(false);
    expect(await removals(staff.id)).toMatchObject([
      { actorUserId: staff.id, targetId: String(staff.id), details: { fileId } },
    ]);
    const fileDeleted = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'file.deleted'), eq(auditEvents.targetId, String(fileId))));
    expect(fileDeleted).toMatchObject([{ actorUserId: staff.id }]);

    const again = await client.delete(`/api/v1/user/${staff.id}/profilePhoto`);
    expect(again.statusCode).toBe(200);
    expect(again.json().photoUrl).toBeNull();
    expect(await removals(staff.id)).toHaveLength(1);
  });

  it('is only for your own photo', async () => {
    const { practice, staff, provider, admin } = await practiceWithTeam(t.db);
    const fileId = await uploadPhoto(await signedIn(t.app, provider), provider.id, practice.id, PNG);
    await vi.waitFor(async () => expect(await photoOf(provider.id)).toBe(await publicUrl(fileId)));
    for (const user of [staff, admin]) {
      expect((await (await signedIn(t.app, user)).delete(`/api/v1/user/${provider.id}/profilePhoto`)).statusCode).toBe(
        403,
      );
    }
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    expect((await anonymous.delete(`/api/v1/user/${provider.id}/profilePhoto`)).statusCode).toBe(401);
    expect(await photoOf(provider.id)).toBe(await publicUrl(fileId));
    expect((await fileRow(fileId)).deletedAt).toBeNull();
    expect(await removals(provider.id)).toHaveLength(0);
  });

  it('leaves an upload still being scanned to become the photo once it is clean: the user chose a new one', async () => {
    const { practice, staff } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, staff);
    const first = await uploadPhoto(client, staff.id, practice.id, PNG);
    await vi.waitFor(async () => expect(await photoOf(staff.id)).toBe(await publicUrl(first)));
    const second = await putPhoto(client, staff.id, practice.id, Buffer.concat([PNG, Buffer.from('a newer photo')]));

    expect((await client.delete(`/api/v1/user/${staff.id}/profilePhoto`)).json().photoUrl).toBeNull();
    expect(await scanJobs.drain()).toBe(1);
    await vi.waitFor(async () => expect(await photoOf(staff.id)).toBe(await publicUrl(second)));
    expect((await fileRow(first)).deletedAt).not.toBeNull();
  });
});
