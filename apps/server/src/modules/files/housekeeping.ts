import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../core/index.js';
import { FILE_PURGE_JOB, uploadWindowMs, type UploadFinaliser } from './direct-uploads.js';
import { files } from './files.table.js';

export const FILES_SWEEP_JOB = 'files.sweep';
export const SWEEP_EVERY_MS = 60 * 60_000;
const PAGE = 200;

type Deps = Pick<AppContext, 'db' | 'storage' | 'jobs' | 'audit' | 'log' | 'config'>;

/**
 * The hourly `files.sweep`. With direct uploads it first finalises every file whose object has
 * appeared without anyone asking after it. Then files whose upload window ended without their
 * bytes (direct-uploads.ts: the link's life plus an hour) are given up as reads give them up:
 * marked deleted (viewers say the upload did not finish), audited as `file.expired` with no actor
 * (the system), and their key purged, for any stray bytes. A file the store could not be asked
 * about is left for the next sweep rather than given up blind. Last, the temporary files of
 * uploads cut short by a crash (local disk's `.part`) are removed once nothing can still be
 * writing them.
 */
export function createFilesSweep(ctx: Deps, finaliser: UploadFinaliser) {
  const { db } = ctx;

  return async function sweep() {
    const cutoff = new Date(Date.now() - uploadWindowMs(ctx));
    const direct = ctx.storage.presignUpload !== undefined;
    let after = 0;
    for (;;) {
      const page = await db
        .select()
        .from(files)
        .where(
          and(
            isNull(files.uploadedAt),
            isNull(files.deletedAt),
            gt(files.id, after),
            direct ? undefined : lt(files.createdAt, cutoff),
          ),
        )
        .orderBy(asc(files.id))
        .limit(PAGE);
      await finaliser.settle(page, 'sweep');
      if (page.length < PAGE) break;
      after = page.at(-1)!.id;
    }
    // A temporary file untouched for a whole upload window belongs to a write that died: a live
    // upload writes as bytes come, and a file that old could no longer be completed anyway.
    const removed = (await ctx.storage.removeStaleParts?.(cutoff)) ?? 0;
    if (removed > 0) ctx.log.info({ removed }, 'temporary files of uploads cut short removed');
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
