import type { departmentsApi, invitesApi, joinRequestsApi, practicesApi, Role } from '@referwell/contracts';
import { configure } from '@testing-library/react';
import { fakeServer } from '../../test/fakeServer';
import { currentUserResponse, riverside, signedInRoutes } from '../../test/fixtures';

/** Test data and a fake server for the team screens. */

// These tests render the whole app, whose first screen can take longer than the 1 s default on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function member(
  id: number,
  firstName: string,
  lastName: string,
  roles: Role[] = ['PROVIDER'],
): practicesApi.PracticeUser {
  return {
    id,
    uuid: uuid(id),
    firstName,
    lastName,
    title: null,
    email: `${firstName.toLowerCase()}@riverside.test`,
    phone: null,
    roles,
  };
}

export function invite(id: number, overrides: Partial<invitesApi.Invite> = {}): invitesApi.Invite {
  return {
    id,
    uuid: uuid(1000 + id),
    type: 'PROVIDER',
    target: 'PRACTICE',
    role: 'PROVIDER',
    email: `invitee${id}@example.test`,
    phone: null,
    practiceId: riverside.practice.id,
    networkId: null,
    organisationId: null,
    invitedBy: { id: 7, firstName: 'Pat', lastName: 'Rivers' },
    inviteeUserId: null,
    status: 'PENDING',
    expired: false,
    expiresAt: Date.now() + 14 * 86_400_000,
    lastSentAt: Date.now() - 3_600_000,
    createdAt: Date.now() - 3_600_000,
    ...overrides,
  };
}

export function joinRequest(
  id: number,
  firstName: string,
  overrides: Partial<joinRequestsApi.JoinRequest> = {},
): joinRequestsApi.JoinRequest {
  return {
    id,
    uuid: uuid(2000 + id),
    practice: riverside.practice,
    message: '',
    state: 'PENDING',
    requestedBy: { id: 100 + id, uuid: uuid(100 + id), firstName, lastName: 'Asker', title: null },
    acceptingUserId: null,
    rejectingUserId: null,
    createdAt: Date.now() - 7_200_000,
    updatedAt: Date.now() - 7_200_000,
    ...overrides,
  };
}

export function department(
  id: number,
  name: string,
  users: departmentsApi.DepartmentDetail['users'] = [],
): departmentsApi.DepartmentDetail {
  return {
    id,
    practiceId: riverside.practice.id,
    name,
    description: null,
    address: null,
    phoneNumber: null,
    createdAt: Date.now() - 86_400_000,
    updatedAt: Date.now() - 86_400_000,
    users,
  };
}

/** The signed-in provider (id 7) of Riverside holding these roles there. */
export function signedInAs(roles: Role[]) {
  return signedInRoutes(() => currentUserResponse({ currentPractice: { ...riverside, roles } }));
}

/** A practice whose member list pages and filters like the server's. */
export function teamServer(
  roles: Role[],
  people: practicesApi.PracticeUser[],
  routes: Parameters<typeof fakeServer>[0] = {},
) {
  return fakeServer({
    ...signedInAs(roles),
    'GET /api/v1/practice/:id/users': ({ query }) => {
      const page = Number(query.get('page') ?? 0);
      const pageSize = Number(query.get('pageSize') ?? 30);
      const name = query.get('name')?.toLowerCase();
      const found = people.filter((p) => !name || `${p.firstName} ${p.lastName}`.toLowerCase().includes(name));
      return { data: found.slice(page * pageSize, (page + 1) * pageSize), count: found.length };
    },
    ...routes,
  });
}
