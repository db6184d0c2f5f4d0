import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { member, teamServer } from './teamFixtures';

const USERS = '/api/v1/practice/1/users';
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 45 people sorted by last name, so page 2 starts with the 31st. */
const many = Array.from({ length: 45 }, (_, i) =>
  member(200 + i, 'Person', `${alphabet[Math.floor(i / 26)]}${alphabet[i % 26]}-${i}`),
);

const pat = member(7, 'Pat', 'Rivers', ['ADMIN', 'PROVIDER']);
const alex = member(8, 'Alex', 'Moss', ['PROVIDER']);
const sam = member(9, 'Sam', 'Lee', ['STAFF']);

describe('team members', () => {
  it('lists the members with their details and pages through them', async () => {
    const server = teamServer(['PROVIDER'], [{ ...many[0], phone: '+12025550101' }, ...many.slice(1)]);
    const { user } = renderApp('/practice/team');

    expect(await screen.findByRole('rowheader', { name: /AA-0/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(31);
    const first = screen.getAllByRole('row')[1];
    expect(within(first).getByRole('link', { name: 'person@riverside.test' })).toHaveAttribute(
      'href',
      'mailto:person@riverside.test',
    );
    // Read as every screen shows numbers, dialled as stored.
    expect(within(first).getByRole('link', { name: '(202) 555-0101' })).toHaveAttribute('href', 'tel:+12025550101');
    expect(within(first).getByText('Provider')).toBeInTheDocument();
    expect(screen.getByText('1–30 of 45')).toBeInTheDocument();
    expect(server.find('GET', USERS)[0].query.get('pageSize')).toBe('30');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('rowheader', { name: /BE-30/ })).toBeInTheDocument();
    expect(server.find('GET', USERS).at(-1)!.query.get('page')).toBe('1');
    expect(screen.getAllByRole('row')).toHaveLength(16);
    expect(document.title).toBe('Team · Referwell');
  });

  it('sends the name filter only once it has two characters', async () => {
    const server = teamServer(['PROVIDER'], [pat, alex, sam]);
    const { user } = renderApp('/practice/team');
    await screen.findByRole('rowheader', { name: /Alex Moss/ });

    const search = screen.getByRole('searchbox', { name: 'Search the team' });
    await user.type(search, 'm');
    expect(screen.getByText('Type at least 2 characters')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.find('GET', USERS).every((request) => !request.query.has('name'))).toBe(true);

    await user.type(search, 'o');
    await waitFor(() => expect(server.find('GET', USERS).at(-1)!.query.get('name')).toBe('mo'));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Sam Lee/ })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: /Alex Moss/ })).toBeInTheDocument();
    expect(screen.queryByText('Type at least 2 characters')).not.toBeInTheDocument();
  });

  it('shows no management to staff, and only the tabs they may use', async () => {
    teamServer(['STAFF'], [pat, alex, sam]);
    renderApp('/practice/team/join-requests');

    expect(await screen.findByRole('rowheader', { name: /Alex Moss/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Manage/ })).not.toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Members', 'Departments']);
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  });

  it('follows the tab in the address and moves between tabs with the arrow keys', async () => {
    teamServer(['PROVIDER'], [alex], { 'GET /api/v1/invites/pending': () => ({ data: [], count: 0 }) });
    const { user, router } = renderApp('/practice/team/pending-invites');

    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
    const pendingTab = screen.getByRole('tab', { name: 'Pending invites' });
    expect(pendingTab).toHaveAttribute('aria-selected', 'true');

    pendingTab.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/practice/team/invite'));
    expect(screen.getByRole('tab', { name: 'Invite' })).toHaveFocus();
    expect(await screen.findByRole('button', { name: 'Send invite' })).toBeInTheDocument();
  });

  it('asks before removing someone, sends the removal and refreshes the list', async () => {
    let people = [pat, alex, sam];
    const server = teamServer(['ADMIN', 'PROVIDER'], [], {
      'GET /api/v1/practice/:id/users': () => ({ data: people, count: people.length }),
      'PUT /api/v1/practice/:id/removeUser': ({ body }) => {
        people = people.filter((p) => p.id !== body.userId);
        return { ok: true };
      },
    });
    const { user } = renderApp('/practice/team');

    await user.click(await screen.findByRole('button', { name: 'Manage Alex Moss' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Alex Moss from the practice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.find('PUT', '/api/v1/practice/1/removeUser')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Manage Alex Moss' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from practice' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove from practice' }));

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Alex Moss/ })).not.toBeInTheDocument());
    expect(server.find('PUT', '/api/v1/practice/1/removeUser')[0].body).toEqual({ userId: 8 });
    expect(screen.getByText('Alex Moss was removed from the practice')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search the team' })).toHaveFocus());
    // Nobody removes themselves from here: that is what leaving is for.
    await user.click(screen.getByRole('button', { name: 'Manage Pat Rivers' }));
    expect(screen.queryByRole('menuitem', { name: 'Remove from practice' })).not.toBeInTheDocument();
  });

  it("grants roles and shows the server's answer when the last admin would go", async () => {
    const server = teamServer(['ADMIN', 'PROVIDER'], [pat, alex], {
      'POST /api/v1/roles/practice/:practiceId': ({ body }) => ({
        user: { ...alex, kind: 'PROVIDER' },
        roles: ['PROVIDER', body.role],
      }),
      'PUT /api/v1/practice/:id/removeAdmin': () =>
        reply(
          400,
          errorBody(400, 'BAD_REQUEST', 'A practice needs at least one admin. Make someone else an admin first.'),
        ),
    });
    const { user } = renderApp('/practice/team');

    await user.click(await screen.findByRole('button', { name: 'Manage Alex Moss' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Give Staff role' }));
    expect(await screen.findByText('Alex Moss is now Staff')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/roles/practice/1')[0].body).toEqual({ userId: 8, role: 'STAFF' });

    await user.click(screen.getByRole('button', { name: 'Manage Pat Rivers' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove admin' }));
    expect(
      await screen.findByText('A practice needs at least one admin. Make someone else an admin first.'),
    ).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/practice/1/removeAdmin')[0].body).toEqual({ userId: 7 });
  });

  it("asks before taking someone's only role, since that removes them", async () => {
    const server = teamServer(['ADMIN'], [pat, sam], {
      'DELETE /api/v1/roles/practice/:practiceId/:role': () => ({ user: { ...sam, kind: 'PROVIDER' }, roles: [] }),
    });
    const { user } = renderApp('/practice/team');

    await user.click(await screen.findByRole('button', { name: 'Manage Sam Lee' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove Staff role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take Sam Lee’s last role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Staff role' }));

    await waitFor(() => expect(server.find('DELETE', '/api/v1/roles/practice/1/STAFF')).toHaveLength(1));
    expect(server.find('DELETE', '/api/v1/roles/practice/1/STAFF')[0].body).toEqual({ userId: 9 });
  });

  it('leaves the practice after confirmation and goes home', async () => {
    const server = teamServer(['PROVIDER'], [pat, alex], {
      'GET /api/v1/practice/:id/leave': () => ({ ok: true }),
    });
    // The server guards this GET with the CSRF header, which the shared client sends only on writes.
    document.cookie = 'XSRF-TOKEN=test-csrf; path=/';
    const { user, router } = renderApp('/practice/team');

    // In a danger zone below the team, not beside its search.
    const danger = await screen.findByRole('region', { name: 'Danger zone' });
    const table = await screen.findByRole('table');
    expect(table.compareDocumentPosition(danger) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(danger).getByRole('button', { name: 'Leave practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Riverside Family Clinic?' });
    expect(dialog).toHaveTextContent(/lose every role you hold in Riverside Family Clinic and leave its departments/);
    const practiceLoads = server.find('GET', '/api/v1/user/current/practices').length;
    await user.click(within(dialog).getByRole('button', { name: 'Leave practice' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.find('GET', '/api/v1/practice/1/leave')).toHaveLength(1);
    expect(server.find('GET', '/api/v1/practice/1/leave')[0].headers['x-xsrf-token']).toBe('test-csrf');
    expect(screen.getByText('You left Riverside Family Clinic')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.find('GET', '/api/v1/user/current/practices').length).toBeGreaterThan(practiceLoads),
    );
  });

  it("shows the server's reason when leaving is refused", async () => {
    teamServer(['ADMIN'], [pat], {
      'GET /api/v1/practice/:id/leave': () =>
        reply(
          400,
          errorBody(400, 'BAD_REQUEST', 'A practice needs at least one admin. Make someone else an admin first.'),
        ),
    });
    const { user, router } = renderApp('/practice/team');

    await user.click(await screen.findByRole('button', { name: 'Leave practice' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave practice' }));
    expect(
      await screen.findByText('A practice needs at least one admin. Make someone else an admin first.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/practice/team');
  });

  it('offers to join a practice to someone without one', async () => {
    fakeServer({ ...signedInRoutes(() => currentUserResponse({ currentPractice: null })) });
    renderApp('/practice/team');

    expect(await screen.findByRole('link', { name: 'Find a practice to join' })).toHaveAttribute(
      'href',
      '/practices/join',
    );
  });

  it('shows an error with a retry when the list fails', async () => {
    let fail = true;
    teamServer(['PROVIDER'], [], {
      'GET /api/v1/practice/:id/users': () =>
        fail ? reply(403, errorBody(403, 'FORBIDDEN', 'Forbidden')) : { data: [alex], count: 1 },
    });
    const { user } = renderApp('/practice/team');

    expect(await screen.findByText('Could not load the team')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: /Alex Moss/ })).toBeInTheDocument();
  });
});
