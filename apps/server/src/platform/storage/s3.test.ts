import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The SDK warns once per process that its releases after January 2027 need Node 22; this version
// supports Node 20 (docs/decisions.md), so the warning is only noise here.
vi.hoisted(() => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
});

import { newStorageKey } from './keys.js';
import { createS3Storage } from './s3.js';
import { startS3rver } from './s3rver.test-support.js';
import type { FileStorage } from './storage.js';

let s3: Awaited<ReturnType<typeof startS3rver>>;
let storage: FileStorage;
beforeAll(async () => {
  s3 = await startS3rver();
  storage = createS3Storage(s3.settings);
});
afterAll(async () => {
  await s3?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');
/** A PUT as the browser's upload panel sends it. */
const put = (url: string, bytes: Buffer) =>
  fetch(url, {
    method: 'PUT',
    body: bytes,
    headers: { 'content-md5': md5(bytes), 'x-amz-meta-checksum': md5(bytes), 'content-type': 'application/pdf' },
  });

describe('S3 storage', () => {
  it('presigns a PUT that S3 checks: Content-MD5, Content-Length and X-Amz-Meta-Checksum are signed headers', async () => {
    const bytes = Buffer.from('%PDF-1.4 a letter');
    const url = new URL(
      await storage.presignUpload!(newStorageKey(), { md5: md5(bytes), size: bytes.length }, 300_000),
    );
    const query = Object.fromEntries(url.searchParams);
    expect(query['X-Amz-SignedHeaders']).toBe('content-length;content-md5;host;x-amz-meta-checksum');
    expect(query['X-Amz-Expires']).toBe('300');
    // Nothing hoisted into the query, and no checksum of an empty body that real S3 would enforce.
    expect(Object.keys(query).filter((name) => /checksum|meta|content-md5/i.test(name))).toEqual([]);
  });

  it('stores what is PUT to the presigned URL; reads, tells and removes it', async () => {
    const key = newStorageKey();
    const bytes = Buffer.from('%PDF-1.4 a letter');
    const url = await storage.presignUpload!(key, { md5: md5(bytes), size: bytes.length }, 60_000);
    expect(await storage.exists(key)).toBe(false);
    const res = await put(url, bytes);
    expect(res.status, await res.text()).toBe(200);
    expect(await storage.exists(key)).toBe(true);
    expect(await text(await storage.read(key))).toBe(bytes.toString());
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.remove(key);
  });

  it('refuses a PUT once the presigned URL has expired', async () => {
    const key = newStorageKey();
    const bytes = Buffer.from('late');
    const url = await storage.presignUpload!(key, { md5: md5(bytes), size: bytes.length }, 10_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11_000);
    const res = await put(url, bytes);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
    vi.useRealTimers();
    expect(await storage.exists(key)).toBe(false);
  });

  it('writes a stream of known length, and aborts the PUT when the source fails part-way', async () => {
    const key = newStorageKey();
    await storage.write(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), 11);
    expect(await text(await storage.read(key))).toBe('hello world');

    const failed = newStorageKey();
    async function* failing() {
      yield Buffer.alloc(100_000, 1);
      throw new Error('client went away');
    }
    // S3 keeps no object of an incomplete PUT; s3rver shows the partial file, so only the abort is checked here.
    await expect(storage.write(failed, Readable.from(failing()), 200_000)).rejects.toThrow('client went away');
  });

  it('rejects reading a missing key', async () => {
    await expect(storage.read(newStorageKey())).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('refuses keys it did not make', async () => {
    for (const key of ['../secrets.json', 'ab/../../etc/passwd', '/etc/passwd', 'report.pdf']) {
      await expect(storage.exists(key)).rejects.toThrow('not a storage key');
      await expect(storage.read(key)).rejects.toThrow('not a storage key');
      await expect(storage.presignUpload!(key, { md5: md5(Buffer.from('x')), size: 1 }, 60_000)).rejects.toThrow(
        'not a storage key',
      );
    }
  });
});
