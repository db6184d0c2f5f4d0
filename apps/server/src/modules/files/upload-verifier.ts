import { createHash } from 'node:crypto';
import { Transform, Writable, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DETECTION_BYTES, judgeBytes } from './file-kinds.js';
import type { FileRow } from './files.service.js';

export type RefusalReason = 'size' | 'md5' | 'type' | 'header';

/** Bytes that do not match their description; nothing of them is kept. */
export class UploadRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

export const sizeText = (n: number) => `${n.toLocaleString('en-US')} bytes`;

/**
 * Passes the bytes through while checking them against the file's description: never more than
 * the declared size, the same MD5, the declared first bytes, and a real type that is accepted and
 * agrees with the declared one (judged on the first DETECTION_BYTES, as soon as they are in).
 * Any mismatch fails the stream with an UploadRefused. The same check serves the server's own
 * upload route (in front of the storage write) and objects uploaded straight to S3 (read back).
 */
export class UploadVerifier extends Transform {
  private received = 0;
  private readonly md5 = createHash('md5');
  private readonly first: Buffer[] = [];
  private firstLength = 0;
  /** The stored type once the first bytes were judged. */
  type: string | undefined;

  constructor(private readonly file: FileRow) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.received += chunk.length;
    if (this.received > this.file.size) {
      done(new UploadRefused('size', `The file is larger than its declared size of ${sizeText(this.file.size)}`));
      return;
    }
    this.md5.update(chunk);
    if (this.type === undefined) {
      this.first.push(chunk);
      this.firstLength += chunk.length;
      if (this.firstLength >= DETECTION_BYTES) {
        this.judge().then(() => done(null, chunk), done);
        return;
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    if (this.received !== this.file.size) {
      done(
        new UploadRefused(
          'size',
          `The file is ${sizeText(this.received)}, not the declared ${sizeText(this.file.size)}`,
        ),
      );
      return;
    }
    if (this.md5.digest('base64') !== this.file.md5) {
      done(
        new UploadRefused(
          'md5',
          'The file’s MD5 does not match the declared hash; it may have been damaged on the way',
        ),
      );
      return;
    }
    (this.type === undefined ? this.judge() : Promise.resolve()).then(() => done(), done);
  }

  private async judge() {
    const first = Buffer.concat(this.first);
    this.first.length = 0;
    if (!first.subarray(0, this.file.header.length / 2).equals(Buffer.from(this.file.header, 'hex'))) {
      throw new UploadRefused('header', 'The file does not start with the declared header');
    }
    const verdict = await judgeBytes(
      first,
      { type: this.file.declaredType, name: this.file.name },
      this.file.purpose !== null,
    );
    if ('refused' in verdict) throw new UploadRefused('type', verdict.refused);
    this.type = verdict.type;
  }
}

/** Reads stored bytes through the verifier; resolves with their type, or rejects with UploadRefused. */
export async function verifyStoredBytes(file: FileRow, source: Readable): Promise<string> {
  const verifier = new UploadVerifier(file);
  await pipeline(source, verifier, new Writable({ write: (_chunk, _encoding, next) => next() }));
  return verifier.type!;
}
