import type { invitesApi } from '@referwell/contracts';
import { lakeside } from './fixtures';

export const INVITE_CODE = 'k3Yq9-invite-code';

/** A pending invite to Lakeside Health as the link shows it to someone signed out. */
export function inviteView(overrides: Partial<invitesApi.InviteView> = {}): invitesApi.InviteView {
  return {
    id: 11,
    type: 'PROVIDER',
    target: 'PRACTICE',
    role: 'STAFF',
    status: 'PENDING',
    expiresAt: Date.now() + 7 * 86_400_000,
    practice: lakeside.practice,
    network: null,
    organisation: null,
    inviter: { firstName: 'Alex', lastName: 'Admin' },
    email: 'n•••@example.test',
    phone: null,
    isInvitee: false,
    accountExists: false,
    ...overrides,
  };
}
