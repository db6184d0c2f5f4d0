import { and, count, inArray } from 'drizzle-orm';
import type { UnreadCounter } from '../unread/index.js';
import { submissions } from './intake.table.js';
import { unreadSubmission } from './intake-records.js';

/**
 * Submissions nobody in the practice has opened, per practice, those of forms taken down included
 * (Intake lists those forms too). Every member may read submissions, so the count is the
 * practice's, the same for each of them.
 */
export const unreadSubmissions: UnreadCounter = async (db, _userId, practiceIds) => {
  if (practiceIds.length === 0) return new Map();
  const rows = await db
    .select({ practiceId: submissions.practiceId, n: count() })
    .from(submissions)
    .where(and(inArray(submissions.practiceId, [...practiceIds]), unreadSubmission))
    .groupBy(submissions.practiceId);
  return new Map(rows.map((r) => [r.practiceId, { submissions: r.n }]));
};
