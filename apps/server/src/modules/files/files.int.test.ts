import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createUser } from '../../test/factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { signFileLink } from '../../platform/storage/signed-urls.js';
import { practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { DOCX, MIME, PDF, PNG, createAndUpload, download, md5 } from './files.test-factories.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { files } from './files.table.js';
import type { FileView } from '@referwell/contracts';

let t: TestApp;
let team: Awaited<ReturnType<typeof practiceWithTeam>>;
let admin: TestClient;
let provider: TestClient;
let staff: TestClient;
let outsider: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  team = await practiceWithTeam(t.db);
  [admin, provider, staff, outsider] = await Promise.all(
    [team.admin, team.provider, team.staff, team.outsider].map((u) => signedIn(t.app, u)),
  );
});
afterAll(async () => {
  await t?.close();
});

const fileRow = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0];
const setScan = (id: number, scanStatus: 'clean' | 'infected' | 'scanning') =>
  t.db.update(files).set({ scanStatus }).where(eq(files.id, id));
const bytesExist = async (id: number) =>
  existsSync(path.join(t.config.dataDir, 'files', (await fileRow(id)).storageKey));

/** An uploaded file of the team's practice, scanned as given. */
async function uploaded(
  client: TestClient,
  bytes: Buffer,
  name: string,
  type: string,
  scan: 'clean' | 'infected' | 'scanning' = 'clean',
) {
  const { id, upload } = await createAndUpload(t.app, client, team.practice.id, bytes, name, type);
  expect(upload.statusCode, upload.body).toBe(200);
  await setScan(id, scan);
  return id;
}

