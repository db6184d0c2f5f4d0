/**
 * Upload throughput: a 50 MB file described (POST /api/v1/files) and PUT through the server's own
 * signed upload route, which streams it to disk while checking its size, MD5 and type, against
 * writing the same bytes straight to disk with fs.createWriteStream, in the same run.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Session } from './server.js';

const FILE_BYTES = 50 * 1000 * 1000;
const RUNS = 3;
/** The chunk size the disk baseline writes in (the size browsers and undici send in is similar). */
const CHUNK = 64 * 1024;

/** A PDF (by its magic number) of random bytes: accepted, and nothing compresses it. */
function sampleFile(): Buffer {
  const bytes = randomBytes(FILE_BYTES);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
}

const chunks = function* (bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mbPerSecond = (ms: number) => FILE_BYTES / 1e6 / (ms / 1000);

async function uploadOnce(
  base: string,
  session: Session,
  practiceId: number,
  bytes: Buffer,
  hash: string,
): Promise<number> {
  const created = await fetch(`${base}/api/v1/files`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify({
      practiceId,
      name: 'bench.pdf',
      size: bytes.length,
      type: 'application/pdf',
      header: bytes.subarray(0, 4).toString('hex'),
      hash,
    }),
  });
  if (created.status !== 201) throw new Error(`createFile: ${created.status} ${await created.text()}`);
  const { uploadUrl } = (await created.json()) as { uploadUrl: string };
  const t0 = performance.now();
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf', 'content-md5': hash, 'x-amz-meta-checksum': hash },
    body: bytes,
  });
  const ms = performance.now() - t0;
  if (put.status !== 200) throw new Error(`upload: ${put.status} ${await put.text()}`);
  return ms;
}

async function diskOnce(dir: string, bytes: Buffer, run: number): Promise<number> {
  const target = path.join(dir, `bench-disk-${run}`);
  const t0 = performance.now();
  await pipeline(Readable.from(chunks(bytes)), createWriteStream(target));
  const ms = performance.now() - t0;
  await rm(target);
  return ms;
}

/** Rows for the bench table: upload MB/s, disk MB/s, and their ratio (medians of RUNS runs each). */
export async function benchUpload(base: string, session: Session, scratchDir: string): Promise<[string, string][]> {
  const current = await fetch(`${base}/api/v1/user/current`, { headers: session });
  const practiceId = ((await current.json()) as { currentPractice: { practice: { id: number } } | null })
    .currentPractice?.practice.id;
  if (!practiceId) throw new Error('the bench user has no current practice');
  const bytes = sampleFile();
  const hash = createHash('md5').update(bytes).digest('base64');
  const upload: number[] = [];
  const disk: number[] = [];
  // Alternate so that neither side gets the warmer disk cache.
  for (let run = 0; run < RUNS; run += 1) {
    disk.push(await diskOnce(scratchDir, bytes, run));
    upload.push(await uploadOnce(base, session, practiceId, bytes, hash));
  }
  const uploadRate = mbPerSecond(median(upload));
  const diskRate = mbPerSecond(median(disk));
  return [
    ['upload 50 MB (POST /files, PUT to the signed link)', `${uploadRate.toFixed(0)} MB/s (median of ${RUNS})`],
    ['the same bytes to disk (fs.createWriteStream)', `${diskRate.toFixed(0)} MB/s (median of ${RUNS})`],
    ['ratio upload : disk write (MB/s)', `${((uploadRate / diskRate) * 100).toFixed(1)} %`],
  ];
}
