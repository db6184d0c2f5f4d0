import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerLinkPreviewsRoutes } from './link-previews.routes.js';
import { createLinkPreviewsService, deleteStalePreviews } from './link-previews.service.js';

export { createLinkPreviewsService };

export const LINK_PREVIEWS_EXPIRE_JOB = 'link-previews.expire';
export const EXPIRE_EVERY_MS = 24 * 60 * 60_000;

/** The daily `link-previews.expire`, on one instance at a time: the cache does not grow forever. */
export function registerPreviewExpiry(ctx: Pick<AppContext, 'jobs' | 'db' | 'log'>) {
  ctx.jobs.every(LINK_PREVIEWS_EXPIRE_JOB, EXPIRE_EVERY_MS, async () => {
    const deleted = await deleteStalePreviews(ctx.db);
    if (deleted > 0) ctx.log.info({ deleted }, 'stale link previews deleted');
  });
}

export function linkPreviewsModule(app: FastifyInstance, ctx: AppContext) {
  registerLinkPreviewsRoutes(app, ctx, createLinkPreviewsService(ctx));
  registerPreviewExpiry(ctx);
}
