import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { JoinRequestState, Role } from './enums.js';
import { EpochMs, Id, IdParams } from './common.js';
import { PracticeSummary } from './users.js';

/** Practice join requests (spec 1 §7 Invites and join requests), joining practices and the practices one could join. */

const tags = ['Join requests'];

export const JOIN_REQUEST_MESSAGE_MAX = 1000;
export const JOIN_REQUESTS_PAGE_SIZE = 30;
/** How many practices one `POST /practice/join` may name. */
export const JOIN_PRACTICES_MAX = 20;

const Message = z
  .string()
  .trim()
  .max(JOIN_REQUEST_MESSAGE_MAX, `Message must be at most ${JOIN_REQUEST_MESSAGE_MAX} characters`);

/** What practice admins see of the person asking to join. */
export const Requester = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
});

export const JoinRequest = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  practice: PracticeSummary,
  message: z.string(),
  state: JoinRequestState,
  requestedBy: Requester,
  acceptingUserId: z.number().int().nullable(),
  rejectingUserId: z.number().int().nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type JoinRequest = z.infer<typeof JoinRequest>;

export const createJoinRequest = endpoint({
  method: 'POST',
  path: '/api/v1/practicejoinrequest',
  summary: 'Ask to join a practice; its admins approve or reject',
  tags,
  auth: 'user',
  body: z.object({ practiceId: Id, message: Message.default('') }),
  response: JoinRequest,
  status: 201,
});

export const listJoinRequests = endpoint({
  method: 'GET',
  path: '/api/v1/practicejoinrequest',
  summary: "The practice's join requests for its admins, pending first, newest first",
  tags,
  auth: 'user',
  query: z.object({
    practiceId: Id,
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(JOIN_REQUESTS_PAGE_SIZE),
  }),
  response: z.object({ data: z.array(JoinRequest), count: z.number().int() }),
});

/** The states a request can be moved to; only PENDING requests move. */
export const JoinRequestDecision = z.enum(['APPROVED', 'REJECTED', 'REMOVED'], {
  message: 'State must be APPROVED, REJECTED or REMOVED',
});

export const updateJoinRequest = endpoint({
  method: 'PUT',
  path: '/api/v1/practicejoinrequest/:id',
  summary: 'Approve or reject a pending join request (admins), or remove it (admins, or the requester withdrawing it)',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ state: JoinRequestDecision }),
  response: JoinRequest,
});

/** What `POST /practice/join` did for one practice. */
export const JoinOutcome = z.enum([
  /** A pending invite to the practice was accepted: the caller is now a member. */
  'JOINED',
  /** A join request was created. */
  'REQUESTED',
  'ALREADY_MEMBER',
  'ALREADY_REQUESTED',
  'NOT_FOUND',
]);
export type JoinOutcome = z.infer<typeof JoinOutcome>;

export const JoinResult = z.object({
  practiceId: z.number().int(),
  outcome: JoinOutcome,
  /** The caller's roles in the practice now. */
  roles: z.array(Role),
  joinRequestId: z.number().int().nullable(),
  inviteId: z.number().int().nullable(),
});
export type JoinResult = z.infer<typeof JoinResult>;

export const joinPractices = endpoint({
  method: 'POST',
  path: '/api/v1/practice/join',
  summary: 'Join practices: accept a pending invite where there is one, otherwise ask to join',
  tags,
  auth: 'user',
  body: z.object({
    practiceIds: z
      .array(Id)
      .min(1, 'Choose at least one practice')
      .max(JOIN_PRACTICES_MAX, `Choose at most ${JOIN_PRACTICES_MAX} practices`),
    message: Message.optional(),
  }),
  response: z.object({ results: z.array(JoinResult) }),
});

export const AvailablePractice = z.object({
  practice: PracticeSummary,
  /** A pending invite to the practice sent to the caller. */
  invite: z.object({ id: z.number().int(), role: Role.nullable(), expiresAt: EpochMs }).nullable(),
  /** The caller's own pending request to join it. */
  joinRequest: z.object({ id: z.number().int(), createdAt: EpochMs }).nullable(),
});
export type AvailablePractice = z.infer<typeof AvailablePractice>;

export const availablePractices = endpoint({
  method: 'GET',
  path: '/api/v1/user/availablePractices',
  summary: 'Practices the signed-in user could join: pending invites to them and their own pending join requests',
  tags,
  auth: 'user',
  response: z.array(AvailablePractice),
});
