import { formatPhone, type BodyOf, type invitesApi, type Role, type signupApi } from '@referwell/contracts';
import { personName } from '../../lib/names';
import { roleLabel } from '../../lib/roles';

type InviteView = invitesApi.InviteView;
type SignupRole = BodyOf<typeof signupApi.providerSignup>['role'];

export function inviterName(invite: InviteView): string | null {
  return invite.inviter ? personName(invite.inviter) : null;
}

/** The address the invite went to, as the viewer may see it (masked unless it is theirs). */
export function inviteSentTo(invite: InviteView): string | null {
  return invite.email ?? (invite.phone && formatPhone(invite.phone));
}

/** What the invite is to, as a phrase: "Riverside Clinic", "the Cardiology network of Riverside Clinic". */
export function inviteTargetName(invite: InviteView): string {
  if (invite.target === 'NETWORK' && invite.network) {
    return `the ${invite.network.name} network of ${invite.network.practice.name}`;
  }
  if (invite.target === 'ORGANISATION' && invite.organisation) return `the organisation ${invite.organisation.name}`;
  return invite.practice?.name ?? 'a practice';
}

/** The role an invite grants when it names none: the server's defaults. */
export function invitedRole(invite: InviteView): Role | null {
  if (invite.type === 'PATIENT' || invite.target === 'NETWORK') return null;
  return invite.role ?? (invite.type === 'VENDOR' ? 'THIRD_PARTY_STAFF' : 'PROVIDER');
}

/** One sentence: who invited whom to what, with which role. */
export function inviteSentence(invite: InviteView): string {
  const who = inviterName(invite) ?? 'Someone';
  const what = inviteTargetName(invite);
  if (invite.type === 'PATIENT') return `${who} invited you to connect with ${what} as a patient.`;
  if (invite.target === 'NETWORK') return `${who} invited your practice to join ${what}.`;
  const role = invitedRole(invite);
  return `${who} invited you to join ${what}${role ? ` with the ${roleLabel(role)} role` : ''}.`;
}

/** The practice a person is in after accepting, when the invite is to one. */
export function invitedPractice(invite: InviteView) {
  return invite.target === 'PRACTICE' && invite.type !== 'PATIENT' ? invite.practice : null;
}

/**
 * The address the invite went to, when the server showed it in full (to the invitee); masked ones
 * contain bullets and can only be hinted at.
 */
export function knownEmail(invite: InviteView): string | null {
  return invite.email && !invite.email.includes('•') ? invite.email : null;
}

/** The signup form's role: the kind of account the invite's role fits. */
export function signupRole(invite: InviteView): SignupRole {
  const role = invitedRole(invite);
  if (invite.type === 'VENDOR' || role === 'THIRD_PARTY_ADMIN' || role === 'THIRD_PARTY_STAFF')
    return 'THIRD_PARTY_STAFF';
  return role === 'STAFF' ? 'STAFF' : 'PROVIDER';
}
