import type { ApiKeyPermission, Role } from '@referwell/contracts';
import { AppError } from '../errors.js';
import {
  ORGANISATION_RULES,
  PRACTICE_RULES,
  type OrganisationAction,
  type PracticeAction,
  type Rule,
} from './rules.js';

export {
  ALL_ROLES,
  ORGANISATION_RULES,
  PRACTICE_RULES,
  type OrganisationAction,
  type PracticeAction,
} from './rules.js';

/**
 * The access mechanism: the rule table (rules.ts) and the decisions made from it, knowing no tables.
 * Who holds which role is membership data, which core owns: core/access.ts looks the roles up and
 * asks here, and services call core. Keeping the decision and its refusals here, apart from the
 * lookup, keeps one rule table and one set of answers for every scope.
 */

/** Calls on /user/{id}/… act on the caller's own account only (never through an API key). */
export function assertSelf(caller: { apiKey: unknown; user: { id: number } }, userId: number) {
  if (caller.apiKey || caller.user.id !== userId)
    throw new AppError('FORBIDDEN', 'You can only change your own account');
}

/** Throws 403 unless an API key may do `action` in the practice: its own practice only, and only with the rule's permission. */
export function assertApiKeyMay(
  apiKey: { practiceId: number; permissions: readonly ApiKeyPermission[] },
  practiceId: number,
  action: PracticeAction,
) {
  const rule: Rule = PRACTICE_RULES[action];
  if (apiKey.practiceId !== practiceId || !rule.apiKey || !apiKey.permissions.includes(rule.apiKey)) {
    throw new AppError('FORBIDDEN', 'This API key may not do that');
  }
}

/** Throws 403 unless one of the roles held in the practice allows `action`. */
export function assertPracticeRolesAllow(held: readonly Role[], action: PracticeAction) {
  const rule: Rule = PRACTICE_RULES[action];
  if (!held.some((r) => rule.roles.includes(r))) {
    throw new AppError(
      'FORBIDDEN',
      held.length ? `Your role does not allow you to ${rule.describes}` : 'You do not have access to this practice',
    );
  }
}

/** Throws 403 unless one of the roles held in the organisation allows `action`. */
export function assertOrganisationRolesAllow(held: readonly Role[], action: OrganisationAction) {
  const rule: Rule = ORGANISATION_RULES[action];
  if (!held.some((r) => rule.roles.includes(r))) {
    throw new AppError(
      'FORBIDDEN',
      held.length ? `Your role does not allow you to ${rule.describes}` : 'You do not have access to this organisation',
    );
  }
}
