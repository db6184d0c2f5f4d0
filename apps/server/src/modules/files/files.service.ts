import { and, eq, inArray, isNull } from 'drizzle-orm';
import { filesApi, type FileOwnerKind, type FileView } from '@referwell/contracts';
import { authorizePractice, type AppContext, type Caller, type SessionCaller } from '../../core/index.js';
import type { AuditAction } from '../../platform/audit/audit.js';
import type { ClientInfo } from '../../platform/http.js';
import { authorizeFile } from './file-access.js';
import { AppError } from '../../platform/errors.js';
import { distinct } from '../../platform/lists.js';
import { newStorageKey } from '../../platform/storage/index.js';
import { signFileLink, type LinkSigner } from '../../platform/storage/signed-urls.js';
import { enqueuePurge, lateUploadDeadline, type UploadFinaliser } from './direct-uploads.js';
import { judgeDescriptor } from './file-kinds.js';
import { files, type FilePurpose } from './files.table.js';

export type FileRow = typeof files.$inferSelect;

/** The descriptor of spec 3 §3; branding images may leave the type out. */
export interface UploadDescriptor {
  name: string;
  size: number;
  type?: string;
  header: string;
  hash: string;
}

export const uploadPath = (uuid: string) => `/api/v1/files/upload/${uuid}`;
export const downloadPath = (uuid: string) => `/api/v1/files/download/${uuid}`;
/** Where a practice's logo or profile photo, or a user's profile photo, is served to anyone (they are public). */
export const publicImagePath = (uuid: string) => `/api/v1/files/public/${uuid}`;
/** The file a logo or photo URL names, when it is one of ours. */
export const publicImageUuid = (url: string | null) => url?.match(/^\/api\/v1\/files\/public\/([0-9a-f-]{36})$/)?.[1];

/** What viewers say of a deleted file (spec 3 §2), and what the server answers when asked after one. */
export const FILE_EXPIRED = 'Sorry this file has expired';

/** The one place that names the audited file actions (scan verdicts are named in scanning/). */
export const fileAudit = (
  verb: 'uploaded' | 'deleted' | 'refused' | 'expired' | 'listed' | 'downloaded',
): AuditAction => `file.${verb}`;

export const linkSigner = (ctx: AppContext): LinkSigner => ({
  secret: ctx.secrets.sessionSecret,
  publicUrl: ctx.config.publicUrl,
  ttlMs: ctx.config.fileLinkTtlMs,
});

/** A file as clients see it; the download link is signed and short-lived, and only clean files get one. */
export function fileViewOf(ctx: AppContext, row: FileRow): FileView {
  const deleted = row.deletedAt !== null;
  const downloadable = !deleted && row.uploadedAt !== null && row.scanStatus === 'clean';
  return {
    id: row.id,
    name: row.name,
    type: row.type || row.declaredType,
    size: row.size,
    scanStatus: row.scanStatus,
    status: row.uploadedAt ? 'uploaded' : deleted ? 'failed' : 'uploading',
    downloadUrl: downloadable ? signFileLink(linkSigner(ctx), 'GET', downloadPath(row.uuid), row.uuid) : null,
    deleted,
    updatedAt: row.updatedAt.getTime(),
  };
}

/** The views of the files behind the given id lists, by id (one query for a whole list of messages or comments). */
export async function fileViewsById(
  ctx: AppContext,
  idLists: readonly (readonly number[])[],
): Promise<Map<number, FileView>> {
  const ids = distinct(idLists.flat());
  const rows = ids.length ? await ctx.db.select().from(files).where(inArray(files.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, fileViewOf(ctx, r)]));
}

export async function loadFile(ctx: AppContext, id: number): Promise<FileRow> {
  const [row] = await ctx.db.select().from(files).where(eq(files.id, id));
  if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such file');
  return row;
}

export interface NewUpload {
  practiceId: number;
  ownerKind: FileOwnerKind;
  ownerId: number;
  purpose?: FilePurpose;
  descriptor: UploadDescriptor;
}

/**
 * Records a file about to be uploaded and signs its upload link: a presigned PUT to the bucket
 * when the store takes uploads directly (S3), else the server's own upload route. The caller's
 * access to what will own the file is checked by whoever calls this, before. `uploadedBy` is the
 * uploader's account (null for a patient in a chat room, who has none).
 */
export async function recordUpload(ctx: AppContext, uploadedBy: number | null, upload: NewUpload, client?: ClientInfo) {
  const { descriptor: d } = upload;
  const refusal = judgeDescriptor({ type: d.type ?? '', name: d.name, header: d.header }, upload.purpose !== undefined);
  if (refusal) {
    await ctx.audit.record({
      action: fileAudit('refused'),
      actorUserId: uploadedBy,
      targetType: 'practice',
      targetId: upload.practiceId,
      practiceId: upload.practiceId,
      ip: client?.ip,
      userAgent: client?.userAgent,
      details: { reason: 'type', declaredType: d.type ?? '', header: d.header },
    });
    throw new AppError('BAD_REQUEST', refusal, [{ path: ['body', 'type'], message: refusal }]);
  }
  const [row] = await ctx.db
    .insert(files)
    .values({
      practiceId: upload.practiceId,
      ownerKind: upload.ownerKind,
      ownerId: upload.ownerId,
      purpose: upload.purpose ?? null,
      uploadedBy,
      name: d.name,
      declaredType: d.type ?? '',
      size: d.size,
      md5: d.hash,
      header: d.header.toLowerCase(),
      storageKey: newStorageKey(),
    })
    .returning();
  const file = row;
  const uploadUrl = ctx.storage.presignUpload
    ? await ctx.storage.presignUpload(file.storageKey, { md5: file.md5, size: file.size }, ctx.config.fileLinkTtlMs)
    : signFileLink(linkSigner(ctx), 'PUT', uploadPath(file.uuid), file.uuid);
  return { id: file.id, uploadUrl };
}

