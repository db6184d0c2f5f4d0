import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerNotificationRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';

/** The in-app notification list; other areas write to it with `notifyUser`. */
export function notificationsModule(app: FastifyInstance, ctx: AppContext) {
  registerNotificationRoutes(app, ctx, createNotificationsService(ctx));
}
