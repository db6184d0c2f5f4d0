import type { FastifyInstance } from 'fastify';
import { searchApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { createSearchService } from './search.service.js';

export function registerSearchRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: ReturnType<typeof createSearchService>,
) {
  route(app, ctx, searchApi.globalSearch, ({ caller, query, client }) => service.search(caller, query, client), {
    rateLimitPerMinute: ctx.config.lookupRateLimitPerMinute,
  });
}
