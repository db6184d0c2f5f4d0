import type { FastifyInstance } from 'fastify';
import { filesApi } from '@referwell/contracts';
import type { AppContext } from '../../platform/context.js';
import { FILE_SCANNED } from '../../platform/events/bus.js';
import { applyBrandingImage } from '../practices/practice-profile.service.js';
import { createUploadFinaliser } from './direct-uploads.js';
import { registerDownloadRoutes } from './download.js';
import { registerFilePurge, registerFilesSweep } from './housekeeping.js';
import { registerFileRoutes } from './files.routes.js';
import { createFilesService } from './files.service.js';
import { registerUploadRoute } from './upload.js';
import { registerScanning } from './scanning/index.js';

export function filesModule(app: FastifyInstance, ctx: AppContext) {
  const finaliser = createUploadFinaliser(ctx);
  registerFileRoutes(app, ctx, createFilesService(ctx, finaliser));
  registerUploadRoute(app, ctx);
  registerDownloadRoutes(app, ctx);
  registerScanning(app, ctx, finaliser);
  registerFilesSweep(ctx, finaliser);
  registerFilePurge(ctx);
  ctx.bus.subscribe(FILE_SCANNED, (payload) => {
    const event = filesApi.FileScanned.safeParse(payload);
    if (!event.success || event.data.status !== 'clean') return;
    applyBrandingImage(ctx, event.data.fileId).catch((err) => ctx.log.error({ err, fileId: event.data.fileId }, 'could not apply a branding image'));
  });
}
