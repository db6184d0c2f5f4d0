import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { FILE_SCAN_JOB } from './scanning/scanning.service.js';
import { fileAudit, type FileRow } from './files.service.js';
import { files } from './files.table.js';
import type { RefusalReason } from './upload-verifier.js';

/** What noticed an object uploaded straight to the bucket: a status or list read, the scan callback, the sweep. */
export type FinaliseTrigger = 'read' | 'scan-callback' | 'sweep';

/**
 * Where an upload's outcome was decided, for the audit: the client's PUT to the server (its IP and
 * user agent), or the server finding the object in the bucket. The actor is always the uploader.
 */
export type UploadOrigin = { client: ClientInfo } | { noticedBy: FinaliseTrigger };

type Deps = Pick<AppContext, 'db' | 'jobs' | 'audit'>;

/** The audit entry's actor, target and, for a PUT to the server, the client's address. */
function auditedAs(file: FileRow, origin: UploadOrigin) {
  const client = 'client' in origin ? { ip: origin.client.ip, userAgent: origin.client.userAgent } : {};
  return { actorUserId: file.uploadedBy, targetType: 'file', targetId: file.id, ...client };
}
const noticed = (origin: UploadOrigin) => ('noticedBy' in origin ? { noticedBy: origin.noticedBy } : {});

/**
 * Marks verified bytes uploaded (scanning, with their real type) and queues the scan in one
 * transaction: the scan job exists exactly when the file counts as uploaded. Only one completion
 * of a file wins; the others learn whether it was already uploaded or deleted meanwhile.
 */
export async function completeUpload(
  ctx: Deps,
  file: FileRow,
  type: string,
  origin: UploadOrigin,
): Promise<'uploaded' | 'already-uploaded' | 'deleted'> {
  const now = new Date();
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(files)
      .set({ type, uploadedAt: now, scanStatus: 'scanning', updatedAt: now })
      .where(and(eq(files.id, file.id), isNull(files.uploadedAt), isNull(files.deletedAt)))
      .returning({ id: files.id });
    if (row) await ctx.jobs.enqueue(FILE_SCAN_JOB, { fileId: file.id }, { tx });
    return row !== undefined;
  });
  if (!done) {
    const [current] = await ctx.db.select({ deletedAt: files.deletedAt }).from(files).where(eq(files.id, file.id));
    return !current || current.deletedAt ? 'deleted' : 'already-uploaded';
  }
  await ctx.audit.record({
    action: fileAudit('uploaded'),
    ...auditedAs(file, origin),
    practiceId: file.practiceId,
    details: { practiceId: file.practiceId, ownerKind: file.ownerKind, size: file.size, type, ...noticed(origin) },
  });
  return 'uploaded';
}

/** Audits an upload given up because its bytes never came (file.expired, by the system: no actor). */
export async function auditAbandoned(ctx: Pick<AppContext, 'audit'>, file: FileRow) {
  await ctx.audit.record({
    action: fileAudit('expired'),
    actorUserId: null,
    targetType: 'file',
    targetId: file.id,
    practiceId: file.practiceId,
    details: {
      practiceId: file.practiceId,
      ownerKind: file.ownerKind,
      ownerId: file.ownerId,
      reason: 'never uploaded',
    },
  });
}

/** Audits bytes refused for not matching their description (file.refused, with the reason). */
export async function auditRefusal(
  ctx: Pick<AppContext, 'audit'>,
  file: FileRow,
  reason: RefusalReason | 'checksum-headers',
  message: string,
  origin: UploadOrigin,
) {
  await ctx.audit.record({
    action: fileAudit('refused'),
    ...auditedAs(file, origin),
    practiceId: file.practiceId,
    details: { reason, message, ...noticed(origin) },
  });
}
