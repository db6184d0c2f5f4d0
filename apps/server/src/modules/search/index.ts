import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerSearchRoutes } from './search.routes.js';
import { createSearchService } from './search.service.js';

export { textMatch } from './text-match.js';

export function searchModule(app: FastifyInstance, ctx: AppContext) {
  registerSearchRoutes(app, ctx, createSearchService(ctx));
}
