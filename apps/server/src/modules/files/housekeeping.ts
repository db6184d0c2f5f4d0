import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { enqueuePurge, FILE_PURGE_JOB, LATE_UPLOAD_GRACE_MS, type UploadFinaliser } from './direct-uploads.js';
import { fileAudit, type FileRow } from './files.service.js';
import { files } from './files.table.js';

export const FILES_SWEEP_JOB = 'files.sweep';
export const SWEEP_EVERY_MS = 60 * 60_000;
/** A described file whose bytes have not come after this is given up. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60_000;
const PAGE = 200;

type Deps = Pick<AppContext, 'db' | 'storage' | 'jobs' | 'audit' | 'log' | 'config'>;

/**
 * The hourly `files.sweep`. With direct uploads it first finalises every file whose object has
 * appeared without anyone asking after it. Then files described more than a day ago whose bytes
 * never came are marked deleted (viewers show them as expired), audited as `file.expired` with no
 * actor (the system), and their key purged, for any stray bytes. A file the store could not be
 * asked about is left for the next sweep rather than expired blind.
 */
export function createFilesSweep(ctx: Deps, finaliser: UploadFinaliser) {
  const { db, audit } = ctx;
  // Never while the file's link could still deliver bytes (FILE_LINK_TTL_SECONDS may be up to a day).
  const abandonedAfterMs = Math.max(ABANDONED_AFTER_MS, ctx.config.fileLinkTtlMs + LATE_UPLOAD_GRACE_MS);

  async function expire(file: FileRow) {
    const now = new Date();
    const expired = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(files)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(files.id, file.id), isNull(files.uploadedAt), isNull(files.deletedAt)))
        .returning({ id: files.id });
      if (row) await enqueuePurge(ctx.jobs, file.id, now, tx);
      return row !== undefined;
    });
    if (!expired) return;
    await audit.record({
      action: fileAudit('expired'), actorUserId: null, targetType: 'file', targetId: file.id, practiceId: file.practiceId,
      details: { practiceId: file.practiceId, ownerKind: file.ownerKind, ownerId: file.ownerId, reason: 'never uploaded' },
    });
  }

  return async function sweep() {
    const cutoff = new Date(Date.now() - abandonedAfterMs);
    const direct = ctx.storage.presignUpload !== undefined;
    let after = 0;
    for (;;) {
      const page = await db
        .select()
        .from(files)
        .where(and(isNull(files.uploadedAt), isNull(files.deletedAt), gt(files.id, after), direct ? undefined : lt(files.createdAt, cutoff)))
        .orderBy(asc(files.id))
        .limit(PAGE);
      for (const file of page) {
        if ((await finaliser.finalise(file, 'sweep')) && file.createdAt < cutoff) await expire(file);
      }
      if (page.length < PAGE) return;
      after = page.at(-1)!.id;
    }
  };
}

const PurgeJob = z.object({ fileId: z.number().int() });

/** The hourly `files.sweep`, on one instance at a time. */
export function registerFilesSweep(ctx: Deps, finaliser: UploadFinaliser) {
  const sweep = createFilesSweep(ctx, finaliser);
  ctx.jobs.every(FILES_SWEEP_JOB, SWEEP_EVERY_MS, () => sweep());
}

/** `file.purge`: removes a deleted file's key (again), e.g. after its upload link can put nothing back. */
export function registerFilePurge(ctx: Pick<AppContext, 'db' | 'storage' | 'jobs' | 'log'>) {
  ctx.jobs.register(FILE_PURGE_JOB, async (payload) => {
    const job = PurgeJob.safeParse(payload);
    if (!job.success) {
      ctx.log.error({ payload }, `${FILE_PURGE_JOB} job without a file id: dropped`);
      return;
    }
    const [file] = await ctx.db.select().from(files).where(eq(files.id, job.data.fileId));
    // Only ever the bytes of a deleted file.
    if (file?.deletedAt) await ctx.storage.remove(file.storageKey);
  });
}
