import { and, count, desc, eq, sql } from 'drizzle-orm';
import { Role, type JoinRequestState, type joinRequestsApi } from '@referwell/contracts';
import {
  addPracticeMember,
  authorizePractice,
  fullName,
  practiceMembers,
  practices,
  rolesIn,
  setCurrentPracticeIfNone,
  toPracticeSummary,
  users,
  type AppContext,
  type SessionCaller,
  type UserRow,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { practiceJoinRequests } from './join-requests.table.js';

type RequestRow = typeof practiceJoinRequests.$inferSelect;
type PracticeRow = typeof practices.$inferSelect;
type Requester = Pick<UserRow, 'id' | 'uuid' | 'firstName' | 'lastName' | 'title'>;
type Decision = Exclude<JoinRequestState, 'PENDING'>;

const requesterColumns = {
  id: users.id,
  uuid: users.uuid,
  firstName: users.firstName,
  lastName: users.lastName,
  title: users.title,
};

export function toJoinRequest(
  row: RequestRow,
  practice: PracticeRow,
  requester: Requester,
): joinRequestsApi.JoinRequest {
  return {
    id: row.id,
    uuid: row.uuid,
    practice: toPracticeSummary(practice),
    message: row.message,
    state: row.state,
    requestedBy: {
      id: requester.id,
      uuid: requester.uuid,
      firstName: requester.firstName,
      lastName: requester.lastName,
      title: requester.title,
    },
    acceptingUserId: row.acceptingUserId,
    rejectingUserId: row.rejectingUserId,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** Asking to join a practice, and its admins' answers. */
export function createJoinRequestsService(ctx: AppContext) {
  const { db, audit } = ctx;

  /** Best effort: a request or an answer stands even when the e-mail about it cannot go out. */
  async function tell(to: string | null, subject: string, text: string) {
    if (!to) return;
    try {
      await ctx.delivery.email(to, subject, text);
    } catch (err) {
      ctx.log.warn({ err }, 'could not e-mail about a join request');
    }
  }

  async function practiceOr404(practiceId: number) {
    const [practice] = await db.select().from(practices).where(eq(practices.id, practiceId)).limit(1);
    if (!practice) throw new AppError('OBJECT_NOT_FOUND', 'Practice not found');
    return practice;
  }

  function assertMayJoin(user: UserRow) {
    if (user.kind !== 'PROVIDER') throw new AppError('FORBIDDEN', 'Only provider accounts can join practices');
  }

  /** A new pending request; 450 when the user is a member already or has one pending. */
  async function open(user: UserRow, practice: PracticeRow, message: string) {
    if ((await rolesIn(db, user.id, practice.id)).length)
      throw new AppError('ERROR_OBJECT_EXISTS', 'You are already a member of this practice');
    let row: RequestRow;
    try {
      [row] = (await db
        .insert(practiceJoinRequests)
        .values({ practiceId: practice.id, requestedBy: user.id, message })
        .returning()) as [RequestRow];
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('ERROR_OBJECT_EXISTS', 'You already asked to join this practice');
      throw err;
    }
    await audit.record({
      action: 'join_request.created',
      actorUserId: user.id,
      subjectUserId: user.id,
      targetType: 'join_request',
      targetId: row.id,
      practiceId: practice.id,
      details: { practiceId: practice.id },
    });
    const admins = await db
      .select({ email: users.email })
      .from(practiceMembers)
      .innerJoin(users, eq(users.id, practiceMembers.userId))
      .where(and(eq(practiceMembers.practiceId, practice.id), eq(practiceMembers.role, 'ADMIN')));
    for (const admin of admins) {
      await tell(
        admin.email,
        `${fullName(user)} asked to join ${practice.name}`,
        `${fullName(user)} asked to join ${practice.name} on Referwell.${message ? `\n\nTheir message:\n${message}` : ''}\n\nReview the request: ${ctx.config.publicUrl}\n`,
      );
    }
    return row;
  }

  async function move(caller: SessionCaller, request: RequestRow, state: Decision) {
    if (request.state !== 'PENDING') {
      throw new AppError(
        'BAD_REQUEST',
        `This join request is already ${request.state.toLowerCase()}; only pending requests can change`,
      );
    }
    const [requester] = await db.select().from(users).where(eq(users.id, request.requestedBy)).limit(1);
    const now = new Date();
    const decided = {
      state,
      updatedAt: now,
      ...(state === 'APPROVED'
        ? { acceptingUserId: caller.user.id }
        : state === 'REJECTED'
          ? { rejectingUserId: caller.user.id }
          : {}),
    };
    const role = Role.safeParse(requester.signupRole).data ?? 'PROVIDER';
    const row = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(practiceJoinRequests)
        .set(decided)
        .where(and(eq(practiceJoinRequests.id, request.id), eq(practiceJoinRequests.state, 'PENDING')))
        .returning();
      if (!moved)
        throw new AppError('BAD_REQUEST', 'This join request was answered meanwhile; only pending requests can change');
      if (state === 'APPROVED') {
        await addPracticeMember(tx, request.practiceId, request.requestedBy, role);
        await setCurrentPracticeIfNone(tx, request.requestedBy, request.practiceId);
      }
      return moved;
    });
    await audit.record({
      action: `join_request.${state.toLowerCase()}`,
      actorUserId: caller.user.id,
      subjectUserId: request.requestedBy,
      targetType: 'join_request',
      targetId: request.id,
      practiceId: request.practiceId,
      details: { practiceId: request.practiceId, ...(state === 'APPROVED' ? { role } : {}) },
    });
    const practice = await practiceOr404(request.practiceId);
    if (state === 'APPROVED') {
      await tell(
        requester.email,
        `You joined ${practice.name} on Referwell`,
        `${fullName(caller.user)} approved your request to join ${practice.name}. You can now work in it on Referwell: ${ctx.config.publicUrl}\n`,
      );
    }
    return toJoinRequest(row, practice, requester);
  }

  return {
    assertMayJoin,
    open,

    async create(caller: SessionCaller, practiceId: number, message: string) {
      assertMayJoin(caller.user);
      const practice = await practiceOr404(practiceId);
      return toJoinRequest(await open(caller.user, practice, message), practice, caller.user);
    },

    async list(caller: SessionCaller, practiceId: number, page: number, pageSize: number) {
      await authorizePractice(db, caller, practiceId, 'team.manage');
      const practice = await practiceOr404(practiceId);
      const where = eq(practiceJoinRequests.practiceId, practiceId);
      const rows = await db
        .select({ request: practiceJoinRequests, requester: requesterColumns })
        .from(practiceJoinRequests)
        .innerJoin(users, eq(users.id, practiceJoinRequests.requestedBy))
        .where(where)
        .orderBy(
          sql`${practiceJoinRequests.state} = 'PENDING' desc`,
          desc(practiceJoinRequests.createdAt),
          desc(practiceJoinRequests.id),
        )
        .limit(pageSize)
        .offset(page * pageSize);
      const [total] = await db.select({ n: count() }).from(practiceJoinRequests).where(where);
      return { data: rows.map((r) => toJoinRequest(r.request, practice, r.requester)), count: total?.n ?? 0 };
    },

    /** Admins approve, reject or remove; the requester may only withdraw (REMOVED) their own. */
    async update(caller: SessionCaller, id: number, state: Decision) {
      const [request] = await db.select().from(practiceJoinRequests).where(eq(practiceJoinRequests.id, id)).limit(1);
      if (!request) throw new AppError('OBJECT_NOT_FOUND', 'Join request not found');
      const withdrawing = state === 'REMOVED' && request.requestedBy === caller.user.id;
      if (!withdrawing) await authorizePractice(db, caller, request.practiceId, 'team.manage');
      return move(caller, request, state);
    },

    /** The user's own pending requests, with their practices. */
    pendingOf: (userId: number) =>
      db
        .select({ request: practiceJoinRequests, practice: practices })
        .from(practiceJoinRequests)
        .innerJoin(practices, eq(practices.id, practiceJoinRequests.practiceId))
        .where(and(eq(practiceJoinRequests.requestedBy, userId), eq(practiceJoinRequests.state, 'PENDING'))),

    practiceOr404,
  };
}
export type JoinRequestsService = ReturnType<typeof createJoinRequestsService>;
