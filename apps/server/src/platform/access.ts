import { and, eq } from 'drizzle-orm';
import type { Role } from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { practiceMembers } from '../modules/practices/practices.table.js';
import type { Caller } from './auth/sessions.js';
import { AppError } from './errors.js';

/**
 * Tenancy checks, in one place. Every service asks here before reading anything that belongs to
 * a user or a practice.
 */

/** Calls on /user/{id}/… act on the caller's own account only. */
export function assertSelf(caller: Caller, userId: number) {
  if (caller.user.id !== userId) throw new AppError('FORBIDDEN', 'You can only change your own account');
}

/** The caller's roles in a practice (empty when not a member). */
export async function rolesIn(db: Db, userId: number, practiceId: number): Promise<Role[]> {
  const rows = await db
    .select({ role: practiceMembers.role })
    .from(practiceMembers)
    .where(and(eq(practiceMembers.userId, userId), eq(practiceMembers.practiceId, practiceId)));
  return rows.map((r) => r.role as Role);
}

/** Throws 403 unless the caller belongs to the practice (with one of `roles`, when given). */
export async function assertPracticeMember(db: Db, caller: Caller, practiceId: number, roles?: Role[]) {
  const held = await rolesIn(db, caller.user.id, practiceId);
  const allowed = roles ? held.some((r) => roles.includes(r)) : held.length > 0;
  if (!allowed) throw new AppError('FORBIDDEN', 'You do not have access to this practice');
  return held;
}
