import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, lakeside, riverside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { practiceFixture } from '../../test/practiceFixtures';
import { member, organisation } from './organisations.fixtures';

type Routes = Parameters<typeof fakeServer>[0];

function organisationServer({ admin = true, routes = {} }: { admin?: boolean; routes?: Routes } = {}) {
  const roles = admin ? (['ADMIN'] as const) : (['STAFF'] as const);
  let practices = [
    { ...lakeside.practice, billingBasis: 'ORGANISATION' as const },
    { ...riverside.practice, billingBasis: 'PRACTICE' as const },
  ];
  const everyone = Array.from({ length: 45 }, (_, index) => member(100 + index, index === 0 ? ['ADMIN'] : ['STAFF']));
  return fakeServer({
    ...signedInRoutes(() => currentUserResponse({ currentPractice: lakeside })),
    'GET /api/v1/user/:id/organisations': () => [
      organisation({ roles: [...roles] }),
      organisation({ id: 6, name: 'Coastal Partners', roles: ['STAFF'], practiceCount: 1, address: null }),
    ],
    'GET /api/v1/organisation/:id': () => organisation({ roles: [...roles] }),
    'GET /api/v1/organisation/:id/practices': () => ({ data: practices, count: practices.length }),
    'GET /api/v1/organisation/:id/members': ({ query }) => {
      const page = Number(query.get('page') ?? 0);
      return { data: everyone.slice(page * 30, page * 30 + 30), count: everyone.length };
    },
    'PUT /api/v1/organisation/:id/billing/addPractice': ({ body }) => {
      practices = practices.map((p) => (p.id === body.practiceId ? { ...p, billingBasis: 'ORGANISATION' } : p));
      return practices.find((p) => p.id === body.practiceId);
    },
    'PUT /api/v1/organisation/:id/billing/removePractice': ({ body }) => {
      practices = practices.map((p) => (p.id === body.practiceId ? { ...p, billingBasis: 'PRACTICE' } : p));
      return practices.find((p) => p.id === body.practiceId);
    },
    'GET /api/v1/practice/:id': () => practiceFixture({ ...lakeside.practice, organisationId: 5 }),
    ...routes,
  });
}

async function section(name: string) {
  return within(await screen.findByRole('region', { name }));
}

