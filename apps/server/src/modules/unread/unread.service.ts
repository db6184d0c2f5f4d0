import type { unreadApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type SessionCaller } from '../../core/index.js';
import { membershipsOf } from '../practices/index.js';
import { unreadCountersOf, type UnreadCounter, type UnreadCounts } from './counters.js';

type UnreadSummary = unreadApi.UnreadSummary;

/** Unread counts per practice: the sum of what every registered counter reports. */
export function createUnreadService(ctx: AppContext, counters: readonly UnreadCounter[] = unreadCountersOf(ctx)) {
  const { db } = ctx;

  return {
    async summary(
      caller: SessionCaller,
      q: { practiceId?: number; selectedPracticeOnly: boolean },
    ): Promise<UnreadSummary[]> {
      if (q.practiceId !== undefined) await authorizePractice(db, caller, q.practiceId, 'practice.view');
      const practiceIds =
        q.selectedPracticeOnly && q.practiceId !== undefined
          ? [q.practiceId]
          : (await membershipsOf(db, caller.user.id)).map((m) => m.practice.id);
      const totals = new Map<number, UnreadCounts>(
        practiceIds.map((id) => [id, { inboxItems: 0, chats: 0, notifications: 0, submissions: 0 }]),
      );
      const reports = await Promise.all(counters.map((count) => count(db, caller.user.id, practiceIds)));
      for (const report of reports) {
        for (const [practiceId, counts] of report) {
          const entry = totals.get(practiceId);
          // A counter cannot add a practice the caller was not asked about.
          if (!entry) continue;
          entry.inboxItems += counts.inboxItems ?? 0;
          entry.chats += counts.chats ?? 0;
          entry.notifications += counts.notifications ?? 0;
          entry.submissions += counts.submissions ?? 0;
        }
      }
      return [...totals].map(([practiceId, c]) => ({
        practiceId,
        ...c,
        total: c.inboxItems + c.chats + c.notifications + c.submissions,
      }));
    },
  };
}
