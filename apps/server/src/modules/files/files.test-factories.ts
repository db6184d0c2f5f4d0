import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestClient } from '../../test/client.js';

/** Test files, built here byte by byte: each is the smallest thing file-type recognises. */

/** A valid 1×1 transparent PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** An OLE compound file header, as a .doc or .xls starts. */
export const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1016)]);

/** An ELF executable's start: what a renamed program looks like. */
export const ELF = Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(1017)]);

export const MIME = {
  pdf: 'application/pdf',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A zip of stored (uncompressed) entries. */
function zip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Override PartName="${part}" ContentType="${type}"/></Types>`;

export const DOCX = zip([
  [
    '[Content_Types].xml',
    contentTypes(
      '/word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ),
  ],
  ['word/document.xml', '<w:document/>'],
]);

/** A zip that is not an Office document. */
export const ZIP = zip([['notes.txt', 'hello']]);

export const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

/** The descriptor the upload panel sends for these bytes. */
export const describe = (bytes: Buffer, name: string, type: string) => ({
  name,
  size: bytes.length,
  type,
  header: bytes.subarray(0, 4).toString('hex'),
  hash: md5(bytes),
});

/** Bytes of `size` starting with `start`, e.g. a large PDF. */
export const padded = (start: Buffer, size: number) => Buffer.concat([start, Buffer.alloc(size - start.length, 0x20)]);

/** PUTs bytes to an upload link as the browser would: no cookies, both checksum headers. */
export function put(app: FastifyInstance, uploadUrl: string, bytes: Buffer, headers: Record<string, string> = {}) {
  const url = new URL(uploadUrl);
  return app.inject({
    method: 'PUT',
    url: `${url.pathname}${url.search}`,
    payload: bytes,
    headers: {
      'content-type': 'application/octet-stream',
      'content-md5': md5(bytes),
      'x-amz-meta-checksum': md5(bytes),
      ...headers,
    },
  });
}

/** Describes and uploads a file to the practice; returns its id and the PUT's response. */
export async function createAndUpload(
  app: FastifyInstance,
  client: TestClient,
  practiceId: number,
  bytes: Buffer,
  name: string,
  type: string,
) {
  const created = await client.post('/api/v1/files', { practiceId, ...describe(bytes, name, type) });
  expect(created.statusCode, created.body).toBe(201);
  const { id, uploadUrl } = created.json<{ id: number; uploadUrl: string }>();
  return { id, uploadUrl, upload: await put(app, uploadUrl, bytes) };
}

/** Fetches a signed download URL without a session, as a new browser tab would. */
export function download(app: FastifyInstance, downloadUrl: string) {
  const url = new URL(downloadUrl);
  return app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}
