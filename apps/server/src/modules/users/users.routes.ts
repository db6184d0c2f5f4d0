import type { FastifyInstance } from 'fastify';
import { usersApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { createUsersService } from './users.service.js';

export function registerUserRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: ReturnType<typeof createUsersService>,
) {
  route(app, ctx, usersApi.currentUser, ({ caller, query }) => service.current(caller, query.practiceId));
  route(app, ctx, usersApi.currentUserPractices, ({ caller }) => service.practices(caller));
  route(app, ctx, usersApi.getUserSettings, ({ caller, params, query }) =>
    service.getSettings(caller, params.id, query.practiceId),
  );
  route(app, ctx, usersApi.updateUserSettings, ({ caller, params, query, body }) =>
    service.updateSettings(caller, params.id, query.practiceId, body),
  );
  route(app, ctx, usersApi.editUser, ({ caller, params, body, client }) =>
    service.edit(caller, params.id, body, client),
  );
  route(app, ctx, usersApi.removeUserProfilePhoto, ({ caller, params, client }) =>
    service.removePhoto(caller, params.id, client),
  );
  route(
    app,
    ctx,
    usersApi.verifyPhone,
    async ({ caller, params, body }) => {
      await service.verifyPhone(caller, params.id, body.phone);
      return { ok: true as const };
    },
    { rateLimitPerMinute: ctx.config.authRateLimitPerMinute },
  );
  route(app, ctx, usersApi.verifyCode, ({ caller, params, body, client }) =>
    service.verifyCode(caller, params.id, body.code, client),
  );
}
