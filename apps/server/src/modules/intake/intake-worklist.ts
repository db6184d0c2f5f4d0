import { and, count, desc, eq } from 'drizzle-orm';
import type { worklistApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import type { Db } from '../../db/client.js';
import { bots, submissions } from './intake.table.js';
import { auditIntake, submissionsWithBot, unreadSubmission } from './intake-records.js';

/**
 * The practice's new submissions, for its worklist: those nobody in the practice has opened and
 * nobody archived, as the Intake badge counts them, newest first. Audited like a submission list,
 * since it names the patients who sent them.
 */
export async function newSubmissionsOf(
  ctx: AppContext,
  caller: SessionCaller,
  practiceId: number,
  client: ClientInfo,
  limit: number,
): Promise<worklistApi.Worklist['newSubmissions']> {
  const { db } = ctx;
  await authorizePractice(db, caller, practiceId, 'intake.view');
  const fresh = and(eq(submissions.practiceId, practiceId), unreadSubmission);
  const [rows, [total]] = await Promise.all([
    submissionsWithBot(db).where(fresh).orderBy(desc(submissions.createdAt), desc(submissions.id)).limit(limit),
    db.select({ n: count() }).from(submissions).where(fresh),
  ]);
  await auditIntake(
    ctx,
    caller.user.id,
    'submission.listed',
    client,
    { type: 'practice', id: practiceId },
    { practiceId, submissionIds: rows.map((r) => r.submission.id) },
  );
  return {
    count: total?.n ?? 0,
    items: rows.map(({ submission, botName }) => ({
      id: submission.id,
      botId: submission.botId,
      botName,
      patientName: `${submission.firstName} ${submission.lastName}`,
      receivedAt: submission.createdAt.getTime(),
    })),
  };
}

/** Whether the practice has an intake form (a bot) for patients to fill in. */
export async function hasIntakeForm(db: Db, practiceId: number): Promise<boolean> {
  const [row] = await db.select({ id: bots.id }).from(bots).where(eq(bots.practiceId, practiceId)).limit(1);
  return row !== undefined;
}
