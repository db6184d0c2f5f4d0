import type { FastifyInstance } from 'fastify';
import { directoryApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { DirectoryService } from './directory.service.js';

export function registerDirectoryRoutes(app: FastifyInstance, ctx: AppContext, service: DirectoryService) {
  // Both answer whether an account exists: rate-limited like sign-in, so they cannot be used to sweep numbers.
  const limit = { rateLimitPerMinute: ctx.config.authRateLimitPerMinute };
  route(app, ctx, directoryApi.searchUsers, ({ caller, query }) => service.search(caller, query));
  route(app, ctx, directoryApi.userProfile, ({ caller, params }) => service.profile(caller, params.id));
  route(app, ctx, directoryApi.userByPhone, ({ caller, query }) => service.byPhone(caller, query.phoneNumber), limit);
  route(app, ctx, directoryApi.phoneOrEmailTaken, ({ query }) => service.taken(query.value), limit);
}
