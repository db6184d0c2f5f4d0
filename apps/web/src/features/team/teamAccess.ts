import type { practicesApi, Role } from '@referwell/contracts';

/** Who is looking at the team screens, and in which practice. */
export interface TeamScope {
  practiceId: number;
  practiceName: string;
  roles: readonly Role[];
  userId: number;
}

const has = (roles: readonly Role[], wanted: readonly Role[]) => wanted.some((role) => roles.includes(role));

/** The `team.manage` rule of platform/access: roles, removals, join requests, departments. */
export const canManageTeam = (roles: readonly Role[]) => has(roles, ['ADMIN', 'THIRD_PARTY_ADMIN']);

/** The `team.invite` rule of platform/access. */
export const canInvite = (roles: readonly Role[]) => has(roles, ['ADMIN', 'PROVIDER', 'THIRD_PARTY_ADMIN']);

/** Only an ADMIN hands out or takes back the ADMIN role (roles service). */
export const isAdmin = (roles: readonly Role[]) => roles.includes('ADMIN');

export type TeamTab = 'members' | 'invite' | 'add-staff' | 'pending-invites' | 'join-requests' | 'departments';

export const TEAM_TABS: readonly {
  value: TeamTab;
  label: string;
  visible: (roles: readonly Role[]) => boolean;
  /** The practice's feature gate the tab needs: hidden while it is off. */
  gate?: practicesApi.GateName;
}[] = [
  { value: 'members', label: 'Members', visible: () => true },
  { value: 'invite', label: 'Invite', visible: canInvite },
  // Making an account in the practice is the staff-accounts service's ADMIN-only rule (team.admins).
  { value: 'add-staff', label: 'Add staff member', visible: isAdmin },
  { value: 'pending-invites', label: 'Pending invites', visible: canInvite },
  { value: 'join-requests', label: 'Join requests', visible: canManageTeam },
  { value: 'departments', label: 'Departments', visible: () => true, gate: 'departments' },
];

export const teamPath = (tab: TeamTab) => (tab === 'members' ? '/practice/team' : `/practice/team/${tab}`);
