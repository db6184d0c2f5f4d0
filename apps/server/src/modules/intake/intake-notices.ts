import { eq } from 'drizzle-orm';
import { practices, type AppContext } from '../../core/index.js';
import type { PushSource } from '../events/index.js';
import { bots, submissions } from './intake.table.js';
import { botPath } from './intake-records.js';

/** E-mails one of a bot's addresses that a submission came. Payload `{ submissionId, to }`. */
export const INTAKE_EMAIL_JOB = 'intake.email';

/** A patient sent a bot's form; the events socket tells the practice's members. The payload is `SubmissionReceived`. */
export const SUBMISSION_RECEIVED = 'SUBMISSION_RECEIVED';

export interface SubmissionReceived {
  practiceId: number;
  botId: number;
  botName: string;
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

/** A new submission on the events socket: the practice's members refresh counts and lists; the notice names no patient. */
export const intakePushSource: PushSource = {
  topic: SUBMISSION_RECEIVED,
  async toPushes(_db, payload) {
    const { practiceId, botId, botName } = payload as SubmissionReceived;
    const link = botPath(botId);
    return [
      {
        practiceId,
        message: {
          event: SUBMISSION_RECEIVED,
          data: {
            updateUnreads: true,
            practiceId,
            notification: {
              type: 'info',
              title: 'New form submission',
              text: `A patient sent the form ${botName}`,
              link,
              actions: [{ title: 'View submissions', link }],
            },
          },
        },
      },
    ];
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
