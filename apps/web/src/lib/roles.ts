import type { Role } from '@referwell/contracts';

const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  PROVIDER: 'Provider',
  STAFF: 'Staff',
  THIRD_PARTY_ADMIN: 'Third-party admin',
  THIRD_PARTY_STAFF: 'Third-party staff',
};

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}
