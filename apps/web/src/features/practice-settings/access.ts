import type { Role } from '@referwell/contracts';

// Mirrors platform/access/rules.ts so screens offer only what the server will allow.
const EDITORS: readonly Role[] = ['ADMIN', 'THIRD_PARTY_ADMIN'];

/** practice.edit: profile, opening hours, tags, logo and custom properties. */
export function canEditPractice(roles: readonly Role[]): boolean {
  return roles.some((role) => EDITORS.includes(role));
}

/** practice.billing: the billing e-mail and arrangements. */
export function canManageBilling(roles: readonly Role[]): boolean {
  return roles.includes('ADMIN');
}

/** apiKeys.manage: create, list and deactivate API keys. */
export function canManageApiKeys(roles: readonly Role[]): boolean {
  return roles.includes('ADMIN');
}
