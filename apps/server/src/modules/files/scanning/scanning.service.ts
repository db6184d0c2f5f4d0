import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ScanStatus, filesApi } from '@referwell/contracts';
import type { AppContext } from '../../../core/index.js';
import type { AuditAction } from '../../../platform/audit/audit.js';
import { FILE_SCANNED } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/errors.js';
import type { Scanner } from '../../../platform/scanner/index.js';
import type { UploadFinaliser } from '../direct-uploads.js';
import { files } from '../files.table.js';

export const FILE_SCAN_JOB = 'file.scan';

type FileRow = typeof files.$inferSelect;
type Verdict = { status: 'clean' | 'infected'; signature?: string };
/** Who gave the verdict: our clamd (the job) or an event-driven scanner (the callback). */
type Source = 'scanner' | 'callback';

const scanAudit = (status: Verdict['status']): AuditAction => (status === 'clean' ? 'file.scanned' : 'file.infected');

export type ScanDeps = Pick<AppContext, 'db' | 'storage' | 'bus' | 'audit' | 'log'>;

/**
 * Scan results for stored files. A verdict moves a file out of `scanning` once; `infected` also
 * overrules an earlier `clean` (a later scan with newer signatures), never the other way round.
 * Infected bytes are removed at once, and each change is audited and published as FILE_SCANNED.
 */
export function createScanService(ctx: ScanDeps, scanner: Scanner, finaliser?: UploadFinaliser) {
  const { db, storage, bus, audit, log } = ctx;

  /** Records a verdict; false when it changes nothing (already decided, or the file is deleted). */
  async function record(file: FileRow, verdict: Verdict, source: Source): Promise<boolean> {
    const from: ScanStatus[] = verdict.status === 'infected' ? ['scanning', 'clean'] : ['scanning'];
    const now = new Date();
    const [updated] = await db
      .update(files)
      .set({ scanStatus: verdict.status, scannedAt: now, updatedAt: now })
      .where(and(eq(files.id, file.id), isNull(files.deletedAt), inArray(files.scanStatus, from)))
      .returning({ id: files.id });
    if (!updated) return false;
    await audit.record({
      action: scanAudit(verdict.status),
      targetType: 'file',
      targetId: file.id,
      practiceId: file.practiceId,
      details: { practiceId: file.practiceId, source, ...(verdict.signature ? { signature: verdict.signature } : {}) },
    });
    if (verdict.status === 'infected')
      log.warn({ fileId: file.id, signature: verdict.signature, source }, 'infected file: its bytes are removed');
    const event: filesApi.FileScanned = {
      messageId: null,
      fileId: file.id,
      status: verdict.status,
      type: file.type || file.declaredType,
    };
    // A listener's failure must not undo or repeat the verdict.
    await bus
      .publish(FILE_SCANNED, event)
      .catch((err: unknown) => log.error({ err, fileId: file.id }, 'FILE_SCANNED not published'));
    // After the verdict is stored: if this removal fails, a retry finds the file infected and removes again.
    if (verdict.status === 'infected') await storage.remove(file.storageKey);
    return true;
  }

  return {
    /**
     * The `file.scan` job. Throws when the scanner gives no verdict, so the queue retries and the
     * file stays `scanning`; a file deleted meanwhile is skipped.
     */
    async scanFile(fileId: number) {
      const [file] = await db.select().from(files).where(eq(files.id, fileId));
      if (!file || file.deletedAt) return;
      if (file.scanStatus === 'infected') {
        // A retry after the bytes could not be removed.
        await storage.remove(file.storageKey);
        return;
      }
      if (file.scanStatus === 'clean') return;
      const verdict = await scanner.scan(await storage.read(file.storageKey));
      await record(file, verdict, 'scanner');
    },

    /**
     * POST /files/scan-callback: the same outcome, by storage key; repeating it changes nothing.
     * An event-driven scanner may report on an object uploaded straight to the bucket before
     * anyone asked after it: the file is finalised first (verified, or refused and deleted). A
     * verdict on bytes that never became an upload is ignored; our own scan follows the upload.
     */
    async applyCallback(key: string, status: Verdict['status']) {
      const [found] = await db.select().from(files).where(eq(files.storageKey, key));
      if (!found) throw new AppError('OBJECT_NOT_FOUND', 'No file has this key');
      const [file] = finaliser ? await finaliser.settle([found], 'scan-callback') : [found];
      if (!file || file.deletedAt) return;
      if (!file.uploadedAt) {
        log.info({ fileId: file.id, status }, 'scan callback for a file that is not uploaded: ignored');
        return;
      }
      const changed = await record(file, { status }, 'callback');
      // Already infected: a repeat may be the retry of a removal that failed.
      if (!changed && status === 'infected') await storage.remove(file.storageKey);
    },
  };
}
export type ScanService = ReturnType<typeof createScanService>;
