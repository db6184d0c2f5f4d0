import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { departmentsApi, directoryApi, networksApi, organisationsApi, searchApi } from '@referwell/contracts';
import { fakeServer, reply, type FakeRequest } from '../../test/fakeServer';
import { errorBody, lakeside, provider, riverside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const paula: directoryApi.UserProfileDetails = {
  id: 9,
  uuid: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
  firstName: 'Paula',
  lastName: 'Park',
  title: 'Dr',
  kind: 'PROVIDER',
  practices: [riverside.practice, lakeside.practice],
  professional: { credentials: 'MD, FACC', npi: '1234567893', bio: 'Heart failure clinic on Tuesdays.' },
};
const me: directoryApi.UserProfileDetails = {
  ...paula,
  id: provider.id,
  firstName: 'Pat',
  lastName: 'Rivers',
  practices: [lakeside.practice],
  professional: { credentials: null, npi: null, bio: null },
};
const cardiology: departmentsApi.Department = {
  id: 3,
  practiceId: 1,
  name: 'Cardiology',
  description: 'Second floor',
  address: null,
  phoneNumber: null,
  createdAt: 0,
  updatedAt: 0,
};
const westNetwork: networksApi.NetworkSummary = {
  id: 4,
  uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  practiceId: lakeside.practice.id,
  name: 'West referrals',
  matchingTimeLimit: 60,
  order: 0,
  createdAt: 0,
  updatedAt: 0,
  practice: lakeside.practice,
};
const group: organisationsApi.OrganisationView = {
  id: 5,
  uuid: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
  name: 'Harbor Health Group',
  address: null,
  phoneNumber: null,
  logoUrl: null,
  billingEmail: null,
  createdAt: 0,
  updatedAt: 0,
  roles: ['STAFF'],
  practiceCount: 2,
};

const result = (person: directoryApi.UserProfileDetails): searchApi.SearchResult => ({
  type: 'PROVIDER',
  id: person.id,
  title: `${person.firstName} ${person.lastName}`,
  subtitle: 'Riverside Family Clinic',
  practiceId: 1,
});

function profileServer(
  person: directoryApi.UserProfileDetails,
  departments: (request: FakeRequest) => unknown = () => [cardiology],
) {
  return fakeServer({
    ...signedInRoutes(),
    'GET /api/v1/search': () => ({ results: [result(person)] }),
    'GET /api/v1/user/:id': () => person,
    'GET /api/v1/user/:id/departments': departments,
    'GET /api/v1/user/:id/networks': () => [westNetwork],
    'GET /api/v1/user/:id/organisations': () => [group],
  });
}

async function openProfile(name: string) {
  const app = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Rivers' });
  await app.user.click(screen.getByRole('combobox', { name: 'Search' }));
  await app.user.paste('pa');
  await app.user.click(await screen.findByRole('option', { name: new RegExp(name) }));
  return { ...app, dialog: within(await screen.findByRole('dialog', { name })) };
}

describe('a person’s profile from search', () => {
  it('shows a colleague’s professional details and departments in the current practice', async () => {
    const server = profileServer(paula);
    const { dialog } = await openProfile('Paula Park');

    expect(await dialog.findByText('MD, FACC')).toBeInTheDocument();
    expect(dialog.getByText('1234567893')).toBeInTheDocument();
    expect(dialog.getByText('Heart failure clinic on Tuesdays.')).toBeInTheDocument();
    const practices = within(dialog.getByRole('region', { name: 'Practices' }));
    expect(practices.getByText('Lakeside Health')).toBeInTheDocument();
    const departments = within(dialog.getByRole('region', { name: 'Departments' }));
    expect(await departments.findByText('Cardiology')).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/user/9/departments')[0].query.get('practiceId')).toBe('1');

    // The server tells networks and organisations to the person alone.
    expect(dialog.queryByRole('region', { name: 'Networks' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('region', { name: 'Organisations' })).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/user/9/networks')).toHaveLength(0);
  });

  it('says when the departments cannot be loaded or there are none', async () => {
    let loads = 0;
    profileServer(paula, () =>
      ++loads === 1 ? reply(403, errorBody(403, 'FORBIDDEN', 'You do not have access to this practice')) : [],
    );
    const { dialog, user } = await openProfile('Paula Park');
    const departments = within(await dialog.findByRole('region', { name: 'Departments' }));
    expect(await departments.findByText('Could not load the departments')).toBeInTheDocument();
    expect(departments.getByText('You do not have access to this practice')).toBeInTheDocument();
    await user.click(departments.getByRole('button', { name: 'Try again' }));
    expect(await departments.findByText('In no department of Riverside Family Clinic.')).toBeInTheDocument();
  });

  it('shows one’s own networks and organisations, and no departments outside the current practice', async () => {
    const server = profileServer(me);
    const { dialog } = await openProfile('Pat Rivers');

    const networks = within(await dialog.findByRole('region', { name: 'Networks' }));
    expect(await networks.findByText('West referrals')).toBeInTheDocument();
    expect(networks.getByText('Kept by Lakeside Health')).toBeInTheDocument();
    const organisations = within(dialog.getByRole('region', { name: 'Organisations' }));
    expect(await organisations.findByText('Harbor Health Group')).toBeInTheDocument();
    expect(dialog.queryByRole('region', { name: 'Departments' })).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/user/7/departments')).toHaveLength(0);
    expect(dialog.queryByText('NPI')).not.toBeInTheDocument();
  });
});
