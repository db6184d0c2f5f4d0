import type { Db } from '../../db/client.js';
import { analyticsEvents } from './analytics.table.js';

/** Spec 2 §6 event names recorded so far. */
export type AnalyticsEventType = 'referral created' | 'referral matched' | 'referral accepted' | 'referral refused';

export interface AnalyticsEvent {
  type: AnalyticsEventType;
  practiceId: number | null;
  userId?: number | null;
  details?: Record<string, unknown>;
  at?: Date;
}

/** Records countable events; inside the caller's transaction so an undone change counts nothing. */
export async function recordAnalytics(db: Db, ...events: AnalyticsEvent[]) {
  if (!events.length) return;
  await db.insert(analyticsEvents).values(events.map((e) => ({ ...e, details: e.details ?? {} })));
}
