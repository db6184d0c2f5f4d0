import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { InviteStatus, InviteType, Role } from './enums.js';
import { Email, EpochMs, Id, IdParams, OkResponse, PhoneText, plainName } from './common.js';
import { PracticeSummary } from './users.js';

/** Invites (spec 1 §7 Invites and join requests). */

const tags = ['Invites'];

/** An invite can be accepted for this long after it was last sent. */
export const INVITE_TTL_MS = 14 * 24 * 60 * 60_000;
/** An invite may be sent again to the same address once this long after the last time. */
export const INVITE_RESEND_COOLDOWN_MS = 60_000;
export const INVITE_MESSAGE_MAX = 1000;
export const INVITES_PAGE_SIZE = 30;
/** The web page an invite link opens: `${publicUrl}${INVITE_LINK_PATH}/<code>`. */
export const INVITE_LINK_PATH = '/invite';

/** What an invite is to: the practice itself, one of its networks, or an organisation. */
export const InviteTarget = z.enum(['PRACTICE', 'NETWORK', 'ORGANISATION']);
export type InviteTarget = z.infer<typeof InviteTarget>;

const Name = z.string().trim().max(100);
const InviteCode = z.string().trim().min(1, 'Invite code is required').max(200);
const PageQuery = {
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(INVITES_PAGE_SIZE),
};

export const SendInviteBody = z
  .object({
    type: InviteType,
    email: Email.optional(),
    phoneNumber: PhoneText.optional(),
    /** The role granted on acceptance; PROVIDER invites default to PROVIDER, VENDOR invites to THIRD_PARTY_STAFF. */
    role: Role.optional(),
    networkId: Id.optional(),
    organisationId: Id.optional(),
    firstName: plainName(Name, 'First name').optional(),
    lastName: plainName(Name, 'Last name').optional(),
    message: z
      .string()
      .trim()
      .max(INVITE_MESSAGE_MAX, `Message must be at most ${INVITE_MESSAGE_MAX} characters`)
      .optional(),
  })
  .refine((b) => b.email !== undefined || b.phoneNumber !== undefined, {
    message: 'Either phoneNumber or email must be provided.',
    path: ['email'],
  });

/** Who sent an invite, as people see it. */
export const InviteSender = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() });

/** An invite as the practice (or organisation) that sent it sees it. The code is never shown again. */
export const Invite = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  type: InviteType,
  target: InviteTarget,
  role: Role.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  practiceId: z.number().int().nullable(),
  networkId: z.number().int().nullable(),
  organisationId: z.number().int().nullable(),
  invitedBy: InviteSender.nullable(),
  inviteeUserId: z.number().int().nullable(),
  status: InviteStatus,
  /** Still PENDING, but past expiresAt: it can be re-sent. */
  expired: z.boolean(),
  expiresAt: EpochMs,
  lastSentAt: EpochMs,
  createdAt: EpochMs,
});
export type Invite = z.infer<typeof Invite>;

export const SendInviteResponse = z.object({
  invite: Invite,
  /** True when a pending invite to the same address and target was sent again instead. */
  resent: z.boolean(),
});

/**
 * An invite as its recipient sees it (from the link, or in their own list). The address is masked
 * unless the viewer is the person it was sent to.
 */
export const InviteView = z.object({
  id: z.number().int(),
  type: InviteType,
  target: InviteTarget,
  role: Role.nullable(),
  status: InviteStatus,
  expiresAt: EpochMs,
  practice: PracticeSummary.nullable(),
  network: z.object({ id: z.number().int(), name: z.string(), practice: PracticeSummary }).nullable(),
  organisation: z.object({ id: z.number().int(), name: z.string(), logoUrl: z.string().nullable() }).nullable(),
  inviter: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The signed-in viewer is the person the invite was sent to. */
  isInvitee: z.boolean(),
  /** An account already exists for the invited address: sign in rather than sign up. */
  accountExists: z.boolean(),
});
export type InviteView = z.infer<typeof InviteView>;

export const sendInvite = endpoint({
  method: 'POST',
  path: '/api/v1/invite',
  summary:
    'Invite someone by e-mail or phone to the practice, one of its networks, or an organisation (a pending invite to the same address is sent again)',
  tags,
  auth: 'user',
  apiKey: true,
  query: z.object({ practiceId: Id.optional() }),
  body: SendInviteBody,
  response: SendInviteResponse,
});

const UserOrEmailBody = z
  .object({ userId: Id.optional(), email: Email.optional() })
  .refine((b) => b.userId !== undefined || b.email !== undefined, {
    message: 'Either userId or email must be provided.',
    path: ['email'],
  });

