import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@referwell/contracts';
import { eq } from 'drizzle-orm';
import { practices, users, type AppContext } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { verifyFileLink } from '../../platform/storage/signed-urls.js';
import { MIME_OF, opensInline } from './file-kinds.js';
import { FILE_EXPIRED, fileAudit, publicImagePath, type FileRow } from './files.service.js';
import { files } from './files.table.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The name as a Content-Disposition filename: control characters, path separators and quotes
 * removed, and RFC 5987-encoded (with a plain ASCII fallback) so any name is safe in the header.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const clean =
    name
      // eslint-disable-next-line no-control-regex -- strips control characters from the name on purpose
      .replace(/[\u0000-\u001f\u007f/\\"]/g, '')
      .trim()
      .slice(0, 200) || 'file';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Never served as a page: nothing may load or run. PDFs keep `sandbox` out because Chromium will
 * not start its PDF viewer in a sandboxed document; the viewer runs isolated from the origin.
 */
const policyFor = (type: string) =>
  type === MIME_OF.pdf ? "default-src 'none'; frame-ancestors 'self'" : "default-src 'none'; sandbox";

/** Whether `file` is what its owner shows now, at `path`: a practice's logo or photo, a user's photo. */
async function isCurrentProfileImage(db: AppContext['db'], file: FileRow, path: string): Promise<boolean> {
  if (file.ownerId === null) return false;
  if (file.ownerKind === 'PRACTICE') {
    const [practice] = await db
      .select({ active: practices.active, logoUrl: practices.logoUrl, profilePhoto: practices.profilePhoto })
      .from(practices)
      .where(eq(practices.id, file.ownerId));
    // Branding is public only for active practices, as GET /practice/{uuid}/branding is.
    return !!practice && practice.active && (practice.logoUrl === path || practice.profilePhoto === path);
  }
  if (file.ownerKind === 'USER') {
    const [user] = await db.select({ photoUrl: users.photoUrl }).from(users).where(eq(users.id, file.ownerId));
    return user?.photoUrl === path;
  }
  return false;
}

/** The signed-in person behind a download (the web app's session cookie, or a bearer token), without counting it as activity. */
async function readerOf(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  const authorization = request.headers.authorization;
  const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  const cookie = request.cookies[SESSION_COOKIE];
  const caller = bearer
    ? await ctx.sessions.resolve(bearer, 'bearer', { touch: false })
    : cookie
      ? await ctx.sessions.resolve(cookie, 'cookie', { touch: false })
      : null;
  return caller?.user.id ?? null;
}

/** Streams the bytes from storage (local disk or the bucket alike), so these headers always apply. */
async function send(ctx: AppContext, reply: FastifyReply, file: FileRow, cacheControl: string) {
  if (!(await ctx.storage.exists(file.storageKey))) throw new AppError('NOT_FOUND', FILE_EXPIRED);
  const bytes = await ctx.storage.read(file.storageKey);
  return reply
    .header('content-type', file.type)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(opensInline(file.type) ? 'inline' : 'attachment', file.name))
    .header('content-security-policy', policyFor(file.type))
    .header('cache-control', cacheControl)
    .send(bytes);
}

/**
 * GET /api/v1/files/download/:uuid — the signed link of FileView.downloadUrl; the signature is the
 * credential, so no session is needed (links open in new tabs and native viewers).
 * GET /api/v1/files/public/:uuid — a practice's current logo or profile photo, or a user's current
 * profile photo, for anyone: chat rooms and patient pages show them without a session.
 */
export function registerDownloadRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.get<{ Params: { uuid: string }; Querystring: Record<string, string> }>(
    '/api/v1/files/download/:uuid',
    { schema: { hide: true } },
    async (request, reply) => {
      const { uuid } = request.params;
      if (
        !UUID.test(uuid) ||
        !verifyFileLink(ctx.secrets.sessionSecret, 'GET', uuid, request.query.expires, request.query.signature)
      ) {
        throw new AppError('FORBIDDEN', 'This download link is not valid or has expired');
      }
      const [file] = await db.select().from(files).where(eq(files.uuid, uuid));
      if (!file) throw new AppError('NOT_FOUND', 'No such file');
      if (file.deletedAt) throw new AppError('NOT_FOUND', FILE_EXPIRED);
      if (file.scanStatus === 'infected') throw new AppError('FORBIDDEN', 'This file is infected');
      if (!file.uploadedAt || file.scanStatus !== 'clean') throw new AppError('FILE_NOT_READY');
      // The link is the credential and names nobody; the session that came with it, if any, names the reader.
      const reader = await readerOf(ctx, request);
      await ctx.audit.record({
        action: fileAudit('downloaded'),
        actorUserId: reader,
        targetType: 'file',
        targetId: file.id,
        practiceId: file.practiceId,
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
        details: {
          ownerKind: file.ownerKind,
          ownerId: file.ownerId,
          ...(reader === null ? { by: 'signed link' } : {}),
        },
      });
      // Patients' and referrals' files: no browser cache or proxy keeps a copy on a shared computer.
      return send(ctx, reply, file, 'private, no-store');
    },
  );

  app.get<{ Params: { uuid: string } }>(
    '/api/v1/files/public/:uuid',
    { schema: { hide: true } },
    async (request, reply) => {
      const { uuid } = request.params;
      const notFound = new AppError('NOT_FOUND', 'No such image');
      if (!UUID.test(uuid)) throw notFound;
      const [file] = await db.select().from(files).where(eq(files.uuid, uuid));
      if (
        !file ||
        file.deletedAt ||
        file.scanStatus !== 'clean' ||
        !(await isCurrentProfileImage(db, file, publicImagePath(uuid)))
      )
        throw notFound;
      // Every new image gets a new address, so caches may keep this one.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return send(ctx, reply, file, 'public, max-age=86400');
    },
  );
}
