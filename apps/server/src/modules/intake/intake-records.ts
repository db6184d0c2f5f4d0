import { and, eq, isNull } from 'drizzle-orm';
import type { intakeApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { authorizePractice, rolesIn, type AppContext, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import type { AuditAction } from '../../platform/audit/audit.js';
import { type PracticeAction } from '../../platform/access/index.js';
import { AppError } from '../../platform/errors.js';
import { dobFromStorage } from '../patients/index.js';
import { bots, submissions, type BotRow, type SubmissionRow } from './intake.table.js';

/** Decided: unread is unopened by anyone in the practice and not archived (archiving one unopened settles it too). */
export const unreadSubmission = and(isNull(submissions.viewedAt), isNull(submissions.archivedAt));

export const NO_SUCH_BOT = 'No such intake form';
export const NO_SUCH_SUBMISSION = 'No such submission';

/** Where the web app lists a bot's submissions (the notice e-mails and pushes link there). */
export const botPath = (botId: number) => `/intake/${botId}`;

/** The public address of a bot's form. */
export const formUrl = (publicUrl: string, endpoint: string) => `${publicUrl}/form/${endpoint}`;

export function toBot(row: BotRow, unread: number, publicUrl: string): intakeApi.Bot {
  return {
    id: row.id,
    uuid: row.uuid,
    practiceId: row.practiceId,
    name: row.name,
    colorScheme: row.colorScheme,
    endpoint: row.endpoint,
    formUrl: formUrl(publicUrl, row.endpoint),
    emailsToNotify: row.emailsToNotify,
    specialities: row.specialities,
    specialityQuestionType: row.specialityQuestionType,
    unread,
    takenDownAt: row.deletedAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export function toSubmission(row: SubmissionRow, botName: string): intakeApi.Submission {
  return {
    id: row.id,
    uuid: row.uuid,
    practiceId: row.practiceId,
    botId: row.botId,
    botName,
    status: row.status,
    archived: row.archivedAt !== null,
    viewed: row.viewedAt !== null,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    email: row.email,
    dateOfBirth: dobFromStorage(row.dateOfBirth),
    answers: row.answers,
    patientId: row.patientId,
    chatId: row.chatId,
    createdAt: row.createdAt.getTime(),
    decidedAt: row.decidedAt?.getTime() ?? null,
  };
}

/**
 * Checks the caller may do `action` on an object of `ownerPracticeId` (undefined: there is no such
 * object). With the practice the caller named, that practice is authorized first, then the object
 * must be its own; without, the object's practice is. Either way an object of a practice the caller
 * is not in answers 456 like a missing one, so ids reveal nothing.
 */
async function authorizeOwned(
  db: Db,
  caller: SessionCaller,
  named: number | undefined,
  ownerPracticeId: number | undefined,
  action: PracticeAction,
  notFound: string,
) {
  if (named !== undefined) {
    await authorizePractice(db, caller, named, action);
    if (ownerPracticeId !== named) throw new AppError('OBJECT_NOT_FOUND', notFound);
    return;
  }
  if (ownerPracticeId === undefined || !(await rolesIn(db, caller.user.id, ownerPracticeId)).length) {
    throw new AppError('OBJECT_NOT_FOUND', notFound);
  }
  await authorizePractice(db, caller, ownerPracticeId, action);
}

/**
 * The bot, once the caller may do `action` with it. A deleted bot is gone for everything but its
 * submissions (`withDeleted`), which stay with the practice.
 */
export async function botFor(
  db: Db,
  caller: SessionCaller,
  id: number,
  action: PracticeAction,
  options: { practiceId?: number; withDeleted?: boolean } = {},
): Promise<BotRow> {
  const [row] = await db.select().from(bots).where(eq(bots.id, id));
  const bot = row && (options.withDeleted || row.deletedAt === null) ? row : undefined;
  await authorizeOwned(db, caller, options.practiceId, bot?.practiceId, action, NO_SUCH_BOT);
  return bot!;
}

/** A submission of the practice with its bot's name, once the caller may do `action` there. */
export async function submissionFor(
  db: Db,
  caller: SessionCaller,
  id: number,
  practiceId: number,
  action: PracticeAction,
) {
  const [row] = await submissionsWithBot(db).where(eq(submissions.id, id));
  await authorizeOwned(db, caller, practiceId, row?.submission.practiceId, action, NO_SUCH_SUBMISSION);
  return row;
}

export const submissionsWithBot = (db: Db) =>
  db
    .select({ submission: submissions, botName: bots.name })
    .from(submissions)
    .innerJoin(bots, eq(bots.id, submissions.botId));

/** The submission row locked for a change, in the caller's transaction (double clicks and colleagues queue up). */
export async function lockedSubmission(tx: Db, id: number, practiceId: number): Promise<SubmissionRow> {
  const [row] = await tx
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, id), eq(submissions.practiceId, practiceId)))
    .for('update');
  if (!row) throw new AppError('OBJECT_NOT_FOUND', NO_SUCH_SUBMISSION);
  return row;
}

/**
 * One audit entry about intake: who (nobody, for a patient sending a form), from where, what, to
 * which bot or submission. Submissions hold patients' details, so their reads are audited too.
 */
export function auditIntake(
  ctx: Pick<AppContext, 'audit'>,
  actorUserId: number | null,
  action: AuditAction,
  client: ClientInfo,
  target: { type: 'bot' | 'submission' | 'practice'; id: number },
  details: { practiceId: number } & Record<string, unknown>,
) {
  return ctx.audit.record({
    action,
    actorUserId,
    targetType: target.type,
    targetId: target.id,
    ip: client.ip,
    userAgent: client.userAgent,
    details,
    practiceId: details.practiceId,
    patientId: typeof details.patientId === 'number' ? details.patientId : null,
  });
}