export const invitePracticeUser = endpoint({
  method: 'POST',
  path: '/api/v1/practice/:id/invite',
  summary: 'Invite a provider (an existing user, or an e-mail address) to the practice',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  body: UserOrEmailBody,
  response: SendInviteResponse,
});

export const inviteOrganisationUser = endpoint({
  method: 'POST',
  path: '/api/v1/organisation/:id/invite',
  summary: 'Invite a member (an existing user, or an e-mail address) to the organisation',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserOrEmailBody,
  response: SendInviteResponse,
});

export const inviteFromSearch = endpoint({
  method: 'POST',
  path: '/api/v1/users/inviteFromSearch',
  summary: 'Invite a user found in search to the practice, or to one of its networks, at the e-mail given',
  tags,
  auth: 'user',
  body: z.object({ searchid: Id, practiceId: Id, email: Email, networkId: Id.optional() }),
  response: SendInviteResponse,
});

export const resendUserInvite = endpoint({
  method: 'PUT',
  path: '/api/v1/user/:id/resendInvite',
  summary: "Send the practice's pending invite to user :id again, optionally to a corrected e-mail address",
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ practiceId: Id, newEmail: Email.optional() }),
  response: Invite,
});

export const getInviteByCode = endpoint({
  method: 'GET',
  path: '/api/v1/invites/:code',
  summary: 'What an invite link is for (452 when it has expired, 456 when it is unknown or no longer pending)',
  tags,
  auth: 'optionalUser',
  params: z.object({ code: InviteCode }),
  response: InviteView,
});

export const AcceptInviteBody = z.object({
  /** The code from the link; the invitee's own pending invites (GET /user/invites) need none. */
  code: InviteCode.optional(),
  /** Network invites: which of the caller's practices (where they are an admin) joins the network. */
  practiceId: Id.optional(),
});

export const AcceptInviteResponse = z.object({
  inviteId: z.number().int(),
  target: InviteTarget,
  /** The practice joined (now the caller's current practice), or the practice added to the network. */
  practiceId: z.number().int().nullable(),
  networkId: z.number().int().nullable(),
  organisationId: z.number().int().nullable(),
  role: Role.nullable(),
});

export const acceptInvite = endpoint({
  method: 'PUT',
  path: '/api/v1/invite/:id/accept',
  summary: 'Accept an invite: join the practice or organisation, or add one of your practices to the network',
  tags,
  auth: 'user',
  params: IdParams,
  body: AcceptInviteBody,
  response: AcceptInviteResponse,
});

export const declineInvite = endpoint({
  method: 'PUT',
  path: '/api/v1/invite/:id/decline',
  summary: 'Decline an invite, with the code from its link or as the signed-in invitee',
  tags,
  auth: 'optionalUser',
  params: IdParams,
  body: z.object({ code: InviteCode.optional() }),
  response: OkResponse,
});

export const pendingInvites = endpoint({
  method: 'GET',
  path: '/api/v1/invites/pending',
  summary: "The practice's pending invites (to the practice and its networks), newest first",
  tags,
  auth: 'user',
  apiKey: true,
  query: z.object({ practiceId: Id, ...PageQuery }),
  response: z.object({ data: z.array(Invite), count: z.number().int() }),
});

export const resendInvite = endpoint({
  method: 'GET',
  path: '/api/v1/invites/:id/resend',
  summary: 'Send a pending invite again with a fresh code and a new expiry (once a minute at most)',
  tags,
  auth: 'user',
  params: IdParams,
  response: Invite,
});

export const revokeInvite = endpoint({
  method: 'DELETE',
  path: '/api/v1/invites/:id',
  summary: 'Revoke a pending invite; its link stops working',
  tags,
  auth: 'user',
  params: IdParams,
  response: OkResponse,
});

export const ignoreInvites = endpoint({
  method: 'POST',
  path: '/api/v1/invites/ignore',
  summary: 'Hide pending invites sent to the signed-in user (optionally only those of one practice)',
  tags,
  auth: 'user',
  query: z.object({ practiceId: Id.optional() }),
  body: z.object({ inviteIds: z.array(Id).min(1, 'Choose at least one invite').max(100) }),
  response: z.object({ ignored: z.array(z.number().int()) }),
});

export const myInvites = endpoint({
  method: 'GET',
  path: '/api/v1/user/invites',
  summary: "Pending invites sent to the signed-in user's account or verified e-mail and phone",
  tags,
  auth: 'user',
  response: z.array(InviteView),
});
