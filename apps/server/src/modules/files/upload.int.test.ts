import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { jobs } from '../../platform/jobs/jobs.table.js';
import { signFileLink } from '../../platform/storage/signed-urls.js';
import { practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { CONTENTS_DO_NOT_MATCH, UNSUPPORTED_TYPE } from './file-kinds.js';
import {
  DOCX,
  ELF,
  MIME,
  PDF,
  PNG,
  ZIP,
  createAndUpload,
  describe as describeFile,
  md5,
  padded,
  put,
} from './files.test-factories.js';
import { files } from './files.table.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof practiceWithTeam>>;
let staff: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  team = await practiceWithTeam(t.db);
  staff = await signedIn(t.app, team.staff);
});
afterAll(async () => {
  await t?.close();
});

const fileRow = async (id: number) => (await t.db.select().from(files).where(eq(files.id, id)))[0];
/** Every stored byte file, so a test can tell that nothing was kept. */
const storedFiles = () => {
  const root = path.join(t.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
};
const lastFileAudit = async (action: string, fileId: number) =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, String(fileId))))
      .orderBy(desc(auditEvents.id))
      .limit(1)
  )[0];

async function describeUpload(
  bytes: Buffer,
  name = 'scan.pdf',
  type: string = MIME.pdf,
  overrides: Record<string, unknown> = {},
) {
  const res = await staff.post('/api/v1/files', {
    practiceId: team.practice.id,
    ...describeFile(bytes, name, type),
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; uploadUrl: string }>();
}

/** The upload is refused with `message`, the file stays un-uploaded and no bytes are kept. */
async function expectRefused(
  res: { statusCode: number; json: () => { message: string } },
  id: number,
  message: string | RegExp,
  reason?: string,
) {
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(message);
  expect((await fileRow(id)).uploadedAt).toBeNull();
  expect(storedFiles()).toEqual(before);
  if (reason) expect((await lastFileAudit('file.refused', id))?.details).toMatchObject({ reason });
}
let before: string[] = [];

describe('POST /api/v1/files', () => {
  it('records the file and answers a signed, expiring upload link', async () => {
    const startedAt = Date.now();
    const { id, uploadUrl } = await describeUpload(PDF, 'Referral letter.pdf');
    const row = await fileRow(id);
    expect(row).toMatchObject({
      practiceId: team.practice.id,
      ownerKind: 'PRACTICE',
      ownerId: team.practice.id,
      uploadedBy: team.staff.id,
      name: 'Referral letter.pdf',
      declaredType: MIME.pdf,
      type: '',
      size: PDF.length,
      md5: md5(PDF),
      header: '25504446',
      uploadedAt: null,
      scanStatus: 'scanning',
      purpose: null,
    });
    expect(row.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(row.storageKey).not.toContain('Referral');
    const url = new URL(uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`http://localhost:3000/api/v1/files/upload/${row.uuid}`);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(startedAt + t.config.fileLinkTtlMs);
    expect(expires).toBeLessThanOrEqual(Date.now() + t.config.fileLinkTtlMs);
    expect(url.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses file types other than images, PDF, Word and Excel, naming what is accepted', async () => {
    const exe = await staff.post('/api/v1/files', {
      practiceId: team.practice.id,
      ...describeFile(ELF, 'setup.exe', 'application/x-msdownload'),
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe(UNSUPPORTED_TYPE);
    expect(exe.json().message).toContain('Sorry this file type is not supported');
    const renamed = await staff.post('/api/v1/files', {
      practiceId: team.practice.id,
      ...describeFile(ELF, 'invoice.pdf', MIME.pdf),
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(CONTENTS_DO_NOT_MATCH);
    const svg = await staff.post('/api/v1/files', {
      practiceId: team.practice.id,
      ...describeFile(Buffer.from('<svg onload=alert(1)>'), 'logo.svg', 'image/svg+xml'),
    });
    expect(svg.statusCode).toBe(400);
    expect((await t.db.select().from(files).where(eq(files.name, 'invoice.pdf'))).length).toBe(0);
  });

  it('validates the descriptor', async () => {
    const base = { practiceId: team.practice.id, ...describeFile(PDF, 'a.pdf', MIME.pdf) };
    const cases: [Record<string, unknown>, string][] = [
      [{ size: 100 * 1000 * 1000 + 1 }, 'Files must be at most 100 MB'],
      [{ size: 0 }, 'The file is empty'],
      [{ name: '  ' }, 'File name is required'],
      [{ header: 'zz' }, 'File header must be the first 4 bytes in hex'],
      [{ header: '25504' }, 'File header must be the first 4 bytes in hex'],
      [{ hash: 'abc' }, 'File hash must be the base64 MD5 of the file'],
    ];
    for (const [change, message] of cases) {
      const res = await staff.post('/api/v1/files', { ...base, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses callers outside the practice, and anonymous ones', async () => {
    const outsider = await signedIn(t.app, team.outsider);
    const res = await outsider.post('/api/v1/files', {
      practiceId: team.practice.id,
      ...describeFile(PDF, 'a.pdf', MIME.pdf),
    });
    expect(res.statusCode).toBe(403);
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    expect(
      (await anonymous.post('/api/v1/files', { practiceId: team.practice.id, ...describeFile(PDF, 'a.pdf', MIME.pdf) }))
        .statusCode,
    ).toBe(401);
    expect((await t.db.select().from(files).where(eq(files.uploadedBy, team.outsider.id))).length).toBe(0);
  });
});

describe('PUT /api/v1/files/upload/{uuid}', () => {
  it('stores the bytes, marks the file scanning with its real type and queues the scan', async () => {
    const { id, upload } = await createAndUpload(t.app, staff, team.practice.id, PNG, 'photo.jpg', 'image/jpeg');
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toEqual({ ok: true });
    const row = await fileRow(id);
    expect(row.uploadedAt).not.toBeNull();
    expect(row).toMatchObject({ type: 'image/png', scanStatus: 'scanning' });
    expect(storedFiles()).toContain(path.basename(row.storageKey));
    const status = await staff.get(`/api/v1/file/${id}/status`);
    expect(status.json()).toEqual({ status: 'scanning', type: 'image/png' });
    const queued = await t.db.select().from(jobs).where(eq(jobs.kind, 'file.scan'));
    expect(queued.map((j) => j.payload)).toContainEqual({ fileId: id });
    expect((await lastFileAudit('file.uploaded', id))?.actorUserId).toBe(team.staff.id);
  });

  it('takes any content type as raw bytes (a JSON body is not parsed) and Word files by their contents', async () => {
    const { id, uploadUrl } = await describeUpload(DOCX, 'letter.docx', MIME.docx);
    const res = await put(t.app, uploadUrl, DOCX, { 'content-type': 'application/json' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fileRow(id)).type).toBe(MIME.docx);
  });

  it('accepts a zip container declared as a Word or Excel file (file-type cannot always look inside)', async () => {
    const { id, uploadUrl } = await describeUpload(ZIP, 'budget.xlsx', MIME.xlsx);
    expect((await put(t.app, uploadUrl, ZIP)).statusCode).toBe(200);
    expect((await fileRow(id)).type).toBe(MIME.xlsx);
  });

  it('refuses checksum headers that differ from the declared hash', async () => {
    before = storedFiles();
    const { id, uploadUrl } = await describeUpload(PDF);
    const other = md5(Buffer.from('something else'));
    await expectRefused(
      await put(t.app, uploadUrl, PDF, { 'content-md5': other }),
      id,
      /Content-MD5 and X-Amz-Meta-Checksum/,
      'checksum-headers',
    );
    await expectRefused(
      await put(t.app, uploadUrl, PDF, { 'x-amz-meta-checksum': other }),
      id,
      /Content-MD5 and X-Amz-Meta-Checksum/,
    );
    const missing = await t.app.inject({
      method: 'PUT',
      url: new URL(uploadUrl).pathname + new URL(uploadUrl).search,
      payload: PDF,
    });
    await expectRefused(missing, id, /Content-MD5/);
  });

  it('refuses bytes whose MD5 differs from the declared one, and keeps nothing', async () => {
    before = storedFiles();
    const { id, uploadUrl } = await describeUpload(PDF);
    const tampered = Buffer.from(PDF);
    tampered[tampered.length - 2] = 0x41;
    const declared = md5(PDF);
    const res = await put(t.app, uploadUrl, tampered, { 'content-md5': declared, 'x-amz-meta-checksum': declared });
    await expectRefused(res, id, /MD5 does not match/, 'md5');
    // The same link still takes the right bytes.
    expect((await put(t.app, uploadUrl, PDF)).statusCode).toBe(200);
  });

  it('refuses a body of another size than declared, announced or streamed', async () => {
    before = storedFiles();
    const big = padded(PDF, 5000);
    const { id, uploadUrl } = await describeUpload(big);
    const hash = md5(big);
    const headers = { 'content-md5': hash, 'x-amz-meta-checksum': hash };
    await expectRefused(
      await put(t.app, uploadUrl, big.subarray(0, 4000), headers),
      id,
      /not the declared 5,000 bytes/,
      'size',
    );
    const url = new URL(uploadUrl);
    const streamed = (bytes: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: url.pathname + url.search,
        payload: Readable.from([bytes]),
        headers: { ...headers, 'content-type': 'application/pdf' },
      });
    await expectRefused(await streamed(padded(big, 6000)), id, /larger than its declared size of 5,000 bytes/, 'size');
    await expectRefused(
      await streamed(big.subarray(0, 4999)),
      id,
      /The file is 4,999 bytes, not the declared 5,000 bytes/,
      'size',
    );
  });

  it('refuses bytes that are not what was declared, judged by their magic numbers', async () => {
    before = storedFiles();
    // An executable described as a PDF (its own size and hash, a PDF's header): its first bytes give it away.
    const renamed = await describeUpload(ELF, 'invoice.pdf', MIME.pdf, { header: '25504446' });
    await expectRefused(
      await put(t.app, renamed.uploadUrl, ELF),
      renamed.id,
      'The file does not start with the declared header',
      'header',
    );
    // A PNG signature followed by anything else is no image.
    const fake = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(200, 0x41)]);
    const notPng = await describeUpload(fake, 'photo.png', 'image/png');
    await expectRefused(await put(t.app, notPng.uploadUrl, fake), notPng.id, CONTENTS_DO_NOT_MATCH, 'type');
    // A Word document declared as a spreadsheet.
    const docxAsXlsx = await describeUpload(DOCX, 'budget.xlsx', MIME.xlsx);
    await expectRefused(await put(t.app, docxAsXlsx.uploadUrl, DOCX), docxAsXlsx.id, CONTENTS_DO_NOT_MATCH, 'type');
    // A large file is judged as soon as its first 64 KiB are in.
    const bigFake = padded(PNG.subarray(0, 8), 200_000);
    const big = await describeUpload(bigFake, 'scan.png', '');
    await expectRefused(await put(t.app, big.uploadUrl, bigFake), big.id, UNSUPPORTED_TYPE, 'type');
  });

  it('refuses expired, tampered and foreign links with 403', async () => {
    before = storedFiles();
    const { id, uploadUrl } = await describeUpload(PDF);
    const row = await fileRow(id);
    const signer = {
      secret: 'test-secret-'.padEnd(40, 'x'),
      publicUrl: 'http://localhost:3000',
      ttlMs: t.config.fileLinkTtlMs,
    };
    const expired = signFileLink(
      signer,
      'PUT',
      `/api/v1/files/upload/${row.uuid}`,
      row.uuid,
      Date.now() - t.config.fileLinkTtlMs - 1000,
    );
    const tampered = uploadUrl.replace(/signature=./, (m) =>
      m.endsWith('A') ? `${m.slice(0, -1)}B` : `${m.slice(0, -1)}A`,
    );
    const extended = uploadUrl.replace(/expires=(\d+)/, (_m, n) => `expires=${Number(n) + 60_000}`);
    const downloadSigned = signFileLink(signer, 'GET', `/api/v1/files/upload/${row.uuid}`, row.uuid);
    const other = await describeUpload(PNG, 'a.png', 'image/png');
    const otherUuid = (await fileRow(other.id)).uuid;
    const foreign = uploadUrl.replace(row.uuid, otherUuid);
    for (const link of [expired, tampered, extended, downloadSigned, foreign, uploadUrl.split('?')[0]]) {
      const res = await put(t.app, link, link === foreign ? PNG : PDF);
      expect(res.statusCode, link).toBe(403);
      expect(res.json().message).toBe('This upload link is not valid or has expired');
    }
    expect((await fileRow(id)).uploadedAt).toBeNull();
    expect((await fileRow(other.id)).uploadedAt).toBeNull();
    expect(storedFiles()).toEqual(before);
  });

  it('answers 450 once the file is uploaded and 404 after it was deleted', async () => {
    const { id, uploadUrl, upload } = await createAndUpload(t.app, staff, team.practice.id, PDF, 'a.pdf', MIME.pdf);
    expect(upload.statusCode).toBe(200);
    const again = await put(t.app, uploadUrl, PDF);
    expect(again.statusCode).toBe(450);
    expect(again.json().message).toBe('This file has already been uploaded');
    const pending = await describeUpload(PDF);
    expect((await staff.delete(`/api/v1/file/${pending.id}`)).statusCode).toBe(200);
    const late = await put(t.app, pending.uploadUrl, PDF);
    expect(late.statusCode).toBe(404);
    expect((await fileRow(pending.id)).uploadedAt).toBeNull();
    expect(id).toBeGreaterThan(0);
  });

  it('leaves the JSON body limit of every other route as it was', async () => {
    const res = await staff.post('/api/v1/files', {
      practiceId: team.practice.id,
      ...describeFile(PDF, 'x'.repeat(10), MIME.pdf),
      padding: 'x'.repeat(1_100_000),
    });
    expect(res.statusCode).toBe(413);
  });
});
