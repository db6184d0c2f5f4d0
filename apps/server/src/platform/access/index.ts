import { and, eq } from 'drizzle-orm';
import type { Role } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { organisationMembers } from '../../core/organisations.table.js';
import { practiceMembers } from '../../core/practices.table.js';
import type { Caller } from '../../core/sessions.js';
import { AppError } from '../errors.js';
import { ORGANISATION_RULES, PRACTICE_RULES, type OrganisationAction, type PracticeAction, type Rule } from './rules.js';

export { ALL_ROLES, ORGANISATION_RULES, PRACTICE_RULES, type OrganisationAction, type PracticeAction } from './rules.js';

/**
 * Tenancy checks, in one place. Every service asks here before reading anything that belongs to a
 * user, a practice or an organisation; the rules themselves are in rules.ts.
 */

/** Calls on /user/{id}/… act on the caller's own account only (never through an API key). */
export function assertSelf(caller: Caller, userId: number) {
  if (caller.apiKey || caller.user.id !== userId) throw new AppError('FORBIDDEN', 'You can only change your own account');
}

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

/**
 * The practices of `userId` in which the caller may see their practice-scoped data (insurance
 * matrix, specialities): all of them for the user themselves, the shared ones for a colleague.
 * Anyone else gets 403 before anything about the user is read.
 */
export async function visiblePracticesOf(db: Db, caller: Caller, userId: number): Promise<number[]> {
  if (caller.user.id === userId) return practiceIdsOf(db, userId);
  const mine = new Set(await practiceIdsOf(db, caller.user.id));
  const shared = mine.size ? (await practiceIdsOf(db, userId)).filter((id) => mine.has(id)) : [];
  if (!shared.length) throw new AppError('FORBIDDEN', 'You do not share a practice with this user');
  return shared;
}

/** A user's roles in an organisation (empty when not a member). */
export async function organisationRolesIn(db: Db, userId: number, organisationId: number): Promise<Role[]> {
  const rows = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.userId, userId), eq(organisationMembers.organisationId, organisationId)));
  return rows.map((r) => r.role);
}

function allowedBy(rule: Rule, held: readonly Role[]) {
  return held.some((r) => rule.roles.includes(r));
}

/**
 * Throws 403 unless the caller may do `action` in the practice; returns the roles the caller holds
 * there. An API key may act only in its own practice and only with the rule's permission.
 */
export async function authorizePractice(db: Db, caller: Caller, practiceId: number, action: PracticeAction): Promise<Role[]> {
  const rule: Rule = PRACTICE_RULES[action];
  if (caller.apiKey) {
    const { apiKey } = caller;
    if (apiKey.practiceId !== practiceId || !rule.apiKey || !apiKey.permissions.includes(rule.apiKey)) {
      throw new AppError('FORBIDDEN', 'This API key may not do that');
    }
    return [];
  }
  const held = await rolesIn(db, caller.user.id, practiceId);
  if (!allowedBy(rule, held)) {
    throw new AppError('FORBIDDEN', held.length ? `Your role does not allow you to ${rule.describes}` : 'You do not have access to this practice');
  }
  return held;
}

/** Granting or taking a role needs 'team.manage'; the ADMIN role itself also needs 'team.admins'. */
export async function authorizeRoleChange(db: Db, caller: Caller, practiceId: number, role: Role): Promise<Role[]> {
  const held = await authorizePractice(db, caller, practiceId, 'team.manage');
  if (role === 'ADMIN') await authorizePractice(db, caller, practiceId, 'team.admins');
  return held;
}

/** The same for organisation roles. */
export async function authorizeOrganisationRoleChange(db: Db, caller: Caller, organisationId: number, role: Role): Promise<Role[]> {
  const held = await authorizeOrganisation(db, caller, organisationId, 'organisation.manage');
  if (role === 'ADMIN') await authorizeOrganisation(db, caller, organisationId, 'organisation.admins');
  return held;
}

/** Whether the caller may do `action` in the practice, without throwing. */
export async function canInPractice(db: Db, caller: Caller, practiceId: number, action: PracticeAction) {
  try {
    await authorizePractice(db, caller, practiceId, action);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') return false;
    throw error;
  }
}

/** Throws 403 unless the caller may do `action` in the organisation. API keys never act on organisations. */
export async function authorizeOrganisation(db: Db, caller: Caller, organisationId: number, action: OrganisationAction): Promise<Role[]> {
  const rule: Rule = ORGANISATION_RULES[action];
  if (caller.apiKey) throw new AppError('FORBIDDEN', 'API keys act on their practice only');
  const held = await organisationRolesIn(db, caller.user.id, organisationId);
  if (!allowedBy(rule, held)) {
    throw new AppError('FORBIDDEN', held.length ? `Your role does not allow you to ${rule.describes}` : 'You do not have access to this organisation');
  }
  return held;
}
