import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { referralCommentsApi } from '@referwell/contracts';
import { personOr, practices, toPracticeSummary, type AppContext, type Caller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import {
  attachToReferral,
  auditReferral,
  authorizeReferral,
  markUnviewed,
  practicesSeeingReferral,
  touchReferral,
} from '../referrals/index.js';
import { AppError } from '../../platform/errors.js';
import { REFERRAL_CHANGED, type ReferralChanged } from '../../platform/events/bus.js';
import { referralComments } from './referral-comments.table.js';
import { assertMentionable, memberIdsOf, peopleById, practiceMembersNamed } from './people.js';
import { COMMENT_NOTIFY_JOB, enqueueNotices } from './notifications.js';
import { distinct, pick } from '../../platform/lists.js';
import { fileViewsById } from '../files/index.js';

type CommentRow = typeof referralComments.$inferSelect;
type CommentBody = z.output<typeof referralCommentsApi.ReferralCommentCreate>;

/** The discussion on a referral: every practice that sees the referral reads and writes it. */
export function createReferralCommentsService(ctx: AppContext) {
  const { db } = ctx;

  async function views(rows: CommentRow[]): Promise<referralCommentsApi.ReferralComment[]> {
    const practiceIds = distinct(rows.map((r) => r.practiceId));
    const [people, fileViews, practiceRows] = await Promise.all([
      peopleById(db, [rows.map((r) => r.authorId), ...rows.map((r) => r.usersMentioned)]),
      fileViewsById(
        ctx,
        rows.map((r) => r.files),
      ),
      practiceIds.length ? db.select().from(practices).where(inArray(practices.id, practiceIds)) : [],
    ]);
    const practiceById = new Map(practiceRows.map((p) => [p.id, toPracticeSummary(p)]));
    return rows.map((r) => ({
      id: r.id,
      referralId: r.referralId,
      practice: practiceById.get(r.practiceId)!,
      author: personOr(people, r.authorId),
      message: r.message,
      files: pick(r.files, fileViews),
      needsResponse: r.needsResponse,
      notifyPracticeUsers: r.notifyPracticeUsers,
      usersMentioned: pick(r.usersMentioned, people),
      parentId: r.parentId,
      createdAt: r.createdAt.getTime(),
    }));
  }

  /** Threads are one level deep: a reply to a reply joins its root's thread. */
  async function threadRootOf(referralId: number, parentId: number): Promise<number> {
    const [parent] = await db
      .select({ id: referralComments.id, parentId: referralComments.parentId })
      .from(referralComments)
      .where(and(eq(referralComments.id, parentId), eq(referralComments.referralId, referralId)));
    if (!parent) {
      const message = 'The comment you are replying to is not on this referral';
      throw new AppError('BAD_REQUEST', message, [{ path: ['body', 'parentId'], message }]);
    }
    return parent.parentId ?? parent.id;
  }

  return {
    /**
     * Mentions must name people who see the referral; files become the referral's. Mentioned
     * people, and with notifyPracticeUsers the other practices' members, get an e-mail.
     */
    async create(caller: Caller, referralId: number, body: CommentBody, client: ClientInfo) {
      const { practiceId } = body;
      const { referral } = await authorizeReferral(db, caller, referralId, practiceId, 'referrals.manage');
      const seeing = await practicesSeeingReferral(db, referral);
      const mentioned = await assertMentionable(
        db,
        caller.user,
        body.usersMentioned,
        seeing,
        (name) => `${name} cannot see this referral`,
      );
      const parentId = body.parentId === undefined ? null : await threadRootOf(referralId, body.parentId);
      const others = body.notifyPracticeUsers
        ? await memberIdsOf(
            db,
            seeing.filter((id) => id !== practiceId),
          )
        : [];
      const recipients = [...mentioned, ...others].filter((id) => id !== caller.user.id);
      const fileIds = distinct(body.files);

      const row = await db.transaction(async (tx) => {
        await attachToReferral(tx, caller, practiceId, referralId, fileIds);
        const [inserted] = await tx
          .insert(referralComments)
          .values({
            referralId,
            practiceId,
            authorId: caller.user.id,
            message: body.message,
            files: fileIds,
            needsResponse: body.needsResponse,
            notifyPracticeUsers: body.notifyPracticeUsers,
            usersMentioned: mentioned,
            parentId,
            createdAt: ctx.clock.now(),
          })
          .returning();
        await enqueueNotices(ctx, tx, COMMENT_NOTIFY_JOB, inserted.id, recipients);
        // New discussion brings the referral to the top of every list (and into updatedSince syncs),
        // marked as not viewed for everyone else who sees it.
        await touchReferral(tx, referralId, ctx.clock.now());
        await markUnviewed(tx, referralId, seeing, caller.user.id);
        return inserted;
      });
      await auditReferral(ctx, caller, client, 'comment_created', referralId, practiceId, {
        commentId: row.id,
        parentId,
        files: fileIds,
        usersMentioned: mentioned,
        needsResponse: row.needsResponse,
      });
      const changed: ReferralChanged = { referralId, kind: 'COMMENTED', practiceIds: seeing };
      await ctx.bus.publish(REFERRAL_CHANGED, changed);
      return (await views([row]))[0];
    },

    async list(caller: Caller, referralId: number, practiceId: number, client: ClientInfo) {
      await authorizeReferral(db, caller, referralId, practiceId, 'referrals.view');
      const rows = await db
        .select()
        .from(referralComments)
        .where(eq(referralComments.referralId, referralId))
        .orderBy(asc(referralComments.id));
      await auditReferral(ctx, caller, client, 'comments_listed', referralId, practiceId, { count: rows.length });
      return views(rows);
    },

    /**
     * Everyone a comment may mention: the members of every practice that sees the referral now,
     * as the create call checks them. Listing names of another practice's people is a read of
     * the referral, so it is audited like one.
     */
    async mentions(caller: Caller, referralId: number, q: { practiceId: number; query?: string }, client: ClientInfo) {
      const { referral } = await authorizeReferral(db, caller, referralId, q.practiceId, 'referrals.view');
      const seeing = await practicesSeeingReferral(db, referral);
      const people = await practiceMembersNamed(
        db,
        seeing,
        q.query || undefined,
        referralCommentsApi.MENTION_SUGGESTIONS_MAX,
      );
      await auditReferral(ctx, caller, client, 'mentions_listed', referralId, q.practiceId, {
        query: q.query ?? null,
        count: people.length,
      });
      return people;
    },
  };
}

export type ReferralCommentsService = ReturnType<typeof createReferralCommentsService>;
