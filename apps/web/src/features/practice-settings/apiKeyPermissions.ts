import type { ApiKeyPermission } from '@referwell/contracts';

/** What each permission opens, as platform/access/rules.ts grants it. */
export const PERMISSIONS: Record<ApiKeyPermission, { label: string; description: string }> = {
  PRACTICE_READ: {
    label: 'Practice: read',
    description: 'See the practice profile, tags, gates, departments and networks.',
  },
  PRACTICE_WRITE: {
    label: 'Practice: write',
    description: 'Edit the profile, opening hours, tags, custom properties and networks.',
  },
  USERS_READ: { label: 'Users: read', description: 'List users, providers and their roles.' },
  USERS_WRITE: {
    label: 'Users: write',
    description: 'Grant and remove roles, remove users, approve join requests, manage departments.',
  },
  INVITES_WRITE: { label: 'Invites', description: 'Invite people to the practice or its networks.' },
  REFERRALS_READ: { label: 'Referrals: read', description: 'Read the practice’s referrals.' },
  REFERRALS_WRITE: { label: 'Referrals: write', description: 'Send, accept and update referrals.' },
  PATIENTS_READ: { label: 'Patients: read', description: 'Read the practice’s patient records.' },
  PATIENTS_WRITE: { label: 'Patients: write', description: 'Create and update patient records.' },
};
