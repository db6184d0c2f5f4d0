import type { Role } from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { AppError } from '../platform/errors.js';
import {
  assertApiKeyMay,
  assertOrganisationRolesAllow,
  assertPracticeRolesAllow,
  type OrganisationAction,
  type PracticeAction,
} from '../platform/access/index.js';
import { organisationRolesIn, practiceIdsOf, rolesIn } from './memberships.js';
import type { Caller } from './sessions.js';

/**
 * Tenancy checks. Every service asks here before reading anything that belongs to a user, a
 * practice or an organisation. The rules and the decision are platform's (platform/access); who
 * belongs where is core's data, so the lookup is here: platform stays free of tables, and services
 * keep passing the db (or transaction) they are working in.
 */

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

/**
 * Throws 403 unless the caller may do `action` in the practice; returns the roles the caller holds
 * there. An API key may act only in its own practice and only with the rule's permission.
 */
export async function authorizePractice(
  db: Db,
  caller: Caller,
  practiceId: number,
  action: PracticeAction,
): Promise<Role[]> {
  if (caller.apiKey) {
    assertApiKeyMay(caller.apiKey, practiceId, action);
    return [];
  }
  const held = await rolesIn(db, caller.user.id, practiceId);
  assertPracticeRolesAllow(held, action);
  return held;
}

/** Granting or taking a role needs 'team.manage'; the ADMIN role itself also needs 'team.admins'. */
export async function authorizeRoleChange(db: Db, caller: Caller, practiceId: number, role: Role): Promise<Role[]> {
  const held = await authorizePractice(db, caller, practiceId, 'team.manage');
  if (role === 'ADMIN') await authorizePractice(db, caller, practiceId, 'team.admins');
  return held;
}

/** The same for organisation roles. */
export async function authorizeOrganisationRoleChange(
  db: Db,
  caller: Caller,
  organisationId: number,
  role: Role,
): Promise<Role[]> {
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
export async function authorizeOrganisation(
  db: Db,
  caller: Caller,
  organisationId: number,
  action: OrganisationAction,
): Promise<Role[]> {
  if (caller.apiKey) throw new AppError('FORBIDDEN', 'API keys act on their practice only');
  const held = await organisationRolesIn(db, caller.user.id, organisationId);
  assertOrganisationRolesAllow(held, action);
  return held;
}
