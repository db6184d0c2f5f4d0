import type { organisationsApi, rolesApi } from '@referwell/contracts';

export function organisation(more: Partial<organisationsApi.OrganisationView> = {}): organisationsApi.OrganisationView {
  return {
    id: 5,
    uuid: '50000000-0000-4000-8000-000000000005',
    name: 'Valley Health Group',
    address: '5 Valley Road',
    phoneNumber: '+12025550199',
    logoUrl: null,
    billingEmail: 'billing@valley.test',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    roles: ['ADMIN'],
    practiceCount: 2,
    ...more,
  };
}

export function member(id: number, roles: rolesApi.RoleHolder['roles'] = ['STAFF']): rolesApi.RoleHolder {
  return {
    user: {
      id,
      uuid: `60000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      firstName: `Person${id}`,
      lastName: 'Smith',
      title: null,
      kind: 'PROVIDER',
      email: `person${id}@valley.test`,
    },
    roles,
  };
}
