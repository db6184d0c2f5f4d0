import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { intakeApi } from '@referwell/contracts';
import { practices, type AppContext } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { specialitiesByIds } from '../catalogues/index.js';
import { dobForStorage } from '../patients/index.js';
import { bots, submissions, type BotRow } from './intake.table.js';
import { formQuestions, readAnswers } from './intake-form.js';
import { auditIntake } from './intake-records.js';
import { INTAKE_EMAIL_JOB, publishSubmissionReceived, SUBMISSION_NOTIFICATIONS } from './intake-notices.js';
import { queueNotifications } from '../notifications/index.js';

type IntakeAnswers = z.output<typeof intakeApi.IntakeAnswers>;

export const FORM_GONE = 'This form is no longer available';

/** A form left on the default colour wears its practice's; one given a colour of its own keeps it. */
const formColor = (own: string, practice: string | null) =>
  own.toLowerCase() === intakeApi.DEFAULT_BOT_COLOR && practice ? practice : own;

/**
 * The patient side of a bot (spec 2 §7 patient-side forms): anyone with the address reads the
 * form and sends it, without an account. A deleted or unknown address answers 456 alike.
 */
export function createPatientFormService(ctx: AppContext) {
  const { db } = ctx;

  async function formAt(endpoint: string) {
    const [row] = await db
      .select({
        bot: bots,
        practiceName: practices.name,
        logoUrl: practices.logoUrl,
        practiceColor: practices.colorScheme,
      })
      .from(bots)
      .innerJoin(practices, eq(practices.id, bots.practiceId))
      .where(and(eq(bots.endpoint, endpoint), isNull(bots.deletedAt)));
    if (!row) throw new AppError('OBJECT_NOT_FOUND', FORM_GONE);
    return { ...row, questions: formQuestions(row.bot, await offeredSpecialities(row.bot)) };
  }

  /** The bot's specialities in the order it lists them (one no longer in the catalogue drops out). */
  async function offeredSpecialities(bot: BotRow) {
    if (bot.specialityQuestionType === 'NONE' || !bot.specialities.length) return [];
    const rows = await specialitiesByIds(db, bot.specialities);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return bot.specialities.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    async form(endpoint: string): Promise<intakeApi.IntakeForm> {
      const { bot, practiceName, logoUrl, practiceColor, questions } = await formAt(endpoint);
      return {
        name: bot.name,
        colorScheme: formColor(bot.colorScheme, practiceColor),
        practice: { name: practiceName, logoUrl },
        questions,
      };
    },

    /**
     * Stores what the patient sent, checked against the form's questions (nothing is kept when any
     * answer is refused), and in the same transaction queues the e-mails to the bot's addresses and
     * the notifications of the practice's members.
     */
    async submit(endpoint: string, input: IntakeAnswers, client: ClientInfo) {
      const { bot, practiceName, questions } = await formAt(endpoint);
      const { answers, person } = readAnswers(questions, input.answers);
      const row = await db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(submissions)
          .values({
            practiceId: bot.practiceId,
            botId: bot.id,
            ...person,
            dateOfBirth: person.dateOfBirth && dobForStorage(person.dateOfBirth),
            answers,
            embededUrl: input.embededUrl ?? null,
            isApp: input.isApp,
            createdAt: ctx.clock.now(),
          })
          .returning();
        for (const to of bot.emailsToNotify)
          await ctx.jobs.enqueue(INTAKE_EMAIL_JOB, { submissionId: stored.id, to }, { tx });
        await queueNotifications(ctx, tx, SUBMISSION_NOTIFICATIONS, { submissionId: stored.id });
        return stored;
      });
      await auditIntake(
        ctx,
        null,
        'submission.received',
        client,
        { type: 'submission', id: row.id },
        { practiceId: bot.practiceId, botId: bot.id },
      );
      await publishSubmissionReceived(ctx, { practiceId: bot.practiceId });
      return { uuid: row.uuid, practiceName };
    },
  };
}

export type PatientFormService = ReturnType<typeof createPatientFormService>;
