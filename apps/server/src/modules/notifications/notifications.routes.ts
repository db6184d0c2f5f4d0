import type { FastifyInstance } from 'fastify';
import { notificationsApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { notifyUser, type NotificationsService } from './notifications.service.js';

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext, service: NotificationsService) {
  route(app, ctx, api.listNotifications, ({ caller, query }) => service.list(caller, query));
  route(app, ctx, api.notificationCount, ({ caller }) => service.count(caller));
  route(app, ctx, api.clearNotifications, async ({ caller, body }) => {
    await service.clear(caller, body.practiceId);
    return { ok: true as const };
  });
  // A GET that writes (spec 1 §7): CSRF-checked like a POST.
  route(
    app,
    ctx,
    api.testNotification,
    async ({ caller }) => {
      await notifyUser(ctx, {
        userId: caller.user.id,
        practiceId: null,
        category: 'GENERAL',
        type: 'info',
        topic: 'test',
        title: 'Test notification',
        text: 'Notifications reach you here',
        link: null,
      });
      return { ok: true as const };
    },
    { changesState: true },
  );
  route(app, ctx, api.dismissNotification, async ({ caller, params }) => {
    await service.dismiss(caller, params.id);
    return { ok: true as const };
  });
}
