import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Role } from './enums.js';
import { Id, pageQuery, paged } from './common.js';
import { PAGE_SIZE } from './constants.js';
import { PersonSummary } from './directory.js';

/** Role lists per practice and organisation (spec 2 §7 Roles). */

const tags = ['Roles'];

/** A member as their team sees them: a colleague's e-mail is part of working together. */
export const TeamMember = PersonSummary.extend({ email: z.string().nullable() });
export type TeamMember = z.infer<typeof TeamMember>;

/** A member of a practice or organisation with every role they hold there. */
export const RoleHolder = z.object({ user: TeamMember, roles: z.array(Role) });
export type RoleHolder = z.infer<typeof RoleHolder>;

export const RolesPage = paged(RoleHolder);

const GrantBody = z.object({ userId: Id, role: Role });
const RemoveBody = z.object({ userId: Id });

const PracticeParams = z.object({ practiceId: Id });
const PracticeRoleParams = PracticeParams.extend({ role: Role });

export const listPracticeRoles = endpoint({
  method: 'GET',
  path: '/api/v1/roles/practice/:practiceId',
  summary: "The practice's members with their roles, by name",
  tags,
  auth: 'user',
  apiKey: true,
  params: PracticeParams,
  query: pageQuery(PAGE_SIZE.roles),
  response: RolesPage,
});

export const grantPracticeRole = endpoint({
  method: 'POST',
  path: '/api/v1/roles/practice/:practiceId',
  summary: 'Give a member of the practice another role (granting one they hold changes nothing)',
  tags,
  auth: 'user',
  params: PracticeParams,
  body: GrantBody,
  response: RoleHolder,
});

export const removePracticeRole = endpoint({
  method: 'DELETE',
  path: '/api/v1/roles/practice/:practiceId/:role',
  summary: 'Take a role from a member; taking their last role removes them from the practice. The last ADMIN stays.',
  tags,
  auth: 'user',
  params: PracticeRoleParams,
  body: RemoveBody,
  response: RoleHolder,
});

const OrganisationParams = z.object({ organisationId: Id });
const OrganisationRoleParams = OrganisationParams.extend({ role: Role });

export const listOrganisationRoles = endpoint({
  method: 'GET',
  path: '/api/v1/roles/organisation/:organisationId',
  summary: "The organisation's members with their roles, by name",
  tags,
  auth: 'user',
  params: OrganisationParams,
  query: pageQuery(PAGE_SIZE.roles),
  response: RolesPage,
});

export const grantOrganisationRole = endpoint({
  method: 'POST',
  path: '/api/v1/roles/organisation/:organisationId',
  summary: 'Give a role in the organisation to one of its members or to a member of one of its practices',
  tags,
  auth: 'user',
  params: OrganisationParams,
  body: GrantBody,
  response: RoleHolder,
});

export const removeOrganisationRole = endpoint({
  method: 'DELETE',
  path: '/api/v1/roles/organisation/:organisationId/:role',
  summary: 'Take a role from a member of the organisation; the last ADMIN stays',
  tags,
  auth: 'user',
  params: OrganisationRoleParams,
  body: RemoveBody,
  response: RoleHolder,
});
