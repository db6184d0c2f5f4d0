import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { filesApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { clientOf } from '../../platform/http.js';
import { verifyFileLink } from '../../platform/storage/signed-urls.js';
import type { FileRow } from './files.service.js';
import { files } from './files.table.js';
import { auditRefusal, completeUpload } from './upload-completion.js';
import { sizeText, UploadRefused, UploadVerifier, type RefusalReason } from './upload-verifier.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
 * rest of the server keeps its parsers and limits. A store that takes uploads straight from
 * clients (S3) has no such route: its links point at the bucket.
 */
export function registerUploadRoute(app: FastifyInstance, ctx: AppContext) {
  if (ctx.storage.presignUpload) return;
  const { db } = ctx;

  async function refused(
    file: FileRow,
    request: FastifyRequest,
    reason: RefusalReason | 'checksum-headers',
    message: string,
  ): Promise<never> {
    await auditRefusal(ctx, file, reason, message, { client: clientOf(request) });
    throw new AppError('BAD_REQUEST', message);
  }

  async function upload(request: FastifyRequest<{ Params: { uuid: string }; Querystring: Record<string, string> }>) {
    const { uuid } = request.params;
    if (
      !UUID.test(uuid) ||
      !verifyFileLink(ctx.secrets.sessionSecret, 'PUT', uuid, request.query.expires, request.query.signature)
    ) {
      throw new AppError('FORBIDDEN', 'This upload link is not valid or has expired');
    }
    const [file] = await db.select().from(files).where(eq(files.uuid, uuid));
    if (!file || file.deletedAt) throw new AppError('NOT_FOUND', 'No such file');
    if (file.uploadedAt) throw new AppError('ERROR_OBJECT_EXISTS', 'This file has already been uploaded');
    if (!checksumsMatch(request, file.md5)) {
      await refused(
        file,
        request,
        'checksum-headers',
        'The Content-MD5 and X-Amz-Meta-Checksum headers must both carry the MD5 declared for this file',
      );
    }
    const length = request.headers['content-length'];
    if (length !== undefined && Number(length) !== file.size) {
      await refused(
        file,
        request,
        'size',
        `The upload is ${sizeText(Number(length))}, not the declared ${sizeText(file.size)}`,
      );
    }

    const verifier = new UploadVerifier(file);
    feed((request.body as Readable | undefined) ?? Readable.from([]), verifier);
    try {
      await ctx.storage.write(file.storageKey, verifier, file.size);
    } catch (error) {
      if (error instanceof UploadRefused) await refused(file, request, error.reason, error.message);
      throw error;
    }

    const outcome = await completeUpload(ctx, file, verifier.type!, { client: clientOf(request) });
    if (outcome === 'deleted') {
      await ctx.storage.remove(file.storageKey);
      throw new AppError('NOT_FOUND', 'No such file');
    }
    // Another upload of the same bytes finished first: keep them.
    if (outcome === 'already-uploaded')
      throw new AppError('ERROR_OBJECT_EXISTS', 'This file has already been uploaded');
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
