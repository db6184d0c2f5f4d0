import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerUnreadRoutes } from './unread.routes.js';
import { createUnreadService } from './unread.service.js';

export { registerUnreadCounter, type UnreadCounter, type UnreadCounts } from './counters.js';

export function unreadModule(app: FastifyInstance, ctx: AppContext) {
  registerUnreadRoutes(app, ctx, createUnreadService(ctx));
}
