import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerLinkPreviewsRoutes } from './link-previews.routes.js';
import { createLinkPreviewsService } from './link-previews.service.js';

export function linkPreviewsModule(app: FastifyInstance, ctx: AppContext) {
  registerLinkPreviewsRoutes(app, ctx, createLinkPreviewsService(ctx));
}
