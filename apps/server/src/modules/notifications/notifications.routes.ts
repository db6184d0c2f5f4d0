import type { FastifyInstance } from 'fastify';
import { notificationsApi as api } from '@referwell/contracts';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/http.js';
import type { NotificationsService } from './notifications.service.js';

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext, service: NotificationsService) {
  route(app, ctx, api.listNotifications, ({ caller, query }) => service.list(caller, query));
  route(app, ctx, api.notificationCount, ({ caller }) => service.count(caller));
  route(app, ctx, api.clearNotifications, async ({ caller, body }) => {
    await service.clear(caller, body.practiceId);
    return { ok: true as const };
  });
  route(app, ctx, api.dismissNotification, async ({ caller, params }) => {
    await service.dismiss(caller, params.id);
    return { ok: true as const };
  });
}
