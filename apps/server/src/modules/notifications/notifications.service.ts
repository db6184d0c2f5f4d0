import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { eventsApi, notificationsApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type SessionCaller } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { notifications } from './notifications.table.js';

type NotificationRow = typeof notifications.$inferSelect;
/** A notification as an area writes it; the time is the clock's. */
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'dismissedAt'>;

/** A notification was written for someone; the payload is `NotificationWritten`. The events socket pushes it to them. */
export const NOTIFICATION_WRITTEN = 'NOTIFICATION_WRITTEN';

export interface NotificationWritten {
  userId: number;
  notification: notificationsApi.Notification;
  /** What the pushed notification offers to do (spec 3 §3 actions); the list keeps only the link. */
  actions?: eventsApi.NotificationAction[];
}

/** Someone's notification was dismissed for them; the payload is `NotificationDismissed`. The events socket tells their apps. */
export const NOTIFICATION_DISMISSED = 'NOTIFICATION_DISMISSED';

export interface NotificationDismissed {
  userId: number;
  practiceId: number | null;
}

const toView = (row: NotificationRow): notificationsApi.Notification => ({
  id: row.id,
  practiceId: row.practiceId,
  category: row.category,
  type: row.type,
  title: row.title,
  text: row.text,
  link: row.link,
  createdAt: row.createdAt.getTime(),
});

/**
 * Tells someone in the app. A notification about the same topic that they have not dismissed is
 * brought up to date instead of piling up another (ten messages in a chat are one notice).
 * `actions` go with the push to their open apps.
 */
export async function notifyUser(
  ctx: Pick<AppContext, 'db' | 'bus' | 'clock'>,
  entry: NewNotification,
  actions?: eventsApi.NotificationAction[],
) {
  const values = { ...entry, createdAt: ctx.clock.now() };
  const insert = ctx.db.insert(notifications).values(values);
  // One statement, so two events about the same topic at once still leave one notification.
  const [row] = await (
    entry.topic
      ? insert.onConflictDoUpdate({
          target: [notifications.userId, notifications.topic],
          targetWhere: sql`${notifications.dismissedAt} is null and ${notifications.topic} is not null`,
          set: values,
        })
      : insert
  ).returning();
  const written: NotificationWritten = {
    userId: row.userId,
    notification: toView(row),
    ...(actions ? { actions } : {}),
  };
  await ctx.bus.publish(NOTIFICATION_WRITTEN, written);
}

/**
 * Dismisses someone's open notification about a topic once what it pointed at needs no more
 * telling (they read the chat to its end, or left it), so it does not wait for a hand that will
 * not come. Their open apps hear of it.
 */
export async function dismissTopic(ctx: Pick<AppContext, 'db' | 'bus' | 'clock'>, userId: number, topic: string) {
  const rows = await ctx.db
    .update(notifications)
    .set({ dismissedAt: ctx.clock.now() })
    .where(and(eq(notifications.userId, userId), eq(notifications.topic, topic), isNull(notifications.dismissedAt)))
    .returning({ practiceId: notifications.practiceId });
  for (const { practiceId } of rows)
    await ctx.bus.publish(NOTIFICATION_DISMISSED, { userId, practiceId } satisfies NotificationDismissed);
}

/** The caller's own notifications (spec 2 §7 notification calls). */
export function createNotificationsService(ctx: AppContext) {
  const { db } = ctx;
  const mine = (caller: SessionCaller, practiceId?: number) =>
    and(
      eq(notifications.userId, caller.user.id),
      isNull(notifications.dismissedAt),
      practiceId === undefined ? undefined : eq(notifications.practiceId, practiceId),
    );

  return {
    async list(caller: SessionCaller, q: { page: number; pageSize: number; practiceId?: number }) {
      if (q.practiceId !== undefined) await authorizePractice(db, caller, q.practiceId, 'practice.view');
      const where = mine(caller, q.practiceId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(q.pageSize)
          .offset(q.page * q.pageSize),
        db.select({ n: count() }).from(notifications).where(where),
      ]);
      return { data: rows.map(toView), count: total?.n ?? 0 };
    },

    async count(caller: SessionCaller) {
      const [total] = await db.select({ n: count() }).from(notifications).where(mine(caller));
      return { count: total?.n ?? 0 };
    },

    /** The caller's other open apps (tabs, phone) are told, so their bells empty too. */
    async clear(caller: SessionCaller, practiceId?: number) {
      if (practiceId !== undefined) await authorizePractice(db, caller, practiceId, 'practice.view');
      await db.update(notifications).set({ dismissedAt: ctx.clock.now() }).where(mine(caller, practiceId));
      await ctx.bus.publish(NOTIFICATION_DISMISSED, {
        userId: caller.user.id,
        practiceId: practiceId ?? null,
      } satisfies NotificationDismissed);
    },

    /** Someone else's notification is as good as missing. The caller's other open apps are told. */
    async dismiss(caller: SessionCaller, id: number) {
      const [row] = await db
        .update(notifications)
        .set({ dismissedAt: ctx.clock.now() })
        .where(and(eq(notifications.id, id), eq(notifications.userId, caller.user.id)))
        .returning({ practiceId: notifications.practiceId });
      if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such notification');
      await ctx.bus.publish(NOTIFICATION_DISMISSED, {
        userId: caller.user.id,
        practiceId: row.practiceId,
      } satisfies NotificationDismissed);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
