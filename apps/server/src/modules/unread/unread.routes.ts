import type { FastifyInstance } from 'fastify';
import { unreadApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { createUnreadService } from './unread.service.js';

export function registerUnreadRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: ReturnType<typeof createUnreadService>,
) {
  route(app, ctx, unreadApi.unread, ({ caller, query }) => service.summary(caller, query));
}
