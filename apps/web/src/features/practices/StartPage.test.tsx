import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { joinRequestsApi } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, riverside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const practice = (id: number, name: string) => ({ ...riverside.practice, id, name });
const SENT = new Date(2026, 10, 20, 9, 30).getTime();

/** Someone in no practice, with whatever is waiting for them. */
function startServer(available: () => unknown) {
  return fakeServer({
    ...signedInRoutes(() => currentUserResponse({ currentPractice: null })),
    'GET /api/v1/user/current/practices': () => [],
    'GET /api/v1/user/availablePractices': available,
  });
}

describe('the start page', () => {
  it('lists invites to accept and the requests waiting for an answer', async () => {
    const waiting: joinRequestsApi.AvailablePractice[] = [
      {
        practice: practice(5, 'Birch Clinic'),
        invite: null,
        joinRequest: { id: 9, createdAt: SENT },
      },
      {
        practice: practice(6, 'Oak Clinic'),
        invite: { id: 3, role: 'STAFF', expiresAt: Date.now() + 86_400_000 },
        joinRequest: null,
      },
    ];
    startServer(() => waiting);
    renderApp('/start');

    const section = await screen.findByRole('region', { name: 'Waiting for you' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Waiting for Birch Clinic to approve your request, sent November 20, 2026.');
    expect(items[1]).toHaveTextContent('Oak Clinic invited you to join as staff.');
    expect(within(items[1]).getByRole('link', { name: 'Accept or decline the invite' })).toHaveAttribute(
      'href',
      '/practices/join',
    );
  });

  it('shows only the ways to start when nothing is waiting', async () => {
    startServer(() => []);
    renderApp('/start');

    expect(await screen.findByRole('heading', { name: 'Create a practice' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Find a practice' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waiting for you' })).not.toBeInTheDocument();
  });

  it('says when it could not check, and tries again', async () => {
    let fail = true;
    startServer(() =>
      fail
        ? reply(403, errorBody(403, 'FORBIDDEN', 'Forbidden'))
        : [{ practice: practice(5, 'Birch Clinic'), invite: null, joinRequest: { id: 9, createdAt: SENT } }],
    );
    const { user } = renderApp('/start');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not check for invites and join requests');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('Waiting for Birch Clinic to approve');
  });
});
