import { queryOptions } from '@tanstack/react-query';
import { organisationsApi, practicesApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';

/** Everything cached about organisations starts with this, so one invalidation refreshes it all. */
export const ORGANISATIONS_KEY = ['organisations'] as const;

export function organisationKey(id: number) {
  return [...ORGANISATIONS_KEY, id] as const;
}

const MANAGER_ROLES: readonly Role[] = ['ADMIN', 'THIRD_PARTY_ADMIN'];

/** Whether these roles may edit the organisation, its billing and its members' roles. */
export function managesOrganisation(roles: readonly Role[]) {
  return roles.some((role) => MANAGER_ROLES.includes(role));
}

/** The signed-in person's organisations; their practice counts and names change with the others. */
export const MY_ORGANISATIONS_KEY = [...ORGANISATIONS_KEY, 'mine'] as const;

export function myOrganisationsQuery(userId: number) {
  return queryOptions({
    queryKey: [...MY_ORGANISATIONS_KEY, userId],
    queryFn: ({ signal }) => call(organisationsApi.userOrganisations, { params: { id: userId }, signal }),
  });
}

export function organisationQuery(id: number) {
  return queryOptions({
    queryKey: organisationKey(id),
    queryFn: ({ signal }) => call(organisationsApi.getOrganisation, { params: { id }, signal }),
  });
}

/** The current practice in full: its organisationId says whether it can still be brought in. */
export function practiceQuery(practiceId: number) {
  return queryOptions({
    queryKey: [...ORGANISATIONS_KEY, 'practice', practiceId],
    queryFn: ({ signal }) => call(practicesApi.getPractice, { params: { id: practiceId }, signal }),
  });
}
