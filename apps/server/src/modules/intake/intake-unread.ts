import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { UnreadCounter } from '../unread/counters.js';
import { bots, submissions } from './intake.table.js';
import { unreadSubmission } from './intake-records.js';

/**
 * Submissions nobody in the practice has opened, per practice, as the bots' own counts show them:
 * those of a form taken down are left out, since no list of the practice's forms shows that form.
 * Every member may read submissions, so the count is the practice's, the same for each of them.
 */
export const unreadSubmissions: UnreadCounter = async (db, _userId, practiceIds) => {
  if (practiceIds.length === 0) return new Map();
  const rows = await db
    .select({ practiceId: submissions.practiceId, n: count() })
    .from(submissions)
    .innerJoin(bots, eq(bots.id, submissions.botId))
    .where(and(inArray(submissions.practiceId, [...practiceIds]), unreadSubmission, isNull(bots.deletedAt)))
    .groupBy(submissions.practiceId);
  return new Map(rows.map((r) => [r.practiceId, { submissions: r.n }]));
};
