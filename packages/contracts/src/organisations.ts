import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { BillingBasis, Role } from './enums.js';
import {
  Email,
  EpochMs,
  Id,
  IdParams,
  OkResponse,
  NameFilter,
  PhoneText,
  pageQuery,
  paged,
  plainName,
} from './common.js';
import { PAGE_SIZE } from './constants.js';
import { PracticeSummary } from './users.js';
import { RoleHolder, RolesPage } from './roles.js';

/** Organisation calls (spec 1 §7 Organisations). */

const tags = ['Organisations'];

export const Organisation = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  name: z.string(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  logoUrl: z.string().nullable(),
  billingEmail: z.string().nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Organisation = z.infer<typeof Organisation>;

/** An organisation as the caller sees it: with the roles they hold there. */
export const OrganisationView = Organisation.extend({ roles: z.array(Role), practiceCount: z.number().int() });
export type OrganisationView = z.infer<typeof OrganisationView>;

/** A practice of the organisation, and whether the organisation pays for it. */
export const OrganisationPractice = PracticeSummary.extend({ billingBasis: BillingBasis });
export type OrganisationPractice = z.infer<typeof OrganisationPractice>;

const Name = plainName(
  z.string('Name is required').trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  'Name',
);

export const createOrganisation = endpoint({
  method: 'POST',
  path: '/api/v1/organisations',
  summary: 'Create an organisation; the caller becomes its ADMIN. Only an ADMIN of a practice may bring it in.',
  tags,
  auth: 'user',
  status: 201,
  body: z.object({ name: Name, practiceIds: z.array(Id).max(50, 'At most 50 practices at once').optional() }),
  response: OrganisationView,
});

export const getOrganisation = endpoint({
  method: 'GET',
  path: '/api/v1/organisation/:id',
  summary: 'An organisation the caller is a member of',
  tags,
  auth: 'user',
  params: IdParams,
  response: OrganisationView,
});

export const updateOrganisation = endpoint({
  method: 'PUT',
  path: '/api/v1/organisation/:id',
  summary: "Change the organisation's name, address or phone; fields left out stay, null clears one",
  tags,
  auth: 'user',
  params: IdParams,
  body: z
    .object({
      name: Name,
      address: z.string().trim().max(500, 'Address must be at most 500 characters').nullable(),
      phoneNumber: PhoneText.nullable(),
    })
    .partial()
    .strict(),
  response: OrganisationView,
});

export const organisationPractices = endpoint({
  method: 'GET',
  path: '/api/v1/organisation/:id/practices',
  summary: "The organisation's practices by name",
  tags,
  auth: 'user',
  params: IdParams,
  query: pageQuery(PAGE_SIZE.organisationPractices).extend({ query: NameFilter }),
  response: paged(OrganisationPractice),
});

export const organisationMembers = endpoint({
  method: 'GET',
  path: '/api/v1/organisation/:id/members',
  summary: 'People with roles in the organisation, by name',
  tags,
  auth: 'user',
  params: IdParams,
  query: pageQuery(PAGE_SIZE.organisationMembers).extend({ query: NameFilter }),
  response: RolesPage,
});

export const setOrganisationBillingEmail = endpoint({
  method: 'PUT',
  path: '/api/v1/organisation/:id/billingEmail',
  summary: "Where the organisation's invoices go",
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ billingEmail: Email }),
  response: OrganisationView,
});

const PracticeBody = z.object({ practiceId: Id });

export const addBillingPractice = endpoint({
  method: 'PUT',
  path: '/api/v1/organisation/:id/billing/addPractice',
  summary: 'The organisation pays for one of its practices (billing basis ORGANISATION)',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: OrganisationPractice,
});

export const removeBillingPractice = endpoint({
  method: 'PUT',
  path: '/api/v1/organisation/:id/billing/removePractice',
  summary: 'One of its practices pays for itself again (billing basis PRACTICE)',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: OrganisationPractice,
});

export const attachPractice = endpoint({
  method: 'POST',
  path: '/api/v1/organisation/:id/practices',
  summary:
    'Bring a practice into the organisation (organisation admin and ADMIN of the practice; a practice is in at most one)',
  tags,
  auth: 'user',
  status: 201,
  params: IdParams,
  body: PracticeBody,
  response: OrganisationPractice,
});

export const detachPractice = endpoint({
  method: 'DELETE',
  path: '/api/v1/organisation/:id/practices/:practiceId',
  summary: 'Take a practice out of the organisation; it pays for itself again',
  tags,
  auth: 'user',
  params: IdParams.extend({ practiceId: Id }),
  response: OkResponse,
});

export const userOrganisations = endpoint({
  method: 'GET',
  path: '/api/v1/user/:id/organisations',
  summary: 'The organisations the user holds roles in, with those roles',
  tags,
  auth: 'user',
  params: IdParams,
  response: z.array(OrganisationView),
});

export const assignUser = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/assignUser',
  summary:
    "A practice admin adds a member of the practice to the practice's organisation (as STAFF unless they already hold roles there)",
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ userId: Id, orgId: Id }),
  response: RoleHolder,
});
