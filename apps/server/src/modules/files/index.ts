import type { FastifyInstance } from 'fastify';
import { filesApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { FILE_SCANNED } from '../../platform/events/bus.js';
import { createUploadFinaliser } from './direct-uploads.js';
import { registerDownloadRoutes } from './download.js';
import { registerFilePurge, registerFilesSweep } from './housekeeping.js';
import { registerFileRoutes } from './files.routes.js';
import { createFilesService } from './files.service.js';
import { registerUploadRoute } from './upload.js';
import { registerScanning } from './scanning/index.js';

export {
  FILE_EXPIRED,
  fileViewOf,
  fileViewsById,
  loadFile,
  publicImagePath,
  recordUpload,
  removeFile,
  type FileRow,
} from './files.service.js';
export { filesByIds, isLiveFile, reownPracticeUploads } from './file-reads.js';
export { cleanImageUpload, deleteRemovedImage, supersedeImage } from './profile-images.js';

export function filesModule(app: FastifyInstance, ctx: AppContext) {
  const finaliser = createUploadFinaliser(ctx);
  registerFileRoutes(app, ctx, createFilesService(ctx, finaliser));
  registerUploadRoute(app, ctx);
  registerDownloadRoutes(app, ctx);
  registerScanning(app, ctx, finaliser);
  registerFilesSweep(ctx, finaliser);
  registerFilePurge(ctx);
}

/**
 * A clean logo or profile photo becomes its owner's: practices and users each hand their applier
 * here, and each applier ignores files that are not its kind.
 */
export function applyWhenClean(ctx: AppContext, apply: (ctx: AppContext, fileId: number) => Promise<void>) {
  ctx.bus.subscribe(FILE_SCANNED, (payload) => {
    const event = filesApi.FileScanned.safeParse(payload);
    if (!event.success || event.data.status !== 'clean') return;
    const { fileId } = event.data;
    apply(ctx, fileId).catch((err: unknown) =>
      ctx.log.error({ err, fileId }, 'could not apply a new logo or profile photo'),
    );
  });
}
