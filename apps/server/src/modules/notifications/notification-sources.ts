import type { eventsApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import type { Db } from '../../db/client.js';
import { dismissTopic, notifyUser, type NewNotification } from './notifications.service.js';

/** What one person is told, with what its push offers to do. */
export interface NotificationEntry extends NewNotification {
  actions?: eventsApi.NotificationAction[];
}

/** What a piece of news changes in people's bells. */
export interface NotificationChanges {
  /** Written, or brought up to date when the person has an open one about the same topic. */
  notify: NotificationEntry[];
  /** Open notifications that no longer hold (an offer taken elsewhere): dismissed for their person. */
  withdraw?: { userId: number; topic: string }[];
}

/**
 * A kind of news an area puts in people's bells (referrals, intake): who is told what. Each area
 * registers its own (registerNotificationSource) when its module function runs, so notifications
 * never imports them, and queues its news with `queueNotifications` in the transaction that makes
 * it. The texts name no patient: a bell and its pushes show on shared screens.
 */
export interface NotificationSource {
  kind: string;
  /** Worked out when the job runs, after the change committed: it sees who is in the practices then. */
  changesFor(db: Db, payload: Record<string, unknown>): Promise<NotificationChanges>;
}

/** Writes the notifications a source works out for one piece of news. Payload `{ kind, payload }`. */
export const NOTIFICATIONS_JOB = 'notifications.write';

/** About an hour of retries, as for the e-mails about the same news; later it is stale. */
const MAX_ATTEMPTS = 10;

/** Each app's sources by kind, by the app's context: tests build many apps in one process. */
const registries = new WeakMap<object, Map<string, NotificationSource>>();

function sourcesOf(ctx: object) {
  let sources = registries.get(ctx);
  if (!sources) registries.set(ctx, (sources = new Map<string, NotificationSource>()));
  return sources;
}

export function registerNotificationSource(ctx: AppContext, source: NotificationSource) {
  sourcesOf(ctx).set(source.kind, source);
}

/**
 * Queues news for people's bells inside the transaction that makes it, so it is told exactly when
 * the change happened, and once: a job runs on one instance, where a bus event reaches them all.
 */
export function queueNotifications(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Db,
  kind: string,
  payload: Record<string, unknown>,
) {
  return ctx.jobs.enqueue(NOTIFICATIONS_JOB, { kind, payload }, { tx });
}

export function registerNotificationJob(ctx: AppContext) {
  ctx.jobs.register(
    NOTIFICATIONS_JOB,
    async (job) => {
      const source = sourcesOf(ctx).get(String(job.kind));
      if (!source) {
        ctx.log.error({ kind: job.kind }, `${NOTIFICATIONS_JOB}: no source of this kind; dropped`);
        return;
      }
      const { notify, withdraw = [] } = await source.changesFor(ctx.db, job.payload as Record<string, unknown>);
      for (const { userId, topic } of withdraw) await dismissTopic(ctx, userId, topic);
      for (const { actions, ...entry } of notify) await notifyUser(ctx, entry, actions);
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}
