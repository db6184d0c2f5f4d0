import { createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { filesApi } from '@referwell/contracts';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { verifyFileLink } from '../../platform/storage/signed-urls.js';
import { clientOf } from '../auth/auth.routes.js';
import { DETECTION_BYTES, judgeBytes } from './file-kinds.js';
import { fileAudit, type FileRow } from './files.service.js';
import { files } from './files.table.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type RefusalReason = 'size' | 'md5' | 'type' | 'header';

/** Bytes that do not match their description; nothing of them is kept. */
class UploadRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

const sizeText = (n: number) => `${n.toLocaleString('en-US')} bytes`;

/**
 * Passes the bytes through while checking them against the file's description: never more than
 * the declared size, the same MD5, the declared first bytes, and a real type that is accepted and
 * agrees with the declared one (judged on the first DETECTION_BYTES, as soon as they are in).
 * Any mismatch fails the stream, so the storage write is abandoned and nothing is kept.
 */
class UploadVerifier extends Transform {
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
      done(new UploadRefused('size', `The file is ${sizeText(this.received)}, not the declared ${sizeText(this.file.size)}`));
      return;
    }
    if (this.md5.digest('base64') !== this.file.md5) {
      done(new UploadRefused('md5', 'The file’s MD5 does not match the declared hash; it may have been damaged on the way'));
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
    const verdict = await judgeBytes(first, { type: this.file.declaredType, name: this.file.name }, this.file.purpose !== null);
    if ('refused' in verdict) throw new UploadRefused('type', verdict.refused);
    this.type = verdict.type;
  }
}

/**
 * Pipes the request into the verifier. Unlike stream.pipeline, a refusal does not destroy the
 * request (that would reset the connection before the client reads why); a client that goes away
 * mid-upload fails the verifier, and with it the storage write.
 */
function feed(body: Readable, verifier: UploadVerifier) {
  body.pipe(verifier);
  verifier.once('error', () => body.unpipe(verifier));
  body.once('error', (error) => verifier.destroy(error));
  body.once('close', () => {
    if (!body.readableEnded) verifier.destroy(new Error('the client stopped sending the file'));
  });
}

/** Spec 3 §7: the PUT carries the file's base64 MD5 in both Content-MD5 and X-Amz-Meta-Checksum. */
function checksumsMatch(request: FastifyRequest, md5: string) {
  return request.headers['content-md5'] === md5 && request.headers['x-amz-meta-checksum'] === md5;
}

/**
 * PUT /api/v1/files/upload/:uuid — the signed upload link of local storage. It takes the raw bytes
 * as a stream in its own encapsulated scope (no JSON or text parsing, no 1 MB body limit), so the
 * rest of the server keeps its parsers and limits.
 */
export function registerUploadRoute(app: FastifyInstance, ctx: AppContext) {
  const { db, audit } = ctx;

  async function refused(file: FileRow, request: FastifyRequest, reason: RefusalReason | 'checksum-headers', message: string): Promise<never> {
    const client = clientOf(request);
    await audit.record({
      action: fileAudit('refused'), actorUserId: file.uploadedBy, targetType: 'file', targetId: file.id, ip: client.ip,
      userAgent: client.userAgent, details: { reason, message },
    });
    throw new AppError('BAD_REQUEST', message);
  }

  async function upload(request: FastifyRequest<{ Params: { uuid: string }; Querystring: Record<string, string> }>) {
    const { uuid } = request.params;
    if (!UUID.test(uuid) || !verifyFileLink(ctx.secrets.sessionSecret, 'PUT', uuid, request.query.expires, request.query.signature)) {
      throw new AppError('FORBIDDEN', 'This upload link is not valid or has expired');
    }
    const [file] = await db.select().from(files).where(eq(files.uuid, uuid));
    if (!file || file.deletedAt) throw new AppError('NOT_FOUND', 'No such file');
    if (file.uploadedAt) throw new AppError('ERROR_OBJECT_EXISTS', 'This file has already been uploaded');
    if (!checksumsMatch(request, file.md5)) {
      await refused(file, request, 'checksum-headers', 'The Content-MD5 and X-Amz-Meta-Checksum headers must both carry the MD5 declared for this file');
    }
    const length = request.headers['content-length'];
    if (length !== undefined && Number(length) !== file.size) {
      await refused(file, request, 'size', `The upload is ${sizeText(Number(length))}, not the declared ${sizeText(file.size)}`);
    }

    const verifier = new UploadVerifier(file);
    feed((request.body as Readable | undefined) ?? Readable.from([]), verifier);
    try {
      await ctx.storage.write(file.storageKey, verifier);
    } catch (error) {
      if (error instanceof UploadRefused) await refused(file, request, error.reason, error.message);
      throw error;
    }

    const now = new Date();
    // The scan job exists exactly when the file counts as uploaded.
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(files)
        .set({ type: verifier.type!, uploadedAt: now, scanStatus: 'scanning', updatedAt: now })
        .where(and(eq(files.id, file.id), isNull(files.uploadedAt), isNull(files.deletedAt)))
        .returning({ id: files.id });
      if (row) await ctx.jobs.enqueue('file.scan', { fileId: file.id }, { tx });
      return row;
    });
    if (!done) {
      // Another upload of the same bytes finished first (keep them), or the file was deleted meanwhile.
      const [current] = await db.select({ deletedAt: files.deletedAt }).from(files).where(eq(files.id, file.id));
      if (current?.deletedAt) {
        await ctx.storage.remove(file.storageKey);
        throw new AppError('NOT_FOUND', 'No such file');
      }
      throw new AppError('ERROR_OBJECT_EXISTS', 'This file has already been uploaded');
    }
    const client = clientOf(request);
    await audit.record({
      action: fileAudit('uploaded'), actorUserId: file.uploadedBy, targetType: 'file', targetId: file.id, ip: client.ip,
      userAgent: client.userAgent, details: { practiceId: file.practiceId, ownerKind: file.ownerKind, size: file.size, type: verifier.type },
    });
    return { ok: true as const };
  }

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.put<{ Params: { uuid: string }; Querystring: Record<string, string> }>(
      '/api/v1/files/upload/:uuid',
      // Fastify applies bodyLimit only to bodies it buffers; the verifier counts these bytes itself.
      { schema: { hide: true }, bodyLimit: filesApi.MAX_FILE_BYTES + 64 * 1024 },
      async (request, reply) => {
        try {
          return await upload(request);
        } catch (error) {
          // The client may still be sending a large body nobody will read: close instead of draining it.
          if (!(request.body as Readable | undefined)?.readableEnded) reply.header('connection', 'close');
          throw error;
        }
      },
    );
  });
}
