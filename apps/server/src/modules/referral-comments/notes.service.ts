import { and, asc, eq } from 'drizzle-orm';
import { referralCommentsApi } from '@referwell/contracts';
import { personOr, type AppContext, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { auditReferral, authorizeReferral, checkPracticeUploads } from '../referrals/index.js';
import { AppError } from '../../platform/errors.js';
import { referralNotes } from './referral-comments.table.js';
import { assertMentionable, peopleById, practiceMembersNamed } from './people.js';
import { enqueueNotices, NOTE_NOTIFY_JOB } from './notifications.js';
import { distinct, pick } from '../../platform/lists.js';
import { fileViewsById } from '../files/index.js';

type NoteRow = typeof referralNotes.$inferSelect;

const notMember = (name: string) => `${name} is not a member of this practice`;

/**
 * A practice's internal notes on a referral. Only the practice that wrote them reads them, and only
 * while it still sees the referral; only their author changes them.
 */
export function createNotesService(ctx: AppContext) {
  const { db } = ctx;

  async function views(rows: NoteRow[]): Promise<referralCommentsApi.Note[]> {
    const [people, fileViews] = await Promise.all([
      peopleById(db, [rows.map((r) => r.authorId), ...rows.map((r) => r.usersMentioned)]),
      fileViewsById(
        ctx,
        rows.map((r) => r.files),
      ),
    ]);
    return rows.map((r) => ({
      id: r.id,
      referralId: r.referralId,
      practiceId: r.practiceId,
      author: personOr(people, r.authorId),
      message: r.message,
      files: pick(r.files, fileViews),
      usersMentioned: pick(r.usersMentioned, people),
      createdAt: r.createdAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
    }));
  }

  /** The caller's own note, in a practice where they may still write about the referral. */
  async function ownNote(caller: SessionCaller, id: number, verb: 'edit' | 'delete'): Promise<NoteRow> {
    const [note] = await db.select().from(referralNotes).where(eq(referralNotes.id, id));
    if (!note) throw new AppError('OBJECT_NOT_FOUND', 'No such note');
    await authorizeReferral(db, caller, note.referralId, note.practiceId, 'referrals.manage');
    if (note.authorId !== caller.user.id) throw new AppError('FORBIDDEN', `Only the author can ${verb} this note`);
    return note;
  }

  const gone = () => new AppError('OBJECT_NOT_FOUND', 'No such note');

  return {
    async create(
      caller: SessionCaller,
      body: { referralId: number; practiceId: number; message: string; files: number[]; usersMentioned: number[] },
      client: ClientInfo,
    ) {
      const { referralId, practiceId } = body;
      await authorizeReferral(db, caller, referralId, practiceId, 'referrals.manage');
      const mentioned = await assertMentionable(db, caller.user, body.usersMentioned, [practiceId], notMember);
      const fileIds = distinct(body.files);
      const now = ctx.clock.now();
      const row = await db.transaction(async (tx) => {
        await checkPracticeUploads(tx, caller, practiceId, fileIds);
        const [inserted] = await tx
          .insert(referralNotes)
          .values({
            referralId,
            practiceId,
            authorId: caller.user.id,
            message: body.message,
            files: fileIds,
            usersMentioned: mentioned,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await enqueueNotices(
          ctx,
          tx,
          NOTE_NOTIFY_JOB,
          inserted.id,
          mentioned.filter((id) => id !== caller.user.id),
        );
        return inserted;
      });
      await auditReferral(ctx, caller, client, 'note_created', referralId, practiceId, {
        noteId: row.id,
        files: fileIds,
        usersMentioned: mentioned,
      });
      return (await views([row]))[0];
    },

    async list(caller: SessionCaller, q: { referralId: number; practiceId: number }, client: ClientInfo) {
      await authorizeReferral(db, caller, q.referralId, q.practiceId, 'referrals.view');
      const rows = await db
        .select()
        .from(referralNotes)
        .where(and(eq(referralNotes.referralId, q.referralId), eq(referralNotes.practiceId, q.practiceId)))
        .orderBy(asc(referralNotes.id));
      await auditReferral(ctx, caller, client, 'notes_listed', q.referralId, q.practiceId, { count: rows.length });
      return views(rows);
    },

    /** A note is read only inside its practice, so only that practice's members can be mentioned in it. */
    async mentions(caller: SessionCaller, q: { referralId: number; practiceId: number; query?: string }) {
      await authorizeReferral(db, caller, q.referralId, q.practiceId, 'referrals.view');
      return practiceMembersNamed(
        db,
        [q.practiceId],
        q.query || undefined,
        referralCommentsApi.MENTION_SUGGESTIONS_MAX,
      );
    },

    /** Files and mentions left out stay as they were; people newly mentioned are told. */
    async update(
      caller: SessionCaller,
      id: number,
      body: { userId?: number; message: string; files?: number[]; usersMentioned?: number[] },
      client: ClientInfo,
    ) {
      const note = await ownNote(caller, id, 'edit');
      if (body.userId !== undefined && body.userId !== caller.user.id)
        throw new AppError('FORBIDDEN', 'Only the author can edit this note');
      const mentioned =
        body.usersMentioned === undefined
          ? note.usersMentioned
          : await assertMentionable(db, caller.user, body.usersMentioned, [note.practiceId], notMember);
      const fileIds = body.files === undefined ? note.files : distinct(body.files);
      const newlyMentioned = mentioned.filter((u) => u !== caller.user.id && !note.usersMentioned.includes(u));
      const row = await db.transaction(async (tx) => {
        await checkPracticeUploads(tx, caller, note.practiceId, fileIds);
        const [updated] = await tx
          .update(referralNotes)
          .set({ message: body.message, files: fileIds, usersMentioned: mentioned, updatedAt: ctx.clock.now() })
          .where(eq(referralNotes.id, id))
          .returning();
        if (!updated) throw gone();
        await enqueueNotices(ctx, tx, NOTE_NOTIFY_JOB, id, newlyMentioned);
        return updated;
      });
      await auditReferral(ctx, caller, client, 'note_updated', note.referralId, note.practiceId, {
        noteId: id,
        files: fileIds,
        usersMentioned: mentioned,
      });
      return (await views([row]))[0];
    },

    /** The note's files stay the practice's: a file may be shown elsewhere in it. */
    async remove(caller: SessionCaller, id: number, client: ClientInfo) {
      const note = await ownNote(caller, id, 'delete');
      const deleted = await db
        .delete(referralNotes)
        .where(eq(referralNotes.id, id))
        .returning({ id: referralNotes.id });
      if (!deleted.length) throw gone();
      await auditReferral(ctx, caller, client, 'note_deleted', note.referralId, note.practiceId, { noteId: id });
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
