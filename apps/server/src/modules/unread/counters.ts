import type { AppContext } from '../../core/index.js';
import type { Db } from '../../db/client.js';

/** The counts one area contributes to a practice's unread summary; missing counts are zero. */
export interface UnreadCounts {
  inboxItems: number;
  chats: number;
  notifications: number;
  submissions: number;
}

/**
 * Counts what a user has not read in each of the given practices. Chats, referrals (inbox),
 * notifications and intake submissions each register one (registerUnreadCounter) when their
 * module function runs; the unread service sums them and never changes for it.
 */
export type UnreadCounter = (
  db: Db,
  userId: number,
  practiceIds: readonly number[],
) => Promise<Map<number, Partial<UnreadCounts>>>;

/** Each app's counters, by the app's context: tests build many apps in one process. */
const counters = new WeakMap<object, UnreadCounter[]>();

/** The counters registered in this app; the service reads them at each request, so later registrations count too. */
export function unreadCountersOf(ctx: AppContext): UnreadCounter[] {
  let registered = counters.get(ctx);
  if (!registered) counters.set(ctx, (registered = []));
  return registered;
}

export function registerUnreadCounter(ctx: AppContext, counter: UnreadCounter) {
  unreadCountersOf(ctx).push(counter);
}
