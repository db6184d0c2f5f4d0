import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { intakeApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { authorizePractice, type AppContext, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { auditPatient } from '../patients/index.js';
import type { ChatCreationService } from '../chats/index.js';
import { submissions, type SubmissionRow } from './intake.table.js';
import {
  auditIntake,
  botFor,
  lockedSubmission,
  submissionFor,
  submissionsWithBot,
  toSubmission,
  unreadSubmission,
} from './intake-records.js';
import { patientOfSubmission } from './submission-patients.js';
import { publishSubmissionChanged } from './intake-notices.js';

interface ListQuery {
  page: number;
  pageSize: number;
  status?: intakeApi.SubmissionStatus;
  archived: boolean;
  conversationId?: number;
}

const ALREADY: Record<Exclude<intakeApi.SubmissionStatus, 'NEW'>, string> = {
  ACCEPTED: 'This submission was already accepted',
  REJECTED: 'This submission was already rejected',
};

/**
 * What the practice does with the submissions its bots receive (spec 2 §7 Inbox and submissions):
 * read them (the first to open one marks it read for the whole practice), accept or reject a new
 * one, archive, or answer the patient by chat. Every change locks the submission row first, so a
 * double click or two colleagues at once make one change and the other gets the reason.
 */
export function createSubmissionsService(ctx: AppContext, chats: ChatCreationService) {
  const { db, clock } = ctx;

  async function view(id: number) {
    const [row] = await submissionsWithBot(db).where(eq(submissions.id, id));
    return toSubmission(row.submission, row.botName);
  }

  /** Matches or makes the patient record in the caller's transaction, audited once committed. */
  async function withPatient(tx: Db, caller: SessionCaller, row: SubmissionRow, made: { patientId?: number }) {
    if (row.patientId !== null) return row.patientId;
    const { record, created } = await patientOfSubmission(tx, row, caller.user.id);
    if (created) made.patientId = record.id;
    return record.id;
  }

  async function auditMade(
    caller: SessionCaller,
    client: ClientInfo,
    practiceId: number,
    submissionId: number,
    made: { patientId?: number },
  ) {
    if (made.patientId === undefined) return;
    await auditPatient(
      ctx.audit,
      caller,
      'patient.created',
      client,
      { type: 'patient', id: made.patientId },
      { practiceId, submissionId },
    );
  }

  /** A NEW submission decided: accepted (with its patient record) or rejected. */
  async function decide(
    caller: SessionCaller,
    id: number,
    practiceId: number,
    status: 'ACCEPTED' | 'REJECTED',
    client: ClientInfo,
  ) {
    await submissionFor(db, caller, id, practiceId, 'intake.answer');
    if (status === 'ACCEPTED') await authorizePractice(db, caller, practiceId, 'patients.manage');
    const made: { patientId?: number } = {};
    const patientId = await db.transaction(async (tx) => {
      const row = await lockedSubmission(tx, id, practiceId);
      if (row.status !== 'NEW') throw new AppError('BAD_REQUEST', ALREADY[row.status]);
      const patient = status === 'ACCEPTED' ? await withPatient(tx, caller, row, made) : row.patientId;
      await tx
        .update(submissions)
        .set({ status, patientId: patient, decidedAt: clock.now(), decidedBy: caller.user.id })
        .where(eq(submissions.id, id));
      return patient;
    });
    await auditMade(caller, client, practiceId, id, made);
    await auditIntake(
      ctx,
      caller.user.id,
      status === 'ACCEPTED' ? 'submission.accepted' : 'submission.rejected',
      client,
      { type: 'submission', id },
      { practiceId, patientId },
    );
    await publishSubmissionChanged(ctx, practiceId);
    return view(id);
  }

  return {
    /** A bot's submissions, newest first; a deleted bot's too, which stay with the practice. */
    async list(caller: SessionCaller, botId: number, q: ListQuery, client: ClientInfo) {
      const bot = await botFor(db, caller, botId, 'intake.view', { withDeleted: true });
      const where = and(
        eq(submissions.botId, bot.id),
        q.archived ? isNotNull(submissions.archivedAt) : isNull(submissions.archivedAt),
        q.status ? eq(submissions.status, q.status) : undefined,
        q.conversationId !== undefined ? eq(submissions.chatId, q.conversationId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(submissions)
          .where(where)
          .orderBy(desc(submissions.createdAt), desc(submissions.id))
          .offset(q.page * q.pageSize)
          .limit(q.pageSize),
        db.select({ n: count() }).from(submissions).where(where),
      ]);
      const result = { data: rows.map((r) => toSubmission(r, bot.name)), count: total?.n ?? 0 };
      await auditIntake(
        ctx,
        caller.user.id,
        'submission.listed',
        client,
        { type: 'bot', id: bot.id },
        {
          practiceId: bot.practiceId,
          submissionIds: result.data.map((s) => s.id),
        },
      );
      return result;
    },

    /** Each status among the unarchived, the archived, and the unread (unopened and unarchived). */
    async counts(caller: SessionCaller, botId: number): Promise<intakeApi.SubmissionCounts> {
      const bot = await botFor(db, caller, botId, 'intake.view', { withDeleted: true });
      const n = (condition: ReturnType<typeof and>) => sql<number>`(count(*) filter (where ${condition}))::int`;
      const live = isNull(submissions.archivedAt);
      const [row] = await db
        .select({
          NEW: n(and(live, eq(submissions.status, 'NEW'))),
          ACCEPTED: n(and(live, eq(submissions.status, 'ACCEPTED'))),
          REJECTED: n(and(live, eq(submissions.status, 'REJECTED'))),
          archived: n(isNotNull(submissions.archivedAt)),
          unread: n(unreadSubmission),
        })
        .from(submissions)
        .where(eq(submissions.botId, bot.id));
      return row;
    },

    /** Opening a submission marks it read for the practice. */
    async get(caller: SessionCaller, id: number, practiceId: number, client: ClientInfo) {
      const { submission } = await submissionFor(db, caller, id, practiceId, 'intake.view');
      if (submission.viewedAt === null) {
        const marked = await db
          .update(submissions)
          .set({ viewedAt: clock.now() })
          .where(and(eq(submissions.id, id), isNull(submissions.viewedAt)))
          .returning({ id: submissions.id });
        if (marked.length > 0) await publishSubmissionChanged(ctx, practiceId);
      }
      await auditIntake(ctx, caller.user.id, 'submission.viewed', client, { type: 'submission', id }, { practiceId });
      return view(id);
    },

    async archive(caller: SessionCaller, id: number, practiceId: number, archived: boolean, client: ClientInfo) {
      await submissionFor(db, caller, id, practiceId, 'intake.answer');
      const changed = await db.transaction(async (tx) => {
        const row = await lockedSubmission(tx, id, practiceId);
        if ((row.archivedAt !== null) === archived) return false;
        await tx
          .update(submissions)
          .set({ archivedAt: archived ? clock.now() : null })
          .where(eq(submissions.id, id));
        return true;
      });
      if (changed) {
        await auditIntake(
          ctx,
          caller.user.id,
          archived ? 'submission.archived' : 'submission.unarchived',
          client,
          { type: 'submission', id },
          { practiceId },
        );
        await publishSubmissionChanged(ctx, practiceId);
      }
      return view(id);
    },

    accept: (caller: SessionCaller, id: number, practiceId: number, client: ClientInfo) =>
      decide(caller, id, practiceId, 'ACCEPTED', client),
    reject: (caller: SessionCaller, id: number, practiceId: number, client: ClientInfo) =>
      decide(caller, id, practiceId, 'REJECTED', client),

    /**
     * The practice's chat with the patient who sent it: their record matched or made (the status
     * stays), then the chats module opens the chat (or the open one) and texts them its link.
     */
    async createChat(caller: SessionCaller, id: number, practiceId: number, client: ClientInfo) {
      await submissionFor(db, caller, id, practiceId, 'intake.answer');
      await authorizePractice(db, caller, practiceId, 'chats.manage');
      await authorizePractice(db, caller, practiceId, 'patients.manage');
      const made: { patientId?: number } = {};
      const patientId = await db.transaction(async (tx) => {
        const row = await lockedSubmission(tx, id, practiceId);
        const patient = await withPatient(tx, caller, row, made);
        if (row.patientId !== patient)
          await tx.update(submissions).set({ patientId: patient }).where(eq(submissions.id, id));
        return patient;
      });
      await auditMade(caller, client, practiceId, id, made);
      const chat = await chats.openWithPatient(caller, patientId, practiceId, client);
      await db.update(submissions).set({ chatId: chat.id }).where(eq(submissions.id, id));
      await auditIntake(
        ctx,
        caller.user.id,
        'submission.chat',
        client,
        { type: 'submission', id },
        { practiceId, patientId, chatId: chat.id },
      );
      await publishSubmissionChanged(ctx, practiceId);
      return chat;
    },
  };
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
