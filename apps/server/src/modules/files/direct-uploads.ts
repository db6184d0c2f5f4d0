import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../core/index.js';
import type { Db } from '../../db/client.js';
import type { FileRow } from './files.service.js';
import { files } from './files.table.js';
import { auditAbandoned, auditRefusal, completeUpload, type FinaliseTrigger } from './upload-completion.js';
import { UploadRefused, verifyStoredBytes } from './upload-verifier.js';

export const FILE_PURGE_JOB = 'file.purge';

/**
 * A link's expiry is checked when the PUT starts (by S3, or by the server's own upload route), so
 * an upload begun just before its link expired may still land this much later.
 */
export const LATE_UPLOAD_GRACE_MS = 60 * 60_000;

/** Files finalised side by side when a list or the sweep finds several. */
const CONCURRENCY = 4;

export type DirectUploadDeps = Pick<AppContext, 'db' | 'storage' | 'jobs' | 'audit' | 'log' | 'config'>;

const awaitingBytes = (file: FileRow) => file.uploadedAt === null && file.deletedAt === null;

/**
 * The end of a file's upload window: its link has expired and an upload begun just before can no
 * longer be under way. A file whose bytes have not come by then never will; it is given up.
 */
export const uploadWindowEnd = (ctx: Pick<AppContext, 'config'>, file: Pick<FileRow, 'createdAt'>) =>
  new Date(file.createdAt.getTime() + ctx.config.fileLinkTtlMs + LATE_UPLOAD_GRACE_MS);

/** How long an upload window lasts, from the file's description. */
export const uploadWindowMs = (ctx: Pick<AppContext, 'config'>) => ctx.config.fileLinkTtlMs + LATE_UPLOAD_GRACE_MS;

/**
 * With direct uploads a deleted file's link may still put an object back until it expires: the
 * time by which nothing more can arrive, when that is still ahead (else null).
 */
export function lateUploadDeadline(
  ctx: Pick<AppContext, 'storage' | 'config'>,
  file: Pick<FileRow, 'createdAt'>,
): Date | null {
  if (!ctx.storage.presignUpload) return null;
  const deadline = uploadWindowEnd(ctx, file);
  return deadline.getTime() > Date.now() ? deadline : null;
}

/** Removes a deleted file's bytes (again) at `runAt`, retried until the store answers. */
export function enqueuePurge(jobs: AppContext['jobs'], fileId: number, runAt: Date, tx?: Db) {
  return jobs.enqueue(FILE_PURGE_JOB, { fileId }, { runAt, tx });
}

/**
 * Completing uploads that went straight to the bucket (S3 presigned PUTs): the bytes never passed
 * through the server, so once the object has appeared it is read back through the same checks as
 * the server's own upload route, then marked uploaded with its scan queued, or refused: deleted,
 * the file marked deleted (viewers say the upload did not finish) and the refusal audited. The
 * status and list reads, the scan callback and the hourly sweep all finalise; conditional updates
 * let only one finaliser win, and finalisations of one file in this process share their work.
 * With local storage the upload route completes files itself.
 *
 * Reads and the sweep also settle uploads that never finished, on local disk and S3 alike: once
 * a file's upload window has ended without its bytes (the uploader's tab closed, the connection or
 * the server died mid-stream), it is given up — marked deleted, so viewers say the upload did not
 * finish and the status call answers so instead of `scanning` — audited `file.expired` by the
 * system, and its key purged of stray bytes.
 */
export function createUploadFinaliser(ctx: DirectUploadDeps) {
  const { db, storage, log } = ctx;
  const inFlight = new Map<number, Promise<void>>();

  async function refuse(file: FileRow, refusal: UploadRefused, trigger: FinaliseTrigger) {
    const now = new Date();
    const won = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(files)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(files.id, file.id), isNull(files.uploadedAt), isNull(files.deletedAt)))
        .returning({ id: files.id });
      // The purge removes whatever the link puts back, and the object if the removal below fails.
      if (row) await enqueuePurge(ctx.jobs, file.id, lateUploadDeadline(ctx, file) ?? now, tx);
      return row !== undefined;
    });
    // Another finaliser decided first; the object is theirs to keep or remove.
    if (!won) return;
    await auditRefusal(ctx, file, refusal.reason, refusal.message, { noticedBy: trigger });
    await storage.remove(file.storageKey);
    log.info({ fileId: file.id, reason: refusal.reason }, 'uploaded object refused and removed');
  }

  async function abandon(file: FileRow) {
    const now = new Date();
    const abandoned = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(files)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(files.id, file.id), isNull(files.uploadedAt), isNull(files.deletedAt)))
        .returning({ id: files.id });
      if (row) await enqueuePurge(ctx.jobs, file.id, now, tx);
      return row !== undefined;
    });
    if (abandoned) await auditAbandoned(ctx, file);
  }

  async function finalise(file: FileRow, trigger: FinaliseTrigger) {
    if (!(await storage.exists(file.storageKey))) return;
    let type: string;
    try {
      type = await verifyStoredBytes(file, await storage.read(file.storageKey));
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      await refuse(file, error, trigger);
      return;
    }
    // Deleted while it was being read: the delete removed the bytes, but they may have landed after it.
    if ((await completeUpload(ctx, file, type, { noticedBy: trigger })) === 'deleted')
      await storage.remove(file.storageKey);
  }

  /**
   * Finalises `file` if it waits for an object that has appeared. False when the store could not
   * be asked (logged; the file stays as it is and the next read or sweep tries again).
   */
  function finaliseOnce(file: FileRow, trigger: FinaliseTrigger): Promise<boolean> {
    if (!storage.presignUpload || !awaitingBytes(file)) return Promise.resolve(true);
    let running = inFlight.get(file.id);
    if (!running) {
      running = finalise(file, trigger).finally(() => inFlight.delete(file.id));
      inFlight.set(file.id, running);
    }
    return running.then(
      () => true,
      (err: unknown) => {
        log.warn({ err, fileId: file.id, trigger }, 'could not finalise a direct upload');
        return false;
      },
    );
  }

  /**
   * Finalises a file still waiting, then gives it up if its window has ended without bytes. A
   * store that could not be asked leaves it as it is: its object may be there.
   */
  async function settleOne(file: FileRow, trigger: FinaliseTrigger) {
    if (!(await finaliseOnce(file, trigger))) return;
    if (uploadWindowEnd(ctx, file).getTime() <= Date.now()) await abandon(file);
  }

  return {
    finalise: finaliseOnce,

    /**
     * `rows` as they are now, after finalising those still waiting for an object that has appeared
     * and giving up those whose upload window ended without one.
     */
    async settle(rows: FileRow[], trigger: FinaliseTrigger): Promise<FileRow[]> {
      const now = Date.now();
      const waiting = rows.filter(
        (file) =>
          awaitingBytes(file) && (storage.presignUpload !== undefined || uploadWindowEnd(ctx, file).getTime() <= now),
      );
      if (waiting.length === 0) return rows;
      for (let i = 0; i < waiting.length; i += CONCURRENCY) {
        await Promise.all(waiting.slice(i, i + CONCURRENCY).map((file) => settleOne(file, trigger)));
      }
      const fresh = new Map(
        (
          await db
            .select()
            .from(files)
            .where(
              inArray(
                files.id,
                waiting.map((f) => f.id),
              ),
            )
        ).map((f) => [f.id, f]),
      );
      return rows.map((row) => fresh.get(row.id) ?? row);
    },
  };
}
export type UploadFinaliser = ReturnType<typeof createUploadFinaliser>;
