import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Role, rolesApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { ALL_ROLES } from '../../platform/access/index.js';
import {
  byName,
  clearCurrentPractice,
  containsPattern,
  nameContains,
  organisationMembers,
  practiceMembers,
  teamMemberColumns,
  toTeamMember,
  users,
} from '../../core/index.js';
import { leavePracticeDepartments } from '../departments/index.js';
import { forgetNetworkProvider } from '../networks/index.js';

export const LAST_ADMIN_MESSAGE = 'A practice needs at least one admin. Make someone else an admin first.';

/** Where role rows live: a practice's or an organisation's members. */
export type MemberSource =
  { table: typeof practiceMembers; scope: SQL } | { table: typeof organisationMembers; scope: SQL };

export const practiceSource = (practiceId: number): MemberSource => ({
  table: practiceMembers,
  scope: eq(practiceMembers.practiceId, practiceId),
});
export const organisationSource = (organisationId: number): MemberSource => ({
  table: organisationMembers,
  scope: eq(organisationMembers.organisationId, organisationId),
});

/** Roles in the order ALL_ROLES names them, so lists read the same everywhere. */
export const sortRoles = (roles: readonly string[]) =>
  [...new Set(roles as Role[])].sort((a, b) => ALL_ROLES.indexOf(a) - ALL_ROLES.indexOf(b));

/** One page of members with their roles, by name; `query` filters on name or e-mail. */
export async function listRoleHolders(
  db: Db,
  source: MemberSource,
  page: { page: number; pageSize: number },
  query?: string,
): Promise<{ data: rolesApi.RoleHolder[]; count: number }> {
  const { table, scope } = source;
  const members = db
    .select({ userId: table.userId, roles: sql<string[]>`array_agg(${table.role})`.as('roles') })
    .from(table)
    .where(scope)
    .groupBy(table.userId)
    .as('members');
  const filter = query ? or(nameContains(query), sql`lower(${users.email}) like ${containsPattern(query)}`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: teamMemberColumns, roles: members.roles })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(filter)
      .orderBy(...byName.map((c) => asc(c)))
      .limit(page.pageSize)
      .offset(page.page * page.pageSize),
    db.select({ n: count() }).from(members).innerJoin(users, eq(users.id, members.userId)).where(filter),
  ]);
  return { data: rows.map((r) => ({ user: toTeamMember(r.user), roles: sortRoles(r.roles) })), count: total?.n ?? 0 };
}

/** A user with the roles they hold in the source (none once they have left). */
export async function roleHolder(db: Db, source: MemberSource, userId: number): Promise<rolesApi.RoleHolder> {
  const { table, scope } = source;
  const [user] = await db.select(teamMemberColumns).from(users).where(eq(users.id, userId));
  const roles = await db
    .select({ role: table.role })
    .from(table)
    .where(and(scope, eq(table.userId, userId)));
  return { user: toTeamMember(user), roles: sortRoles(roles.map((r) => r.role)) };
}

/** How many members hold `role` in the source. */
export async function countRole(db: Db, source: MemberSource, role: Role) {
  const { table, scope } = source;
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(scope, eq(table.role, role)));
  return row?.n ?? 0;
}

/**
 * What a person leaves behind in a practice they no longer belong to: their places in its
 * departments and in networks they were reached through it, and the practice as their current one.
 * Call inside the removing transaction.
 */
export async function forgetPracticeMember(tx: Db, practiceId: number, userId: number) {
  await leavePracticeDepartments(tx, practiceId, userId);
  await forgetNetworkProvider(tx, practiceId, userId);
  await clearCurrentPractice(tx, userId, practiceId);
}
