import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { notificationsApi } from '@referwell/contracts';
import { fakeServer, reply, type FakeRequest } from '../../test/fakeServer';
import { errorBody, lakeside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { announceChatChanged } from '../events';

// These tests render the whole app, whose first screen can take longer than the 1 s default on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const COUNT = '/api/v1/user/notifications/count';
const LIST = '/api/v1/notification';

function notification(
  id: number,
  overrides: Partial<notificationsApi.Notification> = {},
): notificationsApi.Notification {
  return {
    id,
    practiceId: 1,
    category: 'GENERAL',
    type: 'notification',
    title: `New message from Lee Harbor ${id}`,
    text: 'Can you see the patient on Tuesday?',
    link: `/chats/${id}`,
    createdAt: Date.now() - 5 * 60_000,
    ...overrides,
  };
}

/** The notification calls over a list the test changes, paged like the server (20 a page). */
function notificationServer(
  initial: notificationsApi.Notification[],
  extra: Record<string, (request: FakeRequest) => unknown> = {},
) {
  const state = { items: initial };
  const server = fakeServer({
    ...signedInRoutes(),
    [`GET ${COUNT}`]: () => ({ count: state.items.length }),
    [`GET ${LIST}`]: ({ query }) => {
      const page = Number(query.get('page') ?? 0);
      return { data: state.items.slice(page * 20, (page + 1) * 20), count: state.items.length };
    },
    'PUT /api/v1/notification/:id/dismiss': (_request, params) => {
      state.items = state.items.filter((item) => item.id !== Number(params.id));
      return { ok: true };
    },
    'PUT /api/v1/notification/clear': () => {
      state.items = [];
      return { ok: true };
    },
    ...extra,
  });
  return { server, state };
}

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });

describe('the notifications bell', { timeout: 20_000 }, () => {
  it('shows how many are waiting and lists them with their time, leading where they point', async () => {
    const { server } = notificationServer([notification(1), notification(2, { link: null, title: 'Referral update' })]);
    const { user, router } = renderApp('/');

    await user.click(await bell('Notifications (2 new)'));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(dialog).findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Can you see the patient on Tuesday?')).toBeInTheDocument();
    expect(within(items[0]).getByText('5 minutes ago')).toBeInTheDocument();
    // One without a link is text, not a link.
    expect(within(items[1]).queryByRole('link')).not.toBeInTheDocument();

    // Opening one reads it.
    await user.click(within(items[0]).getByRole('link', { name: 'New message from Lee Harbor 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/1'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(server.find('PUT', '/api/v1/notification/1/dismiss')).toHaveLength(1);
    expect(await bell('Notifications (1 new)')).toBeInTheDocument();
  });

  it('says which practice a notification belongs to when it is not the current one', async () => {
    notificationServer([notification(3, { practiceId: lakeside.practice.id })]);
    const { user } = renderApp('/');
    await user.click(await bell('Notifications (1 new)'));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByText(/Lakeside Health: switch to it to open this/)).toBeInTheDocument();
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
  });

  it('marks one read, and all of them after asking', async () => {
    const { server } = notificationServer([notification(1), notification(2), notification(3)]);
    const { user } = renderApp('/');
    await user.click(await bell('Notifications (3 new)'));
    const list = await screen.findByRole('list', { name: 'Notifications' });

    await user.click(within(list).getByRole('button', { name: 'Mark “New message from Lee Harbor 2” as read' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(server.find('PUT', '/api/v1/notification/2/dismiss')).toHaveLength(1);
    expect(await bell('Notifications (2 new)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark all notifications as read?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.find('PUT', '/api/v1/notification/clear')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Mark all notifications as read?' })).getByRole('button', {
        name: 'Mark all as read',
      }),
    );
    expect(await screen.findByText('You are all caught up')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/notification/clear')[0].body).toEqual({});
    expect(await bell('Notifications')).toBeInTheDocument();
  });

  it('pages through them twenty at a time', async () => {
    const { server } = notificationServer(Array.from({ length: 25 }, (_, i) => notification(i + 1)));
    const { user } = renderApp('/');
    await user.click(await bell('Notifications (25 new)'));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'New message from Lee Harbor 21' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')).toHaveLength(5);
    expect(Object.fromEntries(server.find('GET', LIST).at(-1)!.query)).toEqual({ page: '1', pageSize: '20' });
  });

  it('shows a failure with a way to try again', async () => {
    let fail = true;
    notificationServer([notification(1)], {
      [`GET ${LIST}`]: () =>
        fail ? reply(500, errorBody(500, 'INTERNAL', 'Something broke')) : { data: [notification(1)], count: 1 },
    });
    const { user } = renderApp('/');
    await user.click(await bell('Notifications (1 new)'));
    const alert = await screen.findByRole('alert', {}, { timeout: 8_000 });
    expect(alert).toHaveTextContent('Could not load your notifications');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'New message from Lee Harbor 1' })).toBeInTheDocument();
  });

  it('follows the events socket: a pushed chat message adds to the count and the open list', async () => {
    const { state } = notificationServer([]);
    const { user } = renderApp('/');
    await user.click(await bell('Notifications'));
    expect(await screen.findByText('You are all caught up')).toBeInTheDocument();

    state.items = [notification(8)];
    act(() => announceChatChanged({ chatId: 8, practiceId: 1 }));
    expect(await screen.findByRole('link', { name: 'New message from Lee Harbor 8' })).toBeInTheDocument();
    expect(await bell('Notifications (1 new)')).toBeInTheDocument();
  });

  it('keeps referral and form news that arrives live, leading to the referral and the form', async () => {
    const { state } = notificationServer([]);
    const { user } = renderApp('/');
    expect(await bell('Notifications')).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());

    const offer = notification(40, {
      title: 'New referral',
      text: 'New referral from Lakeside Orthopedics',
      link: '/referrals/view/40',
      type: 'info',
    });
    const forms = notification(41, {
      title: 'New form submissions',
      text: '2 new submissions through the form New patient intake',
      link: '/intake/3',
      type: 'info',
    });
    state.items = [offer, forms];
    act(() =>
      socket.serverSend({
        event: 'NOTIFICATION_WRITTEN',
        data: {
          updateUnreads: true,
          practiceId: 1,
          notification: { title: offer.title, text: offer.text, type: 'info', link: offer.link! },
        },
      }),
    );
    // It pops up, and stays in the bell once the pop-up is gone.
    expect(await screen.findByText('New referral from Lakeside Orthopedics')).toBeInTheDocument();
    await user.click(await bell('Notifications (2 new)'));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByRole('link', { name: 'New referral' })).toHaveAttribute('href', '/referrals/view/40');
    expect(within(list).getByRole('link', { name: 'New form submissions' })).toHaveAttribute('href', '/intake/3');
    expect(within(list).getByText('2 new submissions through the form New patient intake')).toBeInTheDocument();
  });
});
