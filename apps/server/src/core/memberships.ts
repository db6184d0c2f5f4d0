import { and, eq, ne } from 'drizzle-orm';
import type { Role } from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { organisationMembers } from './organisations.table.js';
import { practiceMembers } from './practices.table.js';

/** A user's roles in a practice (empty when not a member). */
export async function rolesIn(db: Db, userId: number, practiceId: number): Promise<Role[]> {
  const rows = await db
    .select({ role: practiceMembers.role })
    .from(practiceMembers)
    .where(and(eq(practiceMembers.userId, userId), eq(practiceMembers.practiceId, practiceId)));
  return rows.map((r) => r.role as Role);
}

/** The practices a user belongs to (any role), by id. */
export async function practiceIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: practiceMembers.practiceId })
    .from(practiceMembers)
    .where(eq(practiceMembers.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Whether anyone besides the user belongs to the practice. */
export async function hasColleagues(db: Db, practiceId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: practiceMembers.userId })
    .from(practiceMembers)
    .where(and(eq(practiceMembers.practiceId, practiceId), ne(practiceMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** A user's roles in an organisation (empty when not a member). */
export async function organisationRolesIn(db: Db, userId: number, organisationId: number): Promise<Role[]> {
  const rows = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.userId, userId), eq(organisationMembers.organisationId, organisationId)));
  return rows.map((r) => r.role);
}

/*
 * Writes to memberships go through these, so core's tables change in one way everywhere. Callers
 * whose change depends on what is held lock the practice or organisation first (locks.ts).
 */

/** Gives a user a role in a practice; false when they held it already. */
export async function addPracticeMember(db: Db, practiceId: number, userId: number, role: Role): Promise<boolean> {
  const rows = await db.insert(practiceMembers).values({ practiceId, userId, role }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Takes a role of a user in a practice, or every role (out of the practice) when none is named. */
export async function removePracticeMember(db: Db, practiceId: number, userId: number, role?: Role) {
  await db
    .delete(practiceMembers)
    .where(
      and(
        eq(practiceMembers.practiceId, practiceId),
        eq(practiceMembers.userId, userId),
        role ? eq(practiceMembers.role, role) : undefined,
      ),
    );
}

/** Gives a user a role in an organisation; false when they held it already. */
export async function addOrganisationMember(
  db: Db,
  organisationId: number,
  userId: number,
  role: Role,
): Promise<boolean> {
  const rows = await db
    .insert(organisationMembers)
    .values({ organisationId, userId, role })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

/** Takes a role of a user in an organisation. */
export async function removeOrganisationMember(db: Db, organisationId: number, userId: number, role: Role) {
  await db
    .delete(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.userId, userId),
        eq(organisationMembers.role, role),
      ),
    );
}
