import { unreadReferrals } from '../referrals/referrals-unread.js';
import { unreadChats } from '../chats/chats-unread.js';
import { unreadNotifications } from '../notifications/notifications-unread.js';
import { unreadSubmissions } from '../intake/intake-unread.js';
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
 * notifications and intake submissions each add one when they arrive, by appending it to `unreadCounters` below; the
 * unread service sums them and never changes for it.
 */
export type UnreadCounter = (db: Db, userId: number, practiceIds: readonly number[]) => Promise<Map<number, Partial<UnreadCounts>>>;

export const unreadCounters: readonly UnreadCounter[] = [unreadReferrals, unreadChats, unreadNotifications, unreadSubmissions];
