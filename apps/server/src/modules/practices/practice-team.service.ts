import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { practicesApi, Role } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import {
  addPracticeMember,
  authorizePractice,
  authorizeRoleChange,
  lockPractice,
  practiceMembers,
  removePracticeMember,
  users,
  type AppContext,
  type Caller,
  type SessionCaller,
} from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { forgetPracticeMember, LAST_ADMIN_MESSAGE } from '../roles/index.js';
import { containsPattern } from './practices.service.js';
import { auditPractice } from './practice-audit.js';

type PracticeUser = practicesApi.PracticeUser;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const NOT_A_MEMBER = 'This person is not a member of the practice';

/** Matches a person by first, last or full name or e-mail, ignoring case. */
export function personMatches(text: string): SQL {
  const pattern = containsPattern(text);
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.email, pattern),
  )!;
}

async function rolesOf(tx: Tx | Db, practiceId: number, userId: number): Promise<Role[]> {
  const rows = await tx
    .select({ role: practiceMembers.role })
    .from(practiceMembers)
    .where(and(eq(practiceMembers.practiceId, practiceId), eq(practiceMembers.userId, userId)));
  return rows.map((r) => r.role as Role);
}

async function adminCount(tx: Tx, practiceId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(practiceMembers)
    .where(and(eq(practiceMembers.practiceId, practiceId), eq(practiceMembers.role, 'ADMIN')));
  return row?.n ?? 0;
}

/** Takes a user out of a practice: every role and what they leave behind (forgetPracticeMember). Settings are kept. */
async function removeFromPractice(tx: Tx, practiceId: number, userId: number) {
  const roles = await rolesOf(tx, practiceId, userId);
  if (!roles.length) throw new AppError('OBJECT_NOT_FOUND', NOT_A_MEMBER);
  if (roles.includes('ADMIN') && (await adminCount(tx, practiceId)) <= 1)
    throw new AppError('BAD_REQUEST', LAST_ADMIN_MESSAGE);
  await removePracticeMember(tx, practiceId, userId);
  await forgetPracticeMember(tx, practiceId, userId);
  return roles;
}

/** The people of a practice: lists, admins, removing someone, leaving. */
export function createPracticeTeamService(ctx: AppContext) {
  const { db, audit } = ctx;

  const rolesColumn = (practiceId: number) =>
    sql<Role[]>`(select array_agg(${practiceMembers.role} order by ${practiceMembers.role}) from ${practiceMembers}
      where ${practiceMembers.practiceId} = ${practiceId} and ${practiceMembers.userId} = ${users.id})`;

  const personColumns = (practiceId: number) => ({
    id: users.id,
    uuid: users.uuid,
    firstName: users.firstName,
    lastName: users.lastName,
    title: users.title,
    email: users.email,
    phone: users.phone,
    roles: rolesColumn(practiceId),
  });

  async function member(practiceId: number, userId: number): Promise<PracticeUser> {
    const [row] = await db.select(personColumns(practiceId)).from(users).where(eq(users.id, userId));
    return { ...row, roles: row.roles ?? [] };
  }

  async function list(practiceId: number, q: { page: number; pageSize: number; name?: string }, role?: Role) {
    const memberIds = db
      .select({ id: practiceMembers.userId })
      .from(practiceMembers)
      .where(
        role
          ? and(eq(practiceMembers.practiceId, practiceId), eq(practiceMembers.role, role))
          : eq(practiceMembers.practiceId, practiceId),
      );
    const where = and(inArray(users.id, memberIds), q.name ? personMatches(q.name) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select(personColumns(practiceId))
        .from(users)
        .where(where)
        .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id))
        .limit(q.pageSize)
        .offset(q.page * q.pageSize),
      db.select({ n: count() }).from(users).where(where),
    ]);
    return { data: rows.map((r) => ({ ...r, roles: r.roles ?? [] })), count: total?.n ?? 0 };
  }

  return {
    async providers(caller: Caller, practiceId: number, q: { page: number; pageSize: number; name?: string }) {
      await authorizePractice(db, caller, practiceId, 'team.view');
      return list(practiceId, q, 'PROVIDER');
    },

    async users(caller: Caller, practiceId: number, q: { page: number; pageSize: number; name?: string }) {
      await authorizePractice(db, caller, practiceId, 'team.view');
      return list(practiceId, q);
    },

    async addAdmin(caller: SessionCaller, practiceId: number, userId: number, client: ClientInfo) {
      await authorizeRoleChange(db, caller, practiceId, 'ADMIN');
      const added = await db.transaction(async (tx) => {
        await lockPractice(tx, practiceId);
        const roles = await rolesOf(tx, practiceId, userId);
        if (!roles.length) throw new AppError('OBJECT_NOT_FOUND', NOT_A_MEMBER);
        if (roles.includes('ADMIN')) return false;
        await addPracticeMember(tx, practiceId, userId, 'ADMIN');
        return true;
      });
      if (added) {
        await auditPractice(audit, caller, client, {
          action: 'practice.admin_added',
          practiceId,
          subjectUserId: userId,
        });
      }
      return member(practiceId, userId);
    },

    /** Someone whose only role was ADMIN stays in the practice as STAFF. */
    async removeAdmin(caller: SessionCaller, practiceId: number, userId: number, client: ClientInfo) {
      await authorizeRoleChange(db, caller, practiceId, 'ADMIN');
      const removed = await db.transaction(async (tx) => {
        await lockPractice(tx, practiceId);
        const roles = await rolesOf(tx, practiceId, userId);
        if (!roles.length) throw new AppError('OBJECT_NOT_FOUND', NOT_A_MEMBER);
        if (!roles.includes('ADMIN')) return false;
        if ((await adminCount(tx, practiceId)) <= 1) throw new AppError('BAD_REQUEST', LAST_ADMIN_MESSAGE);
        await removePracticeMember(tx, practiceId, userId, 'ADMIN');
        if (roles.length === 1) await addPracticeMember(tx, practiceId, userId, 'STAFF');
        return true;
      });
      if (removed) {
        await auditPractice(audit, caller, client, {
          action: 'practice.admin_removed',
          practiceId,
          subjectUserId: userId,
        });
      }
      return member(practiceId, userId);
    },

    async removeUser(caller: SessionCaller, practiceId: number, userId: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'team.manage');
      const roles = await db.transaction(async (tx) => {
        await lockPractice(tx, practiceId);
        return removeFromPractice(tx, practiceId, userId);
      });
      await auditPractice(audit, caller, client, {
        action: 'practice.user_removed',
        practiceId,
        subjectUserId: userId,
        details: { roles },
      });
    },

    async leave(caller: SessionCaller, practiceId: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'practice.view');
      const roles = await db.transaction(async (tx) => {
        await lockPractice(tx, practiceId);
        return removeFromPractice(tx, practiceId, caller.user.id);
      });
      await auditPractice(audit, caller, client, {
        action: 'practice.member_left',
        practiceId,
        subjectUserId: caller.user.id,
        details: { roles },
      });
    },
  };
}
