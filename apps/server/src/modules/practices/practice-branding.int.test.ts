import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { createAudit } from '../../platform/audit/audit.js';
import { createStorage } from '../../platform/storage/index.js';
import { files } from '../files/files.table.js';
import { MIME, PDF, PNG, describe as describeFile, padded, put } from '../files/files.test-factories.js';
import { applyBrandingImage } from './practice-profile.service.js';
import { practices } from '../../core/index.js';
import { lastAudit, practiceRow, practiceWithTeam, signedIn } from './practices.test-factories.js';

let t: TestApp;
let scanned: (fileId: number) => Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  const ctx = { db: t.db, storage: createStorage(t.config), audit: createAudit(t.db) };
  // What the scan job does for a clean file, then the FILE_SCANNED reaction.
  scanned = async (fileId) => {
    await t.db.update(files).set({ scanStatus: 'clean', scannedAt: new Date() }).where(eq(files.id, fileId));
    await applyBrandingImage(ctx, fileId);
  };
});
afterAll(async () => {
  await t?.close();
});

const image = (bytes = PNG, name = 'logo.png') => {
  const { type: _type, ...descriptor } = describeFile(bytes, name, '');
  return descriptor;
};
const fileRow = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0];

/** Asks for an upload link with `request` and PUTs the bytes to it. */
async function uploadImage(client: TestClient, url: string, body: Record<string, unknown>, bytes = PNG) {
  const res = await client.post(url, { ...image(bytes), ...body });
  expect(res.statusCode, res.body).toBe(200);
  const link = res.json<{ uploadUrl: string; id: number }>();
  expect(Object.keys(link).sort()).toEqual(['id', 'uploadUrl']);
  expect((await put(t.app, link.uploadUrl, bytes)).statusCode).toBe(200);
  return link.id;
}