describe('organisations list', () => {
  it("lists the person's organisations with their roles", async () => {
    organisationServer();
    renderApp('/organisations');

    const list = within(await screen.findByRole('list', { name: 'Your organisations' }));
    expect(list.getByRole('link', { name: 'Valley Health Group' })).toHaveAttribute('href', '/organisations/5');
    expect(list.getByText('2 practices · 5 Valley Road')).toBeInTheDocument();
    const coastal = within(list.getAllByRole('listitem')[1]);
    expect(coastal.getByText('Staff')).toBeInTheDocument();
    expect(coastal.getByText('1 practice')).toBeInTheDocument();
    expect(document.title).toBe('Organisations · Referwell');
  });

  it('creates an organisation with the current practice and opens it', async () => {
    const server = organisationServer({
      routes: {
        'GET /api/v1/practice/:id': () => practiceFixture({ ...lakeside.practice, organisationId: null }),
        'POST /api/v1/organisations': ({ body }) =>
          reply(201, organisation({ id: 9, name: body.name, practiceCount: 1 })),
      },
    });
    const { user, router } = renderApp('/organisations');
    const create = await section('Create an organisation');

    await user.click(create.getByRole('button', { name: 'Create organisation' }));
    expect(await create.findByText('Enter a name for the organisation')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/organisations')).toHaveLength(0);

    await user.type(create.getByLabelText(/^organisation name/i), 'North Shore Care');
    await user.click(create.getByRole('checkbox', { name: /bring lakeside health/i }));
    await user.click(create.getByRole('button', { name: 'Create organisation' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/organisations/9'));
    expect(server.find('POST', '/api/v1/organisations')[0].body).toEqual({
      name: 'North Shore Care',
      practiceIds: [2],
    });
    expect(await screen.findByText('North Shore Care is created')).toBeInTheDocument();
  });

  it('does not offer a practice that is already in an organisation', async () => {
    const server = organisationServer();
    renderApp('/organisations');
    await section('Create an organisation');
    await waitFor(() => expect(server.find('GET', '/api/v1/practice/2')).toHaveLength(1));
    await screen.findByRole('list', { name: 'Your organisations' });
    expect(screen.queryByRole('checkbox', { name: /bring lakeside health/i })).not.toBeInTheDocument();
  });

  it('shows an empty list', async () => {
    organisationServer({ routes: { 'GET /api/v1/user/:id/organisations': () => [] } });
    renderApp('/organisations');
    expect(await screen.findByText('You are not in any organisation')).toBeInTheDocument();
  });
});

describe('organisation page', () => {
  it('loads the details, practices and members', async () => {
    organisationServer();
    renderApp('/organisations/5');

    expect(await screen.findByRole('heading', { level: 1, name: 'Valley Health Group' })).toBeInTheDocument();
    const details = await section('Details');
    expect(details.getByLabelText(/^address/i)).toHaveValue('5 Valley Road');
    const practices = await section('Practices');
    expect(await practices.findByText('Riverside Family Clinic')).toBeInTheDocument();
    const members = await section('Members');
    expect(await members.findByText('Person100 Smith')).toBeInTheDocument();
    expect(members.getByText('1–30 of 45')).toBeInTheDocument();
    expect((await section('Billing e-mail')).getByLabelText(/^billing e-mail/i)).toHaveValue('billing@valley.test');
  });

  it('switches billing of a practice to the organisation and back', async () => {
    const server = organisationServer();
    const { user } = renderApp('/organisations/5');
    const practices = await section('Practices');

    const riversideSwitch = await practices.findByRole('switch', {
      name: 'Billed to the organisation: Riverside Family Clinic',
    });
    expect(riversideSwitch).not.toBeChecked();
    await user.click(riversideSwitch);
    expect(await screen.findByText('Riverside Family Clinic is now billed to Valley Health Group')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/organisation/5/billing/addPractice')[0].body).toEqual({ practiceId: 1 });
    await waitFor(() => expect(riversideSwitch).toBeChecked());

    await user.click(practices.getByRole('switch', { name: 'Billed to the organisation: Lakeside Health' }));
    expect(await screen.findByText('Lakeside Health pays for itself again')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/organisation/5/billing/removePractice')[0].body).toEqual({ practiceId: 2 });
  });

  it('pages through the members', async () => {
    const server = organisationServer();
    const { user } = renderApp('/organisations/5');
    const members = await section('Members');

    await members.findByText('Person100 Smith');
    await user.click(members.getByRole('button', { name: 'Page 2' }));
    expect(await members.findByText('Person130 Smith')).toBeInTheDocument();
    expect(members.getByText('31–45 of 45')).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/organisation/5/members').at(-1)!.query.get('page')).toBe('1');
  });

  it('gives and takes roles, asking before taking one', async () => {
    const server = organisationServer({
      routes: {
        'POST /api/v1/roles/organisation/:organisationId': ({ body }) => member(body.userId, ['STAFF', body.role]),
        'DELETE /api/v1/roles/organisation/:organisationId/:role': ({ body }) => member(body.userId, []),
      },
    });
    const { user } = renderApp('/organisations/5');
    const members = await section('Members');

    await user.selectOptions(await members.findByRole('combobox', { name: 'Role to give Person101 Smith' }), 'Admin');
    await user.click(members.getByRole('button', { name: 'Give role to Person101 Smith' }));
    expect(await screen.findByText('Person101 Smith now has the Admin role')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/roles/organisation/5')[0].body).toEqual({ userId: 101, role: 'ADMIN' });

    await user.click(members.getByRole('button', { name: 'Take the Staff role from Person102 Smith' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Take this role away?' }));
    await user.click(dialog.getByRole('button', { name: 'Take role' }));
    expect(await screen.findByText('Person102 Smith no longer has the Staff role')).toBeInTheDocument();
    const removal = server.find('DELETE', '/api/v1/roles/organisation/5/STAFF')[0];
    expect(removal.body).toEqual({ userId: 102 });
  });

  it('brings the current practice in and asks before taking one out', async () => {
    const server = organisationServer({
      routes: {
        'GET /api/v1/practice/:id': () => practiceFixture({ ...lakeside.practice, organisationId: null }),
        'POST /api/v1/organisation/:id/practices': ({ body }) =>
          reply(201, { ...lakeside.practice, id: body.practiceId, billingBasis: 'PRACTICE' }),
        'DELETE /api/v1/organisation/:id/practices/:practiceId': () => ({ ok: true }),
      },
    });
    const { user } = renderApp('/organisations/5');
    const practices = await section('Practices');

    await user.click(await practices.findByRole('button', { name: 'Add Lakeside Health to this organisation' }));
    expect(await screen.findByText('Lakeside Health is now part of Valley Health Group')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/organisation/5/practices')[0].body).toEqual({ practiceId: 2 });

    // Only practices the person administers can be taken out.
    expect(
      practices.queryByRole('button', { name: 'Remove Riverside Family Clinic from the organisation' }),
    ).not.toBeInTheDocument();
    await user.click(practices.getByRole('button', { name: 'Remove Lakeside Health from the organisation' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove this practice from the organisation?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(server.find('DELETE', '/api/v1/organisation/5/practices/2')).toHaveLength(0);

    await user.click(practices.getByRole('button', { name: 'Remove Lakeside Health from the organisation' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove practice' }));
    expect(await screen.findByText('Lakeside Health is no longer part of Valley Health Group')).toBeInTheDocument();
    expect(server.find('DELETE', '/api/v1/organisation/5/practices/2')).toHaveLength(1);
  });

  it('is read-only for members who do not administer it', async () => {
    organisationServer({ admin: false });
    renderApp('/organisations/5');

    const details = await section('Details');
    expect(details.getByText('5 Valley Road')).toBeInTheDocument();
    expect(details.queryByRole('textbox')).not.toBeInTheDocument();
    const practices = await section('Practices');
    expect(await practices.findByText('Pays for itself')).toBeInTheDocument();
    expect(practices.getByText('Billed to the organisation')).toBeInTheDocument();
    expect(practices.queryByRole('switch')).not.toBeInTheDocument();
    expect(practices.queryByRole('button', { name: /Add|Remove/ })).not.toBeInTheDocument();
    const members = await section('Members');
    await members.findByText('Person100 Smith');
    expect(members.queryByRole('button', { name: /Take the|Give role|Add someone/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Billing e-mail' })).not.toBeInTheDocument();
  });

  it('explains when the organisation cannot be seen', async () => {
    organisationServer({
      routes: {
        'GET /api/v1/organisation/:id': () =>
          reply(403, errorBody(403, 'FORBIDDEN', 'You are not a member of this organisation')),
      },
    });
    renderApp('/organisations/5');
    expect(await screen.findByText('You are not a member of this organisation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All organisations' })).toHaveAttribute('href', '/organisations');
  });
});
