import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs, Id, IdParams, OkResponse, paged, pageQuery } from './common.js';
import { NotificationCategory, NotificationKind } from './enums.js';

/**
 * The in-app notification list (spec 2 §7): what happened that concerns the person — a referral
 * offered to their practice or answered, a form submission, a chat message while they were away.
 * One notification per topic (a chat, a referral, a form) stays current rather than one per event.
 */

const tags = ['Notifications'];

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const Notification = z.object({
  id: z.number().int(),
  practiceId: z.number().int().nullable(),
  category: NotificationCategory,
  type: NotificationKind,
  title: z.string(),
  text: z.string(),
  /** Where it leads in the app. */
  link: z.string().nullable(),
  createdAt: EpochMs,
});
export type Notification = z.infer<typeof Notification>;

export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/v1/notification',
  summary: "The caller's notifications not yet dismissed, newest first",
  tags,
  auth: 'user',
  query: pageQuery(NOTIFICATIONS_PAGE_SIZE).extend({ practiceId: Id.optional() }),
  response: paged(Notification),
});

export const clearNotifications = endpoint({
  method: 'PUT',
  path: '/api/v1/notification/clear',
  summary: "Dismiss all of the caller's notifications (in one practice with practiceId)",
  tags,
  auth: 'user',
  body: z.object({ practiceId: Id.optional() }),
  response: OkResponse,
});

export const dismissNotification = endpoint({
  method: 'PUT',
  path: '/api/v1/notification/:id/dismiss',
  summary: 'Dismiss one notification',
  tags,
  auth: 'user',
  params: IdParams,
  response: OkResponse,
});

export const notificationCount = endpoint({
  method: 'GET',
  path: '/api/v1/user/notifications/count',
  summary: 'How many notifications the caller has not dismissed',
  tags,
  auth: 'user',
  response: z.object({ count: z.number().int() }),
});

export const testNotification = endpoint({
  method: 'GET',
  path: '/api/v1/test-notification',
  summary: 'Send the caller a test notification, to check that notifications reach them',
  tags,
  auth: 'user',
  response: OkResponse,
});
