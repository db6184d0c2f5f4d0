import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, lakeside, provider, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { INVITE_CODE, inviteView } from '../../test/inviteFixtures';

const unauthorized = () => reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized'));

describe('invite link, whoever opens it', () => {
  it('says who invited whom to which practice', async () => {
    fakeServer({ 'GET /api/v1/user/current': unauthorized, 'GET /api/v1/invites/:code': () => inviteView() });
    renderApp(`/invite/${INVITE_CODE}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Invite to Lakeside Health' })).toBeInTheDocument();
    expect(screen.getByText('Alex Admin invited you to join Lakeside Health with the Staff role.')).toBeInTheDocument();
    expect(screen.getByText('n•••@example.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'I have an account: sign in' })).toHaveAttribute(
      'href',
      `/login?next=%2Finvite%2F${INVITE_CODE}`,
    );
    expect(screen.getByRole('button', { name: 'Create my account' })).toBeInTheDocument();
  });

  it('explains an expired invite', async () => {
    fakeServer({
      'GET /api/v1/user/current': unauthorized,
      'GET /api/v1/invites/:code': () => reply(452, errorBody(452, 'INVITE_EXPIRED', 'Invite expired')),
    });
    renderApp(`/invite/${INVITE_CODE}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'This invite has expired' })).toBeInTheDocument();
    expect(screen.getByText('Ask the person who invited you to send a new one.')).toBeInTheDocument();
  });

  it('explains an unknown or used invite', async () => {
    fakeServer({
      'GET /api/v1/user/current': unauthorized,
      'GET /api/v1/invites/:code': () => reply(456, errorBody(456, 'OBJECT_NOT_FOUND', 'Invite not found')),
    });
    renderApp('/invite/nope');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invite is no longer valid' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to Referwell' })).toHaveAttribute('href', '/login');
  });

  it('offers a retry when the invite could not be loaded', async () => {
    let fail = true;
    fakeServer({
      'GET /api/v1/user/current': unauthorized,
      'GET /api/v1/invites/:code': () =>
        fail ? reply(400, errorBody(400, 'BAD_REQUEST', 'Incorrect params')) : inviteView(),
    });
    const { user } = renderApp(`/invite/${INVITE_CODE}`);

    expect(await screen.findByText('Could not load the invite')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite to Lakeside Health' })).toBeInTheDocument();
  });
});

describe('invite link, signed in', () => {
  function signedInServer(options: { serverSwitches: boolean }) {
    let current = currentUserResponse();
    const server = fakeServer({
      ...signedInRoutes(() => current),
      'GET /api/v1/invites/:code': () => inviteView({ isInvitee: true, email: provider.email }),
      'PUT /api/v1/invite/:id/accept': () => {
        if (options.serverSwitches)
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
      'PUT /api/v1/user/:id/': ({ body }) => {
        current = currentUserResponse({ currentPractice: { ...lakeside, roles: ['STAFF'] } });
        return { ...provider, practiceId: body.practiceId };
      },
      'PUT /api/v1/invite/:id/decline': () => ({ ok: true }),
    });
    return server;
  }

  it('accepts and lands in the practice', async () => {
    const server = signedInServer({ serverSwitches: true });
    const { user, router } = renderApp(`/invite/${INVITE_CODE}`);

    expect(await screen.findByText(/Signed in as Pat Rivers/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept the invite to Lakeside Health' }));

    expect(await screen.findByText('What is waiting for you at Lakeside Health.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('You joined Lakeside Health and are now working in it.')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/invite/11/accept')[0].body).toEqual({ code: INVITE_CODE });
    // The server made it current already, so there was nothing to switch.
    expect(server.find('PUT', '/api/v1/user/7/')).toHaveLength(0);
  });

  it('switches to the practice itself when the server did not', async () => {
    const server = signedInServer({ serverSwitches: false });
    const { user } = renderApp(`/invite/${INVITE_CODE}`);

    await user.click(await screen.findByRole('button', { name: 'Accept the invite to Lakeside Health' }));

    expect(await screen.findByText('What is waiting for you at Lakeside Health.')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/user/7/')[0].body).toEqual({ practiceId: 2 });
  });

  it('asks before declining', async () => {
    const server = signedInServer({ serverSwitches: true });
    const { user, router } = renderApp(`/invite/${INVITE_CODE}`);

    await user.click(await screen.findByRole('button', { name: 'Decline the invite to Lakeside Health' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline this invite?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.find('PUT', '/api/v1/invite/11/decline')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Decline the invite to Lakeside Health' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline this invite?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline invite' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.find('PUT', '/api/v1/invite/11/decline')[0].body).toEqual({ code: INVITE_CODE });
    expect(await screen.findByText('Invite declined')).toBeInTheDocument();
  });

  it('does not offer to accept an invite sent to someone else', async () => {
    fakeServer({ ...signedInRoutes(), 'GET /api/v1/invites/:code': () => inviteView() });
    renderApp(`/invite/${INVITE_CODE}`);

    expect(await screen.findByText('This invite is for another account')).toBeInTheDocument();
    expect(screen.getByText(/It was sent to n•••@example.test/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with another account' })).toBeInTheDocument();
  });

  it('adds one of the practices the user administers to a network', async () => {
    const hillside = { ...lakeside.practice, id: 5, name: 'Hillside Medical' };
    const server = fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/invites/:code': () =>
        inviteView({
          target: 'NETWORK',
          role: null,
          practice: null,
          network: { id: 4, name: 'Cardiology', practice: hillside },
          isInvitee: true,
          email: provider.email,
        }),
      'PUT /api/v1/invite/:id/accept': () => ({
        inviteId: 11,
        target: 'NETWORK',
        practiceId: 2,
        networkId: 4,
        organisationId: null,
        role: null,
      }),
    });
    const { user, router } = renderApp(`/invite/${INVITE_CODE}`);

    expect(
      await screen.findByText('Alex Admin invited your practice to join the Cardiology network of Hillside Medical.'),
    ).toBeInTheDocument();
    // Only Lakeside, where Pat is an admin, may be added.
    expect(await screen.findByRole('combobox', { name: 'Practice to add to the network' })).toHaveValue(
      'Lakeside Health',
    );
    await user.click(screen.getByRole('button', { name: /^Accept/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.find('PUT', '/api/v1/invite/11/accept')[0].body).toEqual({ code: INVITE_CODE, practiceId: 2 });
    expect(
      await screen.findByText('Lakeside Health joined the Cardiology network of Hillside Medical.'),
    ).toBeInTheDocument();
  });
});
