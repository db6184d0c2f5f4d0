import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createAudit } from '../../platform/audit/audit.js';
import { createLocalBus } from '../../platform/events/bus.js';
import { recordingLog } from '../../platform/jobs/log.test-support.js';
import { createJobs } from '../../platform/jobs/queue.js';
import { createScanner } from '../../platform/scanner/scanner.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import { createUploadFinaliser } from './direct-uploads.js';
import { registerFilePurge, registerFilesSweep } from './housekeeping.js';
import { registerScanJob } from './scanning/index.js';
import { createScanService } from './scanning/scanning.service.js';

/**
 * The files module's jobs as an app wires them, on a queue of the test's own (the app's queue only
 * works while it listens): `file.scan` with the development scanner (marks clean) and `file.purge`,
 * and with `sweep` the hourly `files.sweep`, which a first drain runs at once. Tests drain it.
 */
export function filesWorker(deps: { db: Db; config: Config; storage: FileStorage }, { sweep = false } = {}) {
  const log = recordingLog();
  const jobs = createJobs(deps.db, log);
  const ctx = { ...deps, jobs, log, audit: createAudit(deps.db), bus: createLocalBus() };
  const finaliser = createUploadFinaliser(ctx);
  registerScanJob(jobs, createScanService(ctx, createScanner({ clamd: undefined, isProduction: false }, log)), log);
  registerFilePurge(ctx);
  if (sweep) registerFilesSweep(ctx, finaliser);
  return { jobs, finaliser, log };
}
