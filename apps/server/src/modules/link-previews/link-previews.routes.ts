import type { FastifyInstance } from 'fastify';
import { linkPreviewsApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { createLinkPreviewsService } from './link-previews.service.js';

/** Each preview may make the server fetch an outside page: a chat shows a few, a script would ask for thousands. */
export const LINK_PREVIEW_RATE_LIMIT_PER_MINUTE = 60;

export function registerLinkPreviewsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: ReturnType<typeof createLinkPreviewsService>,
) {
  route(app, ctx, linkPreviewsApi.getLinkPreview, ({ query }) => service.preview(query.url), {
    rateLimitPerMinute: LINK_PREVIEW_RATE_LIMIT_PER_MINUTE,
  });
}
