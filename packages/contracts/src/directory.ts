import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { UserKind } from './enums.js';
import { Id, IdParams, PhoneText, paged } from './common.js';
import { PracticeSummary } from './users.js';
import { ProfessionalDetails } from './user-business.js';

/** Looking people up: users by query, id, phone or e-mail (spec 1 §7 Users, spec 2 §7 Users). */

const tags = ['Users'];

/** Who a person is, as other people see them: no contact details. */
export const PersonSummary = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  kind: UserKind,
});
export type PersonSummary = z.infer<typeof PersonSummary>;

/** A person's public profile: who they are and the practices they work in. */
export const UserProfile = PersonSummary.extend({ practices: z.array(PracticeSummary) });
export type UserProfile = z.infer<typeof UserProfile>;

/** One person's profile as its dialog shows it: with their professional details (search results go without). */
export const UserProfileDetails = UserProfile.extend({ professional: ProfessionalDetails });
export type UserProfileDetails = z.infer<typeof UserProfileDetails>;

export const DIRECTORY_PAGE_SIZE = 30;

export const searchUsers = endpoint({
  method: 'GET',
  path: '/api/v1/users',
  summary:
    "People the caller can see by name: members of the caller's practices, and with suggest=true providers of any practice",
  tags,
  auth: 'user',
  query: z.object({
    query: z.string('Type at least 1 character').trim().min(1, 'Type at least 1 character').max(100),
    suggest: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    excludeUser: Id.optional(),
    /** Only the providers of this practice (with suggest=true, of any practice): whom a referral may ask for. */
    providerAt: Id.optional(),
    page: z.coerce.number().int().min(0, 'page starts at 0').default(0),
  }),
  response: paged(UserProfile),
});

export const userProfile = endpoint({
  method: 'GET',
  path: '/api/v1/user/:id',
  summary: "A person's public profile; 404 unless the caller may see them",
  tags,
  auth: 'user',
  params: IdParams,
  response: UserProfileDetails,
});

export const userByPhone = endpoint({
  method: 'GET',
  path: '/api/v1/users/identifier',
  summary:
    'Whether an account has this phone number (for members of practices); the id only when the caller may see its owner',
  tags,
  auth: 'user',
  query: z.object({ phoneNumber: PhoneText }),
  response: z.object({ exists: z.boolean(), userId: z.number().int().optional() }),
});

export const phoneOrEmailTaken = endpoint({
  method: 'GET',
  path: '/api/v1/user/phone-or-email',
  summary: 'Whether an e-mail address or phone number already belongs to an account (signup and invite forms)',
  tags,
  auth: 'public',
  query: z.object({
    value: z
      .string('Enter an e-mail address or phone number')
      .trim()
      .min(1, 'Enter an e-mail address or phone number')
      .max(254),
  }),
  response: z.object({ taken: z.boolean() }),
});
