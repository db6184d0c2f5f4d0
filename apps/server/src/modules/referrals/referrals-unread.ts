import { and, not, sql } from 'drizzle-orm';
import type { UnreadCounter } from '../unread/index.js';
import { referrals, referralViews } from './referrals.table.js';
import { listCondition } from './referral-queries.js';

/** Inbox referrals the user has not viewed, per practice. */
export const unreadReferrals: UnreadCounter = async (db, userId, practiceIds) => {
  const counts = new Map<number, { inboxItems: number }>();
  // EXISTS probes the view per inbox row, rather than gathering everything the user ever viewed.
  const viewed = sql`exists (select 1 from ${referralViews} where ${referralViews.referralId} = ${referrals.id} and ${referralViews.userId} = ${userId})`;
  for (const practiceId of practiceIds) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(referrals)
      .where(and(listCondition('inbox', practiceId), not(viewed)));
    counts.set(practiceId, { inboxItems: row?.n ?? 0 });
  }
  return counts;
};
