import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PracticeSummary } from '@referwell/contracts';
import { fakeServer } from '../../test/fakeServer';
import { currentUserResponse, lakeside, provider, riverside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { inviteView } from '../../test/inviteFixtures';

const hillside: PracticeSummary = {
  ...riverside.practice,
  id: 3,
  uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  name: 'Hillside Medical',
  address: '3 Hill Street, Shelbyville',
};
const hilltop: PracticeSummary = {
  ...riverside.practice,
  id: 4,
  uuid: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
  name: 'Hilltop Care',
  address: '4 Top Road, Ogdenville',
};
const REQUESTED_AT = Date.now() - 3 * 3_600_000;

function joinServer(overrides: Record<string, (...args: any[]) => unknown> = {}) {
  return fakeServer({
    ...signedInRoutes(),
    'GET /api/v1/practices': ({ query }) => {
      const all = [hillside, hilltop, riverside.practice].filter((p) =>
        p.name.toLowerCase().includes(query.get('query')!.toLowerCase()),
      );
      return { data: all, count: all.length };
    },
    'GET /api/v1/user/availablePractices': () => [],
    'GET /api/v1/user/invites': () => [],
    'POST /api/v1/practice/join': ({ body }) => ({
      results: body.practiceIds.map((practiceId: number) => ({
        practiceId,
        outcome: 'REQUESTED',
        roles: [],
        joinRequestId: 90 + practiceId,
        inviteId: null,
      })),
    }),
    ...overrides,
  });
}

describe('join a practice', () => {
  it('finds practices by name and sends one request for each chosen one', async () => {
    const server = joinServer();
    const { user } = renderApp('/practices/join');

    await user.type(await screen.findByLabelText('Practice name'), 'hill');
    const found = await screen.findByRole('list', { name: 'Practices found' });
    expect(within(found).getByText('3 Hill Street, Shelbyville')).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/practices').at(-1)!.query.get('query')).toBe('hill');

    await user.click(within(found).getByRole('checkbox', { name: /Hillside Medical/ }));
    await user.click(within(found).getByRole('checkbox', { name: /Hilltop Care/ }));
    const message = screen.getByLabelText('Message to the practice admins');
    await user.click(message);
    await user.paste('Cardiologist, new in town');
    expect(screen.getByText('Optional. 25 / 1000 characters')).toBeInTheDocument();
    expect(message).toHaveAttribute('maxlength', '1000');
    await user.click(screen.getByRole('button', { name: 'Send 2 join requests' }));

    expect(await screen.findByText('Hillside Medical: request sent; its admins will answer')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/practice/join')[0].body).toEqual({
      practiceIds: [3, 4],
      message: 'Cardiologist, new in town',
    });
    expect(await screen.findByText('2 join requests sent')).toBeInTheDocument();
  });

  it('marks practices the user belongs to and asks for a choice before sending', async () => {
    const server = joinServer();
    const { user } = renderApp('/practices/join');

    await user.type(await screen.findByLabelText('Practice name'), 'river');
    const found = await screen.findByRole('list', { name: 'Practices found' });
    expect(within(found).getByRole('checkbox', { name: /Riverside Family Clinic/ })).toBeDisabled();
    expect(within(found).getByText('You are a member')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send join request' }));
    expect(await screen.findByText('Choose at least one practice')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/practice/join')).toHaveLength(0);
  });

  it('says when no practice matches', async () => {
    joinServer();
    const { user } = renderApp('/practices/join');

    await user.type(await screen.findByLabelText('Practice name'), 'zzz');
    expect(await screen.findByText('No practices match “zzz”')).toBeInTheDocument();
  });

  it('starts with the practice named in the link', async () => {
    joinServer({ 'GET /api/v1/practice/:id/summary': () => hillside });
    renderApp('/practices/join?practiceId=3');

    expect(await screen.findByRole('heading', { name: 'Chosen practices (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Hillside Medical' })).toBeInTheDocument();
  });

  it('withdraws a pending request after confirmation', async () => {
    let pending = true;
    const server = joinServer({
      'GET /api/v1/user/availablePractices': () =>
        pending ? [{ practice: hillside, invite: null, joinRequest: { id: 93, createdAt: REQUESTED_AT } }] : [],
      'PUT /api/v1/practicejoinrequest/:id': ({ body }) => {
        pending = false;
        return {
          id: 93,
          uuid: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
          practice: hillside,
          message: '',
          state: body.state,
          requestedBy: { id: provider.id, uuid: provider.uuid, firstName: 'Pat', lastName: 'Rivers', title: null },
          acceptingUserId: null,
          rejectingUserId: null,
          createdAt: REQUESTED_AT,
          updatedAt: Date.now(),
        };
      },
    });
    const { user } = renderApp('/practices/join');

    const requests = await screen.findByRole('list', { name: 'Your pending join requests' });
    expect(within(requests).getByText('Hillside Medical')).toBeInTheDocument();
    expect(within(requests).getByText('3 hours ago')).toBeInTheDocument();
    await user.click(within(requests).getByRole('button', { name: 'Withdraw your request to join Hillside Medical' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this join request?' });
    expect(server.find('PUT', '/api/v1/practicejoinrequest/93')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));

    expect(await screen.findByText('No pending join requests')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/practicejoinrequest/93')[0].body).toEqual({ state: 'REMOVED' });
  });

  it('accepts an invite from the list and switches to the practice', async () => {
    let current = currentUserResponse();
    let invited = true;
    const server = joinServer({
      ...signedInRoutes(() => current),
      'GET /api/v1/user/invites': () => (invited ? [inviteView({ isInvitee: true, email: provider.email })] : []),
      'PUT /api/v1/invite/:id/accept': () => {
        invited = false;
        current = currentUserResponse({ currentPractice: { ...lakeside, roles: ['STAFF'] } });
        return {
          inviteId: 11,
          target: 'PRACTICE',
          practiceId: 2,
          networkId: null,
          organisationId: null,
          role: 'STAFF',
        };
      },
    });
    const { user } = renderApp('/practices/join');

    const invites = await screen.findByRole('list', { name: 'Invites for you' });
    expect(
      within(invites).getByText('Alex Admin invited you to join Lakeside Health with the Staff role.'),
    ).toBeInTheDocument();
    await user.click(within(invites).getByRole('button', { name: 'Accept the invite to Lakeside Health' }));

    expect(await screen.findByText('No invites waiting')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/invite/11/accept')[0].body).toEqual({});
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Current practice' })).toHaveValue('Lakeside Health'),
    );
  });

  it('shows when the lists cannot be loaded', async () => {
    joinServer({
      'GET /api/v1/user/invites': () => new Response(null, { status: 403 }),
      'GET /api/v1/user/availablePractices': () => new Response(null, { status: 403 }),
    });
    renderApp('/practices/join');

    expect(await screen.findByText('Could not load your invites')).toBeInTheDocument();
    expect(await screen.findByText('Could not load your join requests')).toBeInTheDocument();
  });
});