/**
 * Deletes a file whoever may (checked by the caller): the bytes go at once, the row stays so that
 * messages and referrals show the file as expired. Deleting it again changes nothing.
 */
export async function removeFile(ctx: AppContext, row: FileRow, actor: { userId: number | null; client: ClientInfo }) {
  if (row.deletedAt) return;
  const now = new Date();
  const [deleted] = await ctx.db
    .update(files)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(files.id, row.id), isNull(files.deletedAt)))
    .returning({ id: files.id });
  if (!deleted) return;
  await ctx.storage.remove(row.storageKey);
  const deadline = lateUploadDeadline(ctx, row);
  if (deadline) await enqueuePurge(ctx.jobs, row.id, deadline);
  await ctx.audit.record({
    action: fileAudit('deleted'),
    actorUserId: actor.userId,
    targetType: 'file',
    targetId: row.id,
    ip: actor.client.ip,
    practiceId: row.practiceId,
    userAgent: actor.client.userAgent,
    details: { practiceId: row.practiceId, ownerKind: row.ownerKind, ownerId: row.ownerId, name: row.name },
  });
}

/**
 * Files: describing an upload, listing, status and deletion (the bytes' routes are in upload.ts and
 * download.ts). Reading a file's list entry or status finalises it when its bytes went straight
 * to the bucket and have arrived (direct-uploads.ts).
 */
export function createFilesService(ctx: AppContext, finaliser: UploadFinaliser) {
  const { db } = ctx;

  return {
    /** A practice's document or attachment; any member may add one. */
    async create(caller: SessionCaller, body: UploadDescriptor & { practiceId: number }, client: ClientInfo) {
      await authorizePractice(db, caller, body.practiceId, 'practice.view');
      const { practiceId, ...descriptor } = body;
      return recordUpload(
        ctx,
        caller.user.id,
        { practiceId, ownerKind: 'PRACTICE', ownerId: practiceId, descriptor },
        client,
      );
    },

    /**
     * The files among `ids` the caller may see, in the order asked; the others are left out. The
     * listing hands out download links, so it is audited, once per practice whose files it shows.
     */
    async list(caller: Caller, ids: number[], client: ClientInfo): Promise<FileView[]> {
      const rows = await db
        .select()
        .from(files)
        .where(inArray(files.id, [...new Set(ids)]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const visible: FileRow[] = [];
      for (const id of new Set(ids)) {
        const row = byId.get(id);
        if (!row) continue;
        try {
          await authorizeFile(db, caller, row, 'view');
        } catch (error) {
          if (error instanceof AppError && (error.code === 'OBJECT_NOT_FOUND' || error.code === 'FORBIDDEN')) continue;
          throw error;
        }
        visible.push(row);
      }
      const settled = await finaliser.settle(visible, 'read');
      for (const practiceId of distinct(settled.map((row) => row.practiceId))) {
        await ctx.audit.record({
          action: fileAudit('listed'),
          actorUserId: caller.user.id,
          practiceId,
          ip: client.ip,
          userAgent: client.userAgent,
          details: {
            fileIds: settled.filter((row) => row.practiceId === practiceId).map((row) => row.id),
            ...(caller.apiKey ? { apiKeyId: caller.apiKey.id } : {}),
          },
        });
      }
      return settled.map((row) => fileViewOf(ctx, row));
    },

    /**
     * A deleted file (or a direct upload refused as it settles) is never scanned again, so it
     * answers 456 like a missing one rather than `scanning` for ever; access is checked first, so
     * only those who may see the file learn that it has expired.
     */
    async status(caller: Caller, id: number) {
      const found = await loadFile(ctx, id);
      await authorizeFile(db, caller, found, 'view');
      const [row] = await finaliser.settle([found], 'read');
      if (row.deletedAt)
        throw new AppError('OBJECT_NOT_FOUND', row.uploadedAt ? FILE_EXPIRED : filesApi.UPLOAD_NOT_FINISHED);
      return { status: row.scanStatus, type: row.type || row.declaredType };
    },

    /** The bytes go at once; the row stays so that messages and referrals show the file as expired. */
    async remove(caller: Caller, id: number, client: ClientInfo) {
      const row = await loadFile(ctx, id);
      await authorizeFile(db, caller, row, 'delete');
      await removeFile(ctx, row, { userId: caller.user.id, client });
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