describe('POST /api/v1/practice/{id}/logo', () => {
  it('gives an admin an upload link; once the image is clean it becomes the public logo', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const fileId = await uploadImage(client, `/api/v1/practice/${practice.id}/logo`, {});
    const row = await fileRow(fileId);
    expect(row).toMatchObject({
      ownerKind: 'PRACTICE',
      ownerId: practice.id,
      practiceId: practice.id,
      purpose: 'LOGO',
      type: 'image/png',
      scanStatus: 'scanning',
    });
    expect((await practiceRow(t.db, practice.id)).logoUrl).toBeNull();
    expect((await new TestClient(t.app).get(`/api/v1/files/public/${row.uuid}`)).statusCode).toBe(404);

    await scanned(fileId);
    const logoUrl = `/api/v1/files/public/${row.uuid}`;
    expect((await practiceRow(t.db, practice.id)).logoUrl).toBe(logoUrl);
    expect((await new TestClient(t.app).get(`/api/v1/practice/${practice.uuid}/branding`)).json().logoUrl).toBe(
      logoUrl,
    );
    const served = await new TestClient(t.app).get(logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(await lastAudit(t.db, 'practice.logo_changed', practice.id)).toMatchObject({ actorUserId: admin.id });
    await t.db.update(practices).set({ active: false }).where(eq(practices.id, practice.id));
    expect((await new TestClient(t.app).get(logoUrl)).statusCode).toBe(404);
  });

  it('replaces the previous logo, whose bytes go; a late scan of an older upload changes nothing', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const url = `/api/v1/practice/${practice.id}/logo`;
    const older = await uploadImage(client, url, {});
    const first = await uploadImage(client, url, {});
    await scanned(first);
    const second = await uploadImage(client, url, {});
    await scanned(second);
    const firstRow = await fileRow(first);
    expect(firstRow.deletedAt).not.toBeNull();
    expect(existsSync(path.join(t.config.dataDir, 'files', firstRow.storageKey))).toBe(false);
    expect((await new TestClient(t.app).get(`/api/v1/files/public/${firstRow.uuid}`)).statusCode).toBe(404);
    await scanned(older);
    expect((await practiceRow(t.db, practice.id)).logoUrl).toBe(`/api/v1/files/public/${(await fileRow(second)).uuid}`);
  });

  it('takes only PNG, JPEG, GIF or WebP images of at most 10 MB, judged by their bytes', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const url = `/api/v1/practice/${practice.id}/logo`;
    const pdf = await client.post(url, image(PDF, 'logo.png'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({
      message: 'Use a PNG, JPEG, GIF or WebP image',
      issues: [{ path: ['body', 'type'] }],
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ size: 10_000_001 }, 'Images must be at most 10 MB'],
      [{ size: 0 }, 'The file is empty'],
      [{ name: '' }, 'File name is required'],
      [{ header: undefined }, 'File header is required'],
      [{ hash: undefined }, 'File hash is required'],
    ];
    for (const [change, message] of cases) {
      const res = await client.post(url, { ...image(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A PNG header on something else is refused when the bytes arrive.
    const fake = padded(PNG.subarray(0, 4), 300);
    const { uploadUrl, id: fileId } = (await client.post(url, image(fake))).json();
    const refused = await put(t.app, uploadUrl, fake);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Use a PNG, JPEG, GIF or WebP image');
    expect((await fileRow(fileId)).uploadedAt).toBeNull();
    expect((await t.db.select().from(files).where(eq(files.practiceId, practice.id))).map((f) => f.id)).toEqual([
      fileId,
    ]);
  });

  it('refuses members who may not edit the practice, outsiders and anonymous callers', async () => {
    const { practice, staff, provider, outsider } = await practiceWithTeam(t.db);
    for (const user of [staff, provider, outsider]) {
      const res = await (await signedIn(t.app, user)).post(`/api/v1/practice/${practice.id}/logo`, image());
      expect(res.statusCode).toBe(403);
    }
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    expect((await anonymous.post(`/api/v1/practice/${practice.id}/logo`, image())).statusCode).toBe(401);
    expect((await t.db.select().from(files).where(eq(files.practiceId, practice.id))).length).toBe(0);
  });
});

describe('POST /api/v1/practice/profilePhoto', () => {
  it('becomes the practice’s profile photo once clean; its logo stays', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    await t.db
      .update(practices)
      .set({ logoUrl: 'https://cdn.example.test/logo.png' })
      .where(eq(practices.id, practice.id));
    const fileId = await uploadImage(await signedIn(t.app, admin), '/api/v1/practice/profilePhoto', {
      practiceId: practice.id,
    });
    expect((await fileRow(fileId)).purpose).toBe('PRACTICE_PHOTO');
    await scanned(fileId);
    const row = await practiceRow(t.db, practice.id);
    expect(row).toMatchObject({
      logoUrl: 'https://cdn.example.test/logo.png',
      profilePhoto: `/api/v1/files/public/${(await fileRow(fileId)).uuid}`,
    });
    expect((await new TestClient(t.app).get(row.profilePhoto!)).statusCode).toBe(200);
  });

  it('is refused to staff and outsiders', async () => {
    const { practice, staff, outsider } = await practiceWithTeam(t.db);
    for (const user of [staff, outsider]) {
      expect(
        (
          await (
            await signedIn(t.app, user)
          ).post('/api/v1/practice/profilePhoto', { ...image(), practiceId: practice.id })
        ).statusCode,
      ).toBe(403);
    }
  });
});

describe('POST /api/v1/user/{id}/profilePhoto', () => {
  it('lets users upload their own photo, as a file they own', async () => {
    const { practice, staff, provider } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, staff);
    const fileId = await uploadImage(client, `/api/v1/user/${staff.id}/profilePhoto`, { practiceId: practice.id });
    expect(await fileRow(fileId)).toMatchObject({
      ownerKind: 'USER',
      ownerId: staff.id,
      purpose: 'USER_PHOTO',
      uploadedBy: staff.id,
    });
    const someoneElse = await client.post(`/api/v1/user/${provider.id}/profilePhoto`, {
      ...image(),
      practiceId: practice.id,
    });
    expect(someoneElse.statusCode).toBe(403);
  });

  it('needs membership of the practice named; outsiders cannot ask for another user', async () => {
    const { staff, outsider, otherPractice } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, staff);
    expect(
      (await client.post(`/api/v1/user/${staff.id}/profilePhoto`, { ...image(), practiceId: otherPractice.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await client.post(`/api/v1/user/${outsider.id}/profilePhoto`, { ...image(), practiceId: otherPractice.id }))
        .statusCode,
    ).toBe(403);
  });
});

describe('DELETE /api/v1/practice/{id}/logo and /profilePhoto', () => {
  it('lets an admin take the logo down: the practice answers without it, the file is deleted, audited; again, nothing changes', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const fileId = await uploadImage(client, `/api/v1/practice/${practice.id}/logo`, {});
    await scanned(fileId);
    const logoUrl = (await practiceRow(t.db, practice.id)).logoUrl!;

    const removed = await client.delete(`/api/v1/practice/${practice.id}/logo`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id: practice.id, logoUrl: null });
    expect((await new TestClient(t.app).get(`/api/v1/practice/${practice.uuid}/branding`)).json().logoUrl).toBeNull();
    expect((await client.get(`/api/v1/files?ids=${fileId}`)).json()).toMatchObject([
      { id: fileId, deleted: true, downloadUrl: null },
    ]);
    expect((await new TestClient(t.app).get(logoUrl)).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.dataDir, 'files', (await fileRow(fileId)).storageKey))).toBe(false);
    const audited = await lastAudit(t.db, 'practice.logo_removed', practice.id);
    expect(audited).toMatchObject({ actorUserId: admin.id, details: { fileId } });

    const again = await client.delete(`/api/v1/practice/${practice.id}/logo`);
    expect(again.statusCode).toBe(200);
    expect(again.json().logoUrl).toBeNull();
    expect((await lastAudit(t.db, 'practice.logo_removed', practice.id)).id).toBe(audited.id);
  });

  it('takes the profile photo down and leaves the logo; an image set from elsewhere is cleared too', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    await t.db
      .update(practices)
      .set({ logoUrl: 'https://cdn.example.test/logo.png' })
      .where(eq(practices.id, practice.id));
    const client = await signedIn(t.app, admin);
    const fileId = await uploadImage(client, '/api/v1/practice/profilePhoto', { practiceId: practice.id });
    await scanned(fileId);

    const removed = await client.delete(`/api/v1/practice/${practice.id}/profilePhoto`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ profilePhoto: null, logoUrl: 'https://cdn.example.test/logo.png' });
    expect((await fileRow(fileId)).deletedAt).not.toBeNull();
    expect(await lastAudit(t.db, 'practice.profile_photo_removed', practice.id)).toMatchObject({
      actorUserId: admin.id,
      details: { fileId },
    });

    expect((await client.delete(`/api/v1/practice/${practice.id}/logo`)).json().logoUrl).toBeNull();
    expect(await lastAudit(t.db, 'practice.logo_removed', practice.id)).toMatchObject({ details: { fileId: null } });
  });

  it('is refused to members who may not edit the practice, outsiders and anonymous callers', async () => {
    const { practice, admin, staff, provider, outsider } = await practiceWithTeam(t.db);
    const fileId = await uploadImage(await signedIn(t.app, admin), `/api/v1/practice/${practice.id}/logo`, {});
    await scanned(fileId);
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    for (const image of ['logo', 'profilePhoto']) {
      for (const user of [staff, provider, outsider]) {
        expect(
          (await (await signedIn(t.app, user)).delete(`/api/v1/practice/${practice.id}/${image}`)).statusCode,
        ).toBe(403);
      }
      expect((await anonymous.delete(`/api/v1/practice/${practice.id}/${image}`)).statusCode).toBe(401);
    }
    expect((await practiceRow(t.db, practice.id)).logoUrl).toBe(`/api/v1/files/public/${(await fileRow(fileId)).uuid}`);
    expect((await fileRow(fileId)).deletedAt).toBeNull();
    expect(await lastAudit(t.db, 'practice.logo_removed', practice.id)).toBeUndefined();
  });
});

describe('GET /api/v1/files/public/{uuid}', () => {
  it('serves only a practice’s current, clean branding image', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const document = await client.post('/api/v1/files', {
      practiceId: practice.id,
      ...describeFile(PDF, 'a.pdf', MIME.pdf),
    });
    const { id } = document.json();
    await put(t.app, document.json().uploadUrl, PDF);
    await scanned(id);
    expect((await new TestClient(t.app).get(`/api/v1/files/public/${(await fileRow(id)).uuid}`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get('/api/v1/files/public/not-a-uuid')).statusCode).toBe(404);
  });
});
