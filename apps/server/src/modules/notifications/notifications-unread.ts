import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { UnreadCounter } from '../unread/index.js';
import { notifications } from './notifications.table.js';

/** Notifications not dismissed, per practice they belong to. */
export const unreadNotifications: UnreadCounter = async (db, userId, practiceIds) => {
  if (!practiceIds.length) return new Map();
  const rows = await db
    .select({ practiceId: notifications.practiceId, n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.dismissedAt),
        inArray(notifications.practiceId, [...practiceIds]),
      ),
    )
    .groupBy(notifications.practiceId);
  return new Map(rows.map((r) => [r.practiceId!, { notifications: r.n }]));
};
