import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { practicesApi, type departmentsApi } from '@referwell/contracts';
import { renderApp } from '../../test/renderApp';
import { department, member, teamServer } from './teamFixtures';

const alex = member(8, 'Alex', 'Moss');
const sam = member(9, 'Sam', 'Lee', ['STAFF']);
const summary = (m: typeof alex) => ({
  id: m.id,
  uuid: m.uuid,
  firstName: m.firstName,
  lastName: m.lastName,
  title: m.title,
  kind: 'PROVIDER' as const,
});

function departmentsServer(roles: Parameters<typeof teamServer>[0]) {
  let departments: departmentsApi.DepartmentDetail[] = [department(3, 'Cardiology', [summary(alex)])];
  const byId = (id: string) => departments.find((d) => d.id === Number(id))!;
  const server = teamServer(roles, [alex, sam], {
    'GET /api/v1/practice/:id/departments': () =>
      departments.map(({ users, ...rest }) => ({ ...rest, userCount: users.length })),
    'POST /api/v1/departments': ({ body }) => {
      const created = {
        ...department(4, body.name),
        description: body.description ?? null,
        phoneNumber: body.phoneNumber ?? null,
      };
      departments = [...departments, created];
      return created;
    },
    'GET /api/v1/department/:id': (_, { id }) => byId(id),
    'PUT /api/v1/department/:id/addUser': ({ body }, { id }) => {
      const d = byId(id);
      d.users = [...d.users, summary([alex, sam].find((m) => m.id === body.userId)!)];
      return d;
    },
    'PUT /api/v1/department/:id/removeUser': ({ body }, { id }) => {
      const d = byId(id);
      d.users = d.users.filter((u) => u.id !== body.userId);
      return d;
    },
    'DELETE /api/v1/department/:id': (_, { id }) => {
      departments = departments.filter((d) => d.id !== Number(id));
      return { ok: true };
    },
  });
  return server;
}

describe('departments', () => {
  it('creates a department', async () => {
    const server = departmentsServer(['ADMIN']);
    const { user } = renderApp('/practice/team/departments');

    await user.click(await screen.findByRole('button', { name: 'New department' }));
    const dialog = await screen.findByRole('dialog', { name: 'New department' });
    await user.click(within(dialog).getByRole('button', { name: 'Create department' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('Imaging');
    await user.click(within(dialog).getByLabelText('Phone'));
    await user.paste('2025550123');
    await user.click(within(dialog).getByRole('button', { name: 'Create department' }));

    expect(await screen.findByText('Imaging was created')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/departments')[0].body).toEqual({
      practiceId: 1,
      name: 'Imaging',
      phoneNumber: '2025550123',
    });
    expect(await screen.findByRole('button', { name: 'Edit Imaging' })).toBeInTheDocument();
  });

  it('adds a practice member to a department and takes one out', async () => {
    const server = departmentsServer(['ADMIN']);
    const { user } = renderApp('/practice/team/departments');

    await user.click(await screen.findByRole('button', { name: 'Show people in Cardiology' }));
    const people = await screen.findByRole('list', { name: 'People in Cardiology' });
    expect(within(people).getByText('Alex Moss')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Add a person' }));
    // Only people not in the department yet are offered.
    expect(screen.queryByRole('option', { name: 'Alex Moss' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Sam Lee' }));
    await user.click(screen.getByRole('button', { name: 'Add to department' }));

    expect(await screen.findByText('Sam Lee joined Cardiology')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/department/3/addUser')[0].body).toEqual({ userId: 9 });
    expect(within(people).getByText('Sam Lee')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Alex Moss from Cardiology' }));
    await waitFor(() => expect(within(people).queryByText('Alex Moss')).not.toBeInTheDocument());
    expect(server.find('PUT', '/api/v1/department/3/removeUser')[0].body).toEqual({ userId: 8 });
  });

  it('deletes a department after confirmation', async () => {
    const server = departmentsServer(['ADMIN']);
    const { user } = renderApp('/practice/team/departments');

    await user.click(await screen.findByRole('button', { name: 'Delete Cardiology' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Cardiology?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete department' }));

    expect(await screen.findByText('No departments yet')).toBeInTheDocument();
    expect(server.find('DELETE', '/api/v1/department/3')).toHaveLength(1);
  });

  it('shows departments to staff without ways to change them', async () => {
    departmentsServer(['STAFF']);
    const { user } = renderApp('/practice/team/departments');

    await user.click(await screen.findByRole('button', { name: 'Show people in Cardiology' }));
    expect(await screen.findByText('Alex Moss')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New department' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Cardiology' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Add a person' })).not.toBeInTheDocument();
  });

  it('is not offered while the practice has departments off', async () => {
    teamServer(['ADMIN'], [alex, sam], {
      'GET /api/v1/practice/:id/gates': () => ({ ...practicesApi.DEFAULT_GATES, departments: false }),
    });
    const { router } = renderApp('/practice/team/departments');

    await waitFor(() => expect(router.state.location.pathname).toBe('/practice/team'));
    expect(await screen.findByRole('tab', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Departments' })).not.toBeInTheDocument();
  });
});
