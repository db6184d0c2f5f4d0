import type { PushSource } from '../events/index.js';
import {
  NOTIFICATION_DISMISSED,
  NOTIFICATION_WRITTEN,
  type NotificationDismissed,
  type NotificationWritten,
} from './notifications.service.js';

/** A new or updated notification reaches its person's open apps at once, with a hint to refresh counts. */
export const notificationPushSource: PushSource = {
  topic: NOTIFICATION_WRITTEN,
  async toPushes(_db, payload) {
    const { userId, notification, actions } = payload as NotificationWritten;
    const { title, text, type, link } = notification;
    return [
      {
        userIds: [userId],
        message: {
          event: NOTIFICATION_WRITTEN,
          data: {
            updateUnreads: true,
            ...(notification.practiceId === null ? {} : { practiceId: notification.practiceId }),
            notification: { title, text, type, ...(link ? { link } : {}), ...(actions?.length ? { actions } : {}) },
          },
        },
      },
    ];
  },
};

/** A notification dismissed for someone, or by them in one app, leaves the bell of their other open apps: a hint to refresh counts and list. */
export const notificationDismissedPushSource: PushSource = {
  topic: NOTIFICATION_DISMISSED,
  async toPushes(_db, payload) {
    const { userId, practiceId } = payload as NotificationDismissed;
    return [
      {
        userIds: [userId],
        message: {
          event: NOTIFICATION_DISMISSED,
          data: { updateUnreads: true, ...(practiceId === null ? {} : { practiceId }) },
        },
      },
    ];
  },
};
