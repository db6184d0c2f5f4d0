import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../core/index.js';
import type { Jobs } from '../../../platform/jobs/jobs.js';
import type { UploadFinaliser } from '../direct-uploads.js';
import { createScanService, FILE_SCAN_JOB, type ScanService } from './scanning.service.js';
import { registerScanCallbackRoute } from './scanning.routes.js';

export { FILE_SCAN_JOB } from './scanning.service.js';

const ScanJob = z.object({ fileId: z.number().int() });

/** The `file.scan` job, without an attempt limit: a scanner that is down must not lose a file. */
export function registerScanJob(jobs: Jobs, service: ScanService, log: FastifyBaseLogger) {
  jobs.register(FILE_SCAN_JOB, async (payload) => {
    const job = ScanJob.safeParse(payload);
    if (!job.success) {
      log.error({ payload }, 'file.scan job without a file id: dropped');
      return;
    }
    await service.scanFile(job.data.fileId);
  });
}

/** Virus scanning of stored files: the scan job and the callback of event-driven scanners. */
export function registerScanning(app: FastifyInstance, ctx: AppContext, finaliser: UploadFinaliser) {
  const service = createScanService(ctx, ctx.scanner, finaliser);
  registerScanJob(ctx.jobs, service, ctx.log);
  registerScanCallbackRoute(app, ctx, service);
}
