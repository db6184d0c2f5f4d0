import '../../test/enableFilePond';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, type FakeRequest } from '../../test/fakeServer';
import { signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { announceUnreadChanged } from '../events';
import { detailServer } from '../../test/referralDetailServer';

const UNREAD = '/api/v1/unread';

/** GET /unread answering the practice asked for with the current inbox count. */
function unreadRoute(inboxItems: () => number) {
  return {
    [`GET ${UNREAD}`]: ({ query }: FakeRequest) => {
      const practiceId = Number(query.get('practiceId'));
      return [
        { practiceId, inboxItems: inboxItems(), chats: 0, notifications: 0, submissions: 0, total: inboxItems() },
      ];
    },
  };
}

const referralsLink = async (name: string) =>
  within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name });

describe('the unread badge on Referrals', { timeout: 20_000 }, () => {
  it("shows the current practice's unread inbox count and follows the events socket", async () => {
    let count = 3;
    const server = fakeServer({ ...signedInRoutes(), ...unreadRoute(() => count) });
    renderApp('/');

    const link = await referralsLink('Referrals (3 unread)');
    expect(within(link).getByText('3')).toBeInTheDocument();
    const asked = server.find('GET', UNREAD)[0].query;
    expect([asked.get('practiceId'), asked.get('selectedPracticeOnly')]).toEqual(['1', 'true']);

    count = 2;
    act(() => announceUnreadChanged(1));
    expect(await referralsLink('Referrals (2 unread)')).toBeInTheDocument();

    // Another practice's counts changing asks nothing about this one.
    const before = server.find('GET', UNREAD).length;
    act(() => announceUnreadChanged(2));
    count = 0;
    act(() => announceUnreadChanged(undefined));
    const read = await referralsLink('Referrals');
    expect(within(read).queryByText(/\d/)).not.toBeInTheDocument();
    expect(server.find('GET', UNREAD)).toHaveLength(before + 1);
  });

  it('drops when the referral is opened and comes back when it is marked unread', async () => {
    let unread = 1;
    const { server } = detailServer(
      {},
      {
        ...unreadRoute(() => unread),
        'PUT /api/v1/referrals/:id/view': () => {
          unread = 0;
          return { ok: true };
        },
        'PUT /api/v1/referrals/:id/removeView': () => {
          unread = 1;
          return { ok: true };
        },
        'GET /api/v1/referrals/:type': () => ({ data: [], count: 0 }),
      },
    );
    const { user, router } = renderApp('/referrals/view/9');

    await waitFor(() => expect(server.find('PUT', '/api/v1/referrals/9/view')).toHaveLength(1));
    expect(await referralsLink('Referrals')).toBeInTheDocument();
    // The count was asked again after the referral was read, not only on arrival.
    const viewedAt = server.requests.findIndex((r) => r.method === 'PUT' && r.path === '/api/v1/referrals/9/view');
    expect(server.requests.findLastIndex((r) => r.path === UNREAD)).toBeGreaterThan(viewedAt);

    await user.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/referrals'));
    expect(await referralsLink('Referrals (1 unread)')).toBeInTheDocument();
  });
});
