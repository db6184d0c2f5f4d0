import type { PushSource } from '../events/push-sources.js';
import { NOTIFICATION_WRITTEN, type NotificationWritten } from './notifications.service.js';

/** A new or updated notification reaches its person's open apps at once, with a hint to refresh counts. */
export const notificationPushSource: PushSource = {
  topic: NOTIFICATION_WRITTEN,
  async toPushes(_db, payload) {
    const { userId, notification } = payload as NotificationWritten;
    const { title, text, type, link } = notification;
    return [{
      userIds: [userId],
      message: {
        event: NOTIFICATION_WRITTEN,
        data: {
          updateUnreads: true,
          ...(notification.practiceId === null ? {} : { practiceId: notification.practiceId }),
          notification: { title, text, type, ...(link ? { link } : {}) },
        },
      },
    }];
  },
};
