import { and, count, eq } from 'drizzle-orm';
import { practiceMembers, practices, type AppContext } from '../../core/index.js';
import type { PushSource } from '../events/index.js';
import type { NotificationSource } from '../notifications/index.js';
import { bots, submissions } from './intake.table.js';
import { botPath, unreadSubmission } from './intake-records.js';

/** E-mails one of a bot's addresses that a submission came. Payload `{ submissionId, to }`. */
export const INTAKE_EMAIL_JOB = 'intake.email';

/** A patient sent a bot's form; the events socket tells the practice's members. The payload is `SubmissionReceived`. */
export const SUBMISSION_RECEIVED = 'SUBMISSION_RECEIVED';

export interface SubmissionReceived {
  practiceId: number;
}

export const publishSubmissionReceived = (ctx: Pick<AppContext, 'bus'>, notice: SubmissionReceived) =>
  ctx.bus.publish(SUBMISSION_RECEIVED, notice);

/**
 * Someone in the practice opened, decided, archived or answered a submission: the other members'
 * unread counts and lists are out of date. The payload is `{ practiceId }`.
 */
export const SUBMISSION_CHANGED = 'SUBMISSION_CHANGED';

export const publishSubmissionChanged = (ctx: Pick<AppContext, 'bus'>, practiceId: number) =>
  ctx.bus.publish(SUBMISSION_CHANGED, { practiceId });

/**
 * The e-mail names the practice and the form, never the patient or their answers: mailboxes are
 * shared and forwarded, so what the patient wrote is read in the app, behind sign-in and audit.
 */
export function registerIntakeJobs(ctx: AppContext) {
  ctx.jobs.register(
    INTAKE_EMAIL_JOB,
    async (payload) => {
      const [row] = await ctx.db
        .select({ botId: bots.id, botName: bots.name, practiceName: practices.name })
        .from(submissions)
        .innerJoin(bots, eq(bots.id, submissions.botId))
        .innerJoin(practices, eq(practices.id, submissions.practiceId))
        .where(eq(submissions.id, Number(payload.submissionId)));
      // The practice went, and its submissions with it: nothing to tell.
      if (!row) return;
      const text =
        `${row.practiceName} received a new submission through the intake form "${row.botName}".\n\n` +
        `Sign in to Referwell to read it: ${ctx.config.publicUrl}${botPath(row.botId)}\n`;
      await ctx.delivery.email(String(payload.to), `New intake form submission – ${row.botName}`, text);
    },
    { maxAttempts: 10 },
  );
}

/**
 * A new submission on the events socket: the practice's members refresh counts and lists. What it
 * says reaches them as a notification (submissionNotificationSource), whose push shows it.
 */
export const intakePushSource: PushSource = {
  topic: SUBMISSION_RECEIVED,
  async toPushes(_db, payload) {
    const { practiceId } = payload as SubmissionReceived;
    return [{ practiceId, message: { event: SUBMISSION_RECEIVED, data: { updateUnreads: true, practiceId } } }];
  },
};

/** A new submission for the bells of the practice's members; the payload is `{ submissionId }`. */
export const SUBMISSION_NOTIFICATIONS = 'intake.submission';

/**
 * Decided (docs/decisions.md, Home worklist and notifications): every member of the practice is
 * told, since any of them may answer a submission, with one notification per form kept up to date
 * with how many are waiting there, rather than one per patient. It names the form, never the patient.
 */
export const submissionNotificationSource: NotificationSource = {
  kind: SUBMISSION_NOTIFICATIONS,
  async changesFor(db, payload) {
    const [bot] = await db
      .select({ id: bots.id, name: bots.name, practiceId: bots.practiceId })
      .from(submissions)
      .innerJoin(bots, eq(bots.id, submissions.botId))
      .where(eq(submissions.id, Number(payload.submissionId)));
    if (!bot) return { notify: [] };
    const [waiting] = await db
      .select({ n: count() })
      .from(submissions)
      .where(and(eq(submissions.botId, bot.id), unreadSubmission));
    const n = waiting?.n ?? 0;
    // Opened by someone already: nothing new to tell.
    if (n === 0) return { notify: [] };
    const members = await db
      .selectDistinct({ userId: practiceMembers.userId })
      .from(practiceMembers)
      .where(eq(practiceMembers.practiceId, bot.practiceId));
    const link = botPath(bot.id);
    return {
      notify: members.map(({ userId }) => ({
        userId,
        practiceId: bot.practiceId,
        category: 'GENERAL' as const,
        type: 'info' as const,
        topic: `intake-bot:${bot.id}`,
        title: n === 1 ? 'New form submission' : 'New form submissions',
        text: n === 1 ? `A patient sent the form ${bot.name}` : `${n} new submissions through the form ${bot.name}`,
        link,
        actions: [{ title: 'View submissions', link }],
      })),
    };
  },
};

/** A submission changed: the practice's members refresh counts and lists, with nothing to show. */
export const intakeChangePushSource: PushSource = {
  topic: SUBMISSION_CHANGED,
  async toPushes(_db, payload) {
    const { practiceId } = payload as { practiceId: number };
    return [{ practiceId, message: { event: SUBMISSION_CHANGED, data: { updateUnreads: true, practiceId } } }];
  },
};
