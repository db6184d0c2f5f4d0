import type { Role } from '@referwell/contracts';

/** audit.view (platform/access/rules.ts): the practice's admins read and export its audit trail. */
export function canReadAudit(roles: readonly Role[]): boolean {
  return roles.includes('ADMIN');
}
