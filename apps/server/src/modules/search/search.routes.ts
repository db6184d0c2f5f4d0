import type { FastifyInstance } from 'fastify';
import { searchApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { clientOf } from '../auth/auth.routes.js';
import type { createSearchService } from './search.service.js';

export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext, service: ReturnType<typeof createSearchService>) {
  route(app, ctx, searchApi.globalSearch, ({ caller, query, request }) => service.search(caller, query, clientOf(request)), {
    rateLimitPerMinute: ctx.config.lookupRateLimitPerMinute,
  });
}