async function viewOf(client: TestClient, id: number): Promise<FileView> {
  const res = await client.get(`/api/v1/files?ids=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FileView[]>()[0];
}

describe('GET /api/v1/files?ids', () => {
  it('shows the files the caller may see, in the order asked, and leaves the others out', async () => {
    const mine = await uploaded(staff, PDF, 'Letter.pdf', MIME.pdf);
    const scanning = await uploaded(staff, PNG, 'xray.png', 'image/png', 'scanning');
    const pending = (
      await staff.post('/api/v1/files', {
        practiceId: team.practice.id,
        name: 'later.pdf',
        size: PDF.length,
        type: MIME.pdf,
        header: '25504446',
        hash: '1B2M2Y8AsgTpgAmY7PhCfg==',
      })
    ).json().id;
    const theirs = (await createAndUpload(t.app, outsider, team.otherPractice.id, PDF, 'theirs.pdf', MIME.pdf)).id;

    const res = await provider.get(`/api/v1/files?ids=${scanning},${theirs},999999,${mine},${pending},${mine}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<FileView[]>();
    expect(list.map((f) => f.id)).toEqual([scanning, mine, pending]);
    const [scan, clean, waiting] = list;
    expect(Object.keys(clean).sort()).toEqual([
      'deleted',
      'downloadUrl',
      'id',
      'name',
      'scanStatus',
      'size',
      'status',
      'type',
      'updatedAt',
    ]);
    expect(clean).toMatchObject({
      name: 'Letter.pdf',
      type: MIME.pdf,
      size: PDF.length,
      scanStatus: 'clean',
      status: 'uploaded',
      deleted: false,
    });
    expect(clean.downloadUrl).toMatch(
      /^http:\/\/localhost:3000\/api\/v1\/files\/download\/[0-9a-f-]{36}\?expires=\d+&signature=/,
    );
    expect(scan).toMatchObject({ scanStatus: 'scanning', status: 'uploaded', downloadUrl: null });
    expect(waiting).toMatchObject({ status: 'uploading', downloadUrl: null, type: MIME.pdf });

    expect((await outsider.get(`/api/v1/files?ids=${mine},${scanning}`)).json()).toEqual([]);
    expect((await new TestClient(t.app).get(`/api/v1/files?ids=${mine}`)).statusCode).toBe(401);
  });

  it('validates the ids', async () => {
    for (const [query, message] of [
      ['', 'ids is required'],
      ['ids=a', 'ids are numbers'],
      [`ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'At most 100 ids'],
    ]) {
      const res = await staff.get(`/api/v1/files?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('GET /api/v1/file/{id}/status', () => {
  it('answers the scan status and detected type to members; 456 to others', async () => {
    const id = await uploaded(staff, PNG, 'a.png', 'image/png', 'infected');
    expect((await admin.get(`/api/v1/file/${id}/status`)).json()).toEqual({ status: 'infected', type: 'image/png' });
    const outside = await outsider.get(`/api/v1/file/${id}/status`);
    expect(outside.statusCode).toBe(456);
    expect(outside.json().message).toBe('No such file');
    expect((await outsider.get('/api/v1/file/999999/status')).json()).toEqual(outside.json());
    expect((await new TestClient(t.app).get(`/api/v1/file/${id}/status`)).statusCode).toBe(401);
  });

  it('says a file deleted while it was scanning has expired, so viewers stop waiting for its scan', async () => {
    const id = await uploaded(staff, PDF, 'a.pdf', MIME.pdf, 'scanning');
    expect((await provider.get(`/api/v1/file/${id}/status`)).json()).toEqual({ status: 'scanning', type: MIME.pdf });
    expect((await staff.delete(`/api/v1/file/${id}`)).statusCode).toBe(200);

    const gone = await provider.get(`/api/v1/file/${id}/status`);
    expect(gone.statusCode).toBe(456);
    expect(gone.json()).toMatchObject({ code: 'OBJECT_NOT_FOUND', message: 'Sorry this file has expired' });
    // Outsiders learn nothing: the same answer as for a file that never existed.
    expect((await outsider.get(`/api/v1/file/${id}/status`)).json().message).toBe('No such file');
  });
});

describe('DELETE /api/v1/file/{id}', () => {
  it('lets the uploader delete: the bytes go at once and viewers see an expired file', async () => {
    const id = await uploaded(staff, PDF, 'a.pdf', MIME.pdf);
    const { downloadUrl } = await viewOf(staff, id);
    const res = await staff.delete(`/api/v1/file/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await bytesExist(id)).toBe(false);
    expect((await fileRow(id)).deletedAt).not.toBeNull();
    expect(await viewOf(provider, id)).toMatchObject({ deleted: true, downloadUrl: null });
    const gone = await download(t.app, downloadUrl!);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Sorry this file has expired');
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'file.deleted'), eq(auditEvents.targetId, String(id))))
      .orderBy(desc(auditEvents.id));
    expect(audit).toMatchObject({ actorUserId: team.staff.id, targetType: 'file' });
    expect((await staff.delete(`/api/v1/file/${id}`)).statusCode).toBe(200);
  });

  it('lets a practice admin delete anyone’s file, but not another member', async () => {
    const id = await uploaded(staff, PDF, 'a.pdf', MIME.pdf);
    const refused = await provider.delete(`/api/v1/file/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the person who uploaded this file or a practice admin can delete it');
    expect(await bytesExist(id)).toBe(true);
    expect((await admin.delete(`/api/v1/file/${id}`)).statusCode).toBe(200);
    expect(await bytesExist(id)).toBe(false);
  });

  it('refuses outsiders with 456 and changes nothing', async () => {
    const id = await uploaded(staff, PDF, 'a.pdf', MIME.pdf);
    const res = await outsider.delete(`/api/v1/file/${id}`);
    expect(res.statusCode).toBe(456);
    expect((await fileRow(id)).deletedAt).toBeNull();
    expect(await bytesExist(id)).toBe(true);
    expect((await new TestClient(t.app).delete(`/api/v1/file/${id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/files/download/{uuid}', () => {
  it('streams a clean PDF inline, never sniffed or run, with no session needed', async () => {
    const id = await uploaded(staff, PDF, 'Letter.pdf', MIME.pdf);
    const res = await download(t.app, (await viewOf(staff, id)).downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': MIME.pdf,
      'content-length': String(PDF.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="Letter.pdf"; filename*=UTF-8''Letter.pdf`,
      'cache-control': 'private, no-store',
    });
    // Chromium's PDF viewer does not start in a sandboxed document; nothing else may load.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
  });

  it('shows images inline in a sandbox and sends documents as attachments with a safe name', async () => {
    const png = await download(
      t.app,
      (await viewOf(staff, await uploaded(staff, PNG, 'x-ray.png', 'image/png'))).downloadUrl!,
    );
    expect(png.headers).toMatchObject({
      'content-type': 'image/png',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(png.headers['content-disposition']).toMatch(/^inline; /);

    const docx = await download(
      t.app,
      (await viewOf(staff, await uploaded(staff, DOCX, 'Résumé "final"/../v2.docx', MIME.docx))).downloadUrl!,
    );
    expect(docx.statusCode).toBe(200);
    expect(docx.headers).toMatchObject({
      'content-type': MIME.docx,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(docx.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ final..v2.docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final..v2.docx`,
    );
  });

  it('answers 409 while scanning and 403 for an infected file', async () => {
    const scanning = await uploaded(staff, PDF, 'a.pdf', MIME.pdf);
    const link = (await viewOf(staff, scanning)).downloadUrl!;
    await setScan(scanning, 'scanning');
    const wait = await download(t.app, link);
    expect(wait.statusCode).toBe(409);
    expect(wait.json().message).toBe('The file is still being scanned');
    await setScan(scanning, 'infected');
    const infected = await download(t.app, link);
    expect(infected.statusCode).toBe(403);
    expect(infected.json().message).toBe('This file is infected');
  });

  it('refuses expired, tampered and borrowed links', async () => {
    const id = await uploaded(staff, PDF, 'a.pdf', MIME.pdf);
    const other = await uploaded(staff, PNG, 'b.png', 'image/png');
    const { uuid } = await fileRow(id);
    const otherUuid = (await fileRow(other)).uuid;
    const link = (await viewOf(staff, id)).downloadUrl!;
    const signer = {
      secret: 'test-secret-'.padEnd(40, 'x'),
      publicUrl: 'http://localhost:3000',
      ttlMs: t.config.fileLinkTtlMs,
    };
    const links = [
      signFileLink(signer, 'GET', `/api/v1/files/download/${uuid}`, uuid, Date.now() - t.config.fileLinkTtlMs - 1),
      link.replace(/signature=./, (m) => (m.endsWith('A') ? `${m.slice(0, -1)}B` : `${m.slice(0, -1)}A`)),
      link.replace(uuid, otherUuid),
      signFileLink(signer, 'PUT', `/api/v1/files/download/${uuid}`, uuid),
      link.split('?')[0],
    ];
    for (const l of links) {
      const res = await download(t.app, l);
      expect(res.statusCode, l).toBe(403);
      expect(res.json().message).toBe('This download link is not valid or has expired');
    }
  });

  it('gives outsiders no link to another practice’s file', async () => {
    const id = await uploaded(staff, PDF, 'a.pdf', MIME.pdf);
    expect((await outsider.get(`/api/v1/files?ids=${id}`)).json()).toEqual([]);
    expect((await outsider.get(`/api/v1/file/${id}/status`)).statusCode).toBe(456);
  });
});

describe('files owned by a user', () => {
  it('are seen by the user and colleagues sharing a practice; only the user deletes', async () => {
    const res = await staff.post(`/api/v1/user/${team.staff.id}/profilePhoto`, {
      practiceId: team.practice.id,
      name: 'me.png',
      size: PNG.length,
      header: '89504e47',
      hash: md5(PNG),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id: fileId } = res.json<{ id: number }>();
    expect(await fileRow(fileId)).toMatchObject({ ownerKind: 'USER', ownerId: team.staff.id, purpose: 'USER_PHOTO' });
    expect((await provider.get(`/api/v1/files?ids=${fileId}`)).json()).toHaveLength(1);
    expect((await outsider.get(`/api/v1/files?ids=${fileId}`)).json()).toEqual([]);
    const stranger = await createUser(t.db);
    await addMember(t.db, team.otherPractice.id, stranger.id, 'STAFF');
    expect((await (await signedIn(t.app, stranger)).get(`/api/v1/file/${fileId}/status`)).statusCode).toBe(456);
    expect((await admin.delete(`/api/v1/file/${fileId}`)).statusCode).toBe(403);
    expect((await staff.delete(`/api/v1/file/${fileId}`)).statusCode).toBe(200);
  });
});

describe('files owned by a patient', () => {
  /** A clean PDF in a patient's record (as patient documents will file it), of `patientPractice`. */
  async function patientFile(patientPractice: number) {
    const patient = await insertPatient(t.db, patientPractice);
    const id = await uploaded(staff, PDF, 'insurance-card.pdf', MIME.pdf);
    await t.db.update(files).set({ ownerKind: 'PATIENT', ownerId: patient.id }).where(eq(files.id, id));
    return id;
  }

  it('are seen, with a working link, by the staff of the patient’s practice', async () => {
    const id = await patientFile(team.practice.id);
    for (const client of [staff, provider, admin]) {
      const view = await viewOf(client, id);
      expect(view).toMatchObject({ id, name: 'insurance-card.pdf', scanStatus: 'clean' });
      expect((await download(t.app, view.downloadUrl!)).statusCode).toBe(200);
    }
    expect((await staff.get(`/api/v1/file/${id}/status`)).json()).toMatchObject({ status: 'clean' });
    // Those who may edit the practice's patients may delete them.
    expect((await provider.delete(`/api/v1/file/${id}`)).statusCode).toBe(200);
    expect((await viewOf(staff, id)).deleted).toBe(true);
  });

  it('are 456 to everyone else, who change nothing', async () => {
    const id = await patientFile(team.practice.id);
    expect((await outsider.get(`/api/v1/files?ids=${id}`)).json()).toEqual([]);
    expect((await outsider.get(`/api/v1/file/${id}/status`)).statusCode).toBe(456);
    expect((await outsider.delete(`/api/v1/file/${id}`)).statusCode).toBe(456);
    expect(await bytesExist(id)).toBe(true);
    expect((await fileRow(id)).deletedAt).toBeNull();
  });

  it('follow the patient’s practice, not the practice that uploaded them', async () => {
    // Uploaded in the team's practice, but filed in another practice's record of a patient.
    const id = await patientFile(team.otherPractice.id);
    expect((await staff.get(`/api/v1/files?ids=${id}`)).json()).toEqual([]);
    expect((await admin.delete(`/api/v1/file/${id}`)).statusCode).toBe(456);
    expect((await outsider.get(`/api/v1/file/${id}/status`)).json()).toMatchObject({ status: 'clean' });
  });
});
