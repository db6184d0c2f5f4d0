import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerNotificationRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';
import { notificationDismissedPushSource, notificationPushSource } from './notification-push.js';
import { unreadNotifications } from './notifications-unread.js';
import { registerUnreadCounter } from '../unread/index.js';
import { registerPushSource } from '../events/index.js';
import { registerNotificationJob } from './notification-sources.js';

export { dismissTopic, notifyUser } from './notifications.service.js';
export {
  queueNotifications,
  registerNotificationSource,
  type NotificationChanges,
  type NotificationEntry,
  type NotificationSource,
} from './notification-sources.js';

/**
 * The in-app notification list; other areas write to it with `notifyUser`, or register the news
 * they queue (`registerNotificationSource`, `queueNotifications`).
 */
export function notificationsModule(app: FastifyInstance, ctx: AppContext) {
  registerNotificationRoutes(app, ctx, createNotificationsService(ctx));
  registerUnreadCounter(ctx, unreadNotifications);
  registerPushSource(ctx, notificationPushSource);
  registerPushSource(ctx, notificationDismissedPushSource);
  registerNotificationJob(ctx);
}
