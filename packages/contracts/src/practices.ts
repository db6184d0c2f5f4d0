import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Email, Id, IdParams, OkResponse, paged, requiredField } from './common.js';
import { GATES_VERSION, PAGE_SIZE } from './constants.js';
import { PracticeSummary } from './users.js';
import { UploadLink } from './files.js';
import { Gates } from './practice-gates.js';
import {
  Branding,
  CreatePracticeBody,
  Practice,
  PracticeUser,
  UpdatePracticeBody,
  UploadDescriptor,
} from './practice-schemas.js';

export * from './practice-tags.js';
export * from './opening-hours.js';
export * from './practice-gates.js';
export * from './practice-schemas.js';

/** Practice calls (spec 1 §7 Practices, spec 2 §7 Practice-level). */

const tags = ['Practices'];

/** Spec 1 §7 gives no size for the practice users list; 30 matches the other people lists. */
export const PRACTICE_USERS_PAGE_SIZE = 30;
/** Practice search for joining (spec 1 §5). */
export const PRACTICE_SEARCH_PAGE_SIZE = 30;

const Page = z.coerce.number().int().min(0).max(100_000).default(0);
const PeopleQuery = (pageSize: number) =>
  z.object({
    page: Page,
    pageSize: z.coerce.number().int().min(1).max(100).default(pageSize),
    name: z.string().trim().max(200).optional(),
  });
const UserIdBody = z.object({ userId: Id });
const UuidParams = z.object({ id: z.string().uuid('Not a practice id') });

export const createPractice = endpoint({
  method: 'POST',
  path: '/api/v1/practices',
  summary: 'Create a practice; the creator becomes its admin',
  tags,
  auth: 'user',
  body: CreatePracticeBody,
  response: Practice,
  status: 201,
});

export const searchPractices = endpoint({
  method: 'GET',
  path: '/api/v1/practices',
  summary: 'Find active practices by name, to ask to join one',
  tags,
  auth: 'user',
  query: z.object({
    query: z
      .string(requiredField('Enter part of a practice name'))
      .trim()
      .min(1, 'Enter part of a practice name')
      .max(200),
    page: Page,
  }),
  response: paged(PracticeSummary),
});

export const getPractice = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id',
  summary: 'The whole practice, with its tags',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  response: Practice,
});

export const practiceSummary = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/summary',
  summary: "A practice's public summary; practices see each other for referrals",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  response: PracticeSummary,
});

export const updatePractice = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id',
  summary: 'Edit the practice profile, opening hours and referral settings',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  body: UpdatePracticeBody,
  response: Practice,
});

export const branding = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/branding',
  summary: 'Name, logo and colours for patient-facing pages, by practice uuid',
  tags,
  auth: 'public',
  params: UuidParams,
  response: Branding,
});

export const gates = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/gates',
  summary: "The practice's feature flags",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: z.object({
    type: z.enum(['WEB', 'IOS', 'ANDROID']).default('WEB'),
    version: z
      .string()
      .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'Version must look like 4.3.0')
      .default(GATES_VERSION),
  }),
  response: Gates,
});

export const recentPractices = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/recentPractices',
  summary: 'Practices this practice dealt with lately, newest first',
  tags,
  auth: 'user',
  params: IdParams,
  response: z.array(PracticeSummary),
});

export const providers = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/providers',
  summary: "The practice's providers, by last name",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: PeopleQuery(PAGE_SIZE.practiceProviders),
  response: paged(PracticeUser),
});

export const users = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/users',
  summary: 'Everyone in the practice with their roles, by last name',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: PeopleQuery(PRACTICE_USERS_PAGE_SIZE),
  response: paged(PracticeUser),
});

export const addAdmin = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/addAdmin',
  summary: 'Make a member an admin',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserIdBody,
  response: PracticeUser,
});

export const removeAdmin = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/removeAdmin',
  summary: 'Take the admin role from a member; the last admin stays',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserIdBody,
  response: PracticeUser,
});

export const removeUser = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/removeUser',
  summary: 'Remove someone from the practice',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserIdBody,
  response: OkResponse,
});

export const leave = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/leave',
  summary: 'Leave the practice. A GET that changes state, so cookie callers must send the X-XSRF-TOKEN header',
  tags,
  auth: 'user',
  params: IdParams,
  response: OkResponse,
});

export const billingEmail = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/billingEmail',
  summary: 'Set where invoices go',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ billingEmail: Email }),
  response: Practice,
});

export const logoUpload = endpoint({
  method: 'POST',
  path: '/api/v1/practice/:id/logo',
  summary: 'Ask for an upload link for the practice logo',
  tags,
  auth: 'user',
  params: IdParams,
  body: UploadDescriptor,
  response: UploadLink,
});

export const practiceProfilePhoto = endpoint({
  method: 'POST',
  path: '/api/v1/practice/profilePhoto',
  summary: "Ask for an upload link for the practice's profile photo",
  tags,
  auth: 'user',
  body: UploadDescriptor.extend({ practiceId: Id }),
  response: UploadLink,
});

/** Taking the logo or the practice's photo down again (not in the spec; docs/decisions.md); the practice answers without it. */
export const removeLogo = endpoint({
  method: 'DELETE',
  path: '/api/v1/practice/:id/logo',
  summary: 'Remove the practice logo',
  tags,
  auth: 'user',
  params: IdParams,
  response: Practice,
});

export const removePracticeProfilePhoto = endpoint({
  method: 'DELETE',
  path: '/api/v1/practice/:id/profilePhoto',
  summary: "Remove the practice's profile photo",
  tags,
  auth: 'user',
  params: IdParams,
  response: Practice,
});

/** Removing it again is usersApi.removeUserProfilePhoto, with the user's other calls. */
export const userProfilePhoto = endpoint({
  method: 'POST',
  path: '/api/v1/user/:id/profilePhoto',
  summary: 'Ask for an upload link for your profile photo',
  tags: ['Users'],
  auth: 'user',
  params: IdParams,
  body: UploadDescriptor.extend({ practiceId: Id }),
  response: UploadLink,
});
