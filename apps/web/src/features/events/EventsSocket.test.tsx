import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventsApi } from '@referwell/contracts';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { fakeServer, reply } from '../../test/fakeServer';
import { signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import {
  CHAT_CHANGED_EVENT,
  REFERRAL_CHANGED_EVENT,
  UNREAD_CHANGED_EVENT,
  type ChatChangedDetail,
  type ReferralChangedDetail,
} from './liveEvents';

function listen<T>(name: string) {
  const seen: T[] = [];
  window.addEventListener(name, (event) => seen.push((event as CustomEvent<T>).detail));
  return seen;
}

describe('the events socket', () => {
  it('subscribes once connected and hands pushed referral changes to the app, with their notification', async () => {
    fakeServer(signedInRoutes());
    renderApp('/');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/api\/v1\/socket\?type=EVENTS&sdkVersion=4\.3\.0$/);
    act(() => socket.serverOpen());
    expect(JSON.parse(socket.sent[0])).toEqual({ event: 'post', data: { url: eventsApi.SUBSCRIBE_URL } });

    const referrals = listen<ReferralChangedDetail>(REFERRAL_CHANGED_EVENT);
    const unread = listen<{ practiceId?: number }>(UNREAD_CHANGED_EVENT);
    act(() =>
      socket.serverSend({
        event: 'REFERRAL_CHANGED',
        data: {
          updateUnreads: true,
          practiceId: 1,
          referral: { id: 42, kind: 'OFFERED' },
          notification: {
            type: 'info',
            title: 'New referral',
            text: 'A referral is waiting for your practice',
            link: '/referrals/view/42',
          },
        },
      }),
    );
    expect(referrals).toEqual([{ referralId: 42, kind: 'OFFERED' }]);
    expect(unread).toEqual([{ practiceId: 1 }]);
    expect(await screen.findByText('A referral is waiting for your practice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/referrals/view/42');
  });

  it("offers a pushed notification's actions, each leading where it says", async () => {
    fakeServer(signedInRoutes());
    renderApp('/');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    act(() =>
      socket.serverSend({
        event: 'NOTIFICATION_WRITTEN',
        data: {
          notification: {
            type: 'notification',
            title: 'New Message',
            text: 'You have a new chat message from Bob',
            link: '/chats/7',
            actions: [
              { title: 'Open chat', link: '/chats/7' },
              { title: 'All chats', link: '/chats' },
            ],
          },
        },
      }),
    );
    expect(await screen.findByText('You have a new chat message from Bob')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open chat' })).toHaveAttribute('href', '/chats/7');
    expect(screen.getByRole('link', { name: 'All chats' })).toHaveAttribute('href', '/chats');
    expect(screen.queryByRole('link', { name: 'Open' })).not.toBeInTheDocument();
  });

  it("hands a pushed chat message to the chat screens and asks for the practice's unread counts", async () => {
    fakeServer(signedInRoutes());
    renderApp('/');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());

    const chats = listen<ChatChangedDetail>(CHAT_CHANGED_EVENT);
    const unread = listen<{ practiceId?: number }>(UNREAD_CHANGED_EVENT);
    // No updateUnreads: a chat's news may still change the counts.
    act(() => socket.serverSend({ event: 'CHAT_MESSAGE', data: { practiceId: 1, chat: { id: 12 } } }));
    expect(chats).toEqual([{ chatId: 12, practiceId: 1 }]);
    expect(unread).toEqual([{ practiceId: 1 }]);
  });

  it('blocks the app with "Network problems" while disconnected and lifts it on reconnection', async () => {
    fakeServer(signedInRoutes());
    renderApp('/');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.latest().serverOpen());
    expect(screen.queryByText('Network problems')).not.toBeInTheDocument();

    act(() => FakeWebSocket.latest().serverClose(1006));
    expect(await screen.findByRole('dialog', { name: 'Network problems' })).toBeInTheDocument();
    expect(screen.getByText('We’re having trouble connecting to Referwell, we’ll keep trying')).toBeInTheDocument();

    const before = FakeWebSocket.instances.length;
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(before), { timeout: 8_000 });
    const unread = listen<{ practiceId?: number }>(UNREAD_CHANGED_EVENT);
    act(() => FakeWebSocket.latest().serverOpen());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Network problems' })).not.toBeInTheDocument());
    expect(FakeWebSocket.latest().sent).toHaveLength(1);
    // Whatever was pushed while it was down is lost: every practice's counts are asked again.
    expect(unread).toEqual([{ practiceId: undefined }]);
  });

  it('asks the server who is signed in when the socket is closed for an ended session', async () => {
    let ended = false;
    const routes = signedInRoutes();
    const server = fakeServer({
      ...routes,
      'GET /api/v1/user/current': () =>
        ended
          ? reply(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' })
          : routes['GET /api/v1/user/current'](),
    });
    renderApp('/');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.latest().serverOpen());
    const calls = server.find('GET', '/api/v1/user/current').length;
    ended = true;
    act(() => FakeWebSocket.latest().serverClose(eventsApi.SOCKET_UNAUTHORIZED));
    await waitFor(() => expect(server.find('GET', '/api/v1/user/current').length).toBeGreaterThan(calls));
    // The usual sign-out follows; the socket does not retry or block the screen.
    expect(await screen.findByText('We need you to log in again')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Network problems' })).not.toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
