import { and, eq } from 'drizzle-orm';
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
  const rows = await db.selectDistinct({ id: practiceMembers.practiceId }).from(practiceMembers).where(eq(practiceMembers.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** A user's roles in an organisation (empty when not a member). */
export async function organisationRolesIn(db: Db, userId: number, organisationId: number): Promise<Role[]> {
  const rows = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.userId, userId), eq(organisationMembers.organisationId, organisationId)));
  return rows.map((r) => r.role);
}
