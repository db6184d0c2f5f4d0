import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { auditEvents } from '../../../platform/audit/audit.table.js';
import { createAudit } from '../../../platform/audit/audit.js';
import { createLocalBus, FILE_SCANNED } from '../../../platform/events/bus.js';
import { createJobs } from '../../../platform/jobs/queue.js';
import { recordingLog } from '../../../platform/jobs/log.test-support.js';
import type { Scanner } from '../../../platform/scanner/index.js';
import { newStorageKey } from '../../../platform/storage/index.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { files } from '../files.table.js';
import { createScanService } from './scanning.service.js';
import { registerScanJob } from './index.js';

/** A tiny but well-formed PDF. */
export const CLEAN_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** An uploaded file waiting for its scan: bytes in `storage`, a `files` row in `scanning`. */
export async function storeFile(db: Db, storage: FileStorage, bytes: Buffer, type = 'application/pdf') {
  const storageKey = newStorageKey();
  await storage.write(storageKey, Readable.from([bytes]), bytes.length);
  const [file] = await db
    .insert(files)
    .values({
      ownerKind: 'PRACTICE',
      name: 'scan-me.pdf',
      declaredType: type,
      type,
      size: bytes.length,
      md5: createHash('md5').update(bytes).digest('base64'),
      header: bytes.subarray(0, 4).toString('hex'),
      storageKey,
      uploadedAt: new Date(),
    })
    .returning();
  return file;
}

export async function fileById(db: Db, id: number) {
  return (await db.select().from(files).where(eq(files.id, id)))[0];
}

export async function auditOf(db: Db, fileId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'file'), eq(auditEvents.targetId, String(fileId))));
}

/** The scan job as the app wires it, on its own queue: tests enqueue `file.scan` and drain. */
export function scanWorker(db: Db, storage: FileStorage, scanner: Scanner) {
  const log = recordingLog();
  const bus = createLocalBus();
  const events: unknown[] = [];
  bus.subscribe(FILE_SCANNED, (event) => events.push(event));
  const jobs = createJobs(db, log);
  registerScanJob(jobs, createScanService({ db, storage, bus, audit: createAudit(db), log }, scanner), log);
  return { jobs, events, log };
}
