import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { chatsApi } from '@referwell/contracts';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { chat, chatListRoute, chatServer } from '../../test/chatFixtures';

// The chat room is the chat-room feature's own screen with its own tests; here a stand-in shows what
// the panel hands it and lets a test report an expired token as the room would.
vi.mock('../chat-room', () => ({
  ChatRoomView: (props: {
    room: string;
    token: string;
    device?: string;
    light?: boolean;
    practiceId?: number;
    onUnauthorized?: () => void;
  }) => (
    <div role="region" aria-label="Chat room">
      <p>{`room ${props.room} token ${props.token} device ${props.device} light ${String(props.light)} practice ${props.practiceId}`}</p>
      <button type="button" onClick={props.onUnauthorized}>
        Report an expired token
      </button>
    </div>
  ),
}));

const ROOM_1 = chat(1).room;

function token(id: number, n: number): chatsApi.ChatToken {
  return {
    token: `token-${id}-${n}`,
    room: chat(id).room,
    chatId: id,
    chatUserId: 100 + id,
    expiresAt: Date.now() + 3_600_000,
  };
}

/** Riverside's chats, their tokens (a new one each time) and the unread summary, as the page meets them. */
function pageServer(options: { chats?: () => chatsApi.ChatSummary[]; unreadChats?: () => number } = {}) {
  const chats =
    options.chats ??
    (() => [
      chat(1, { title: 'Lee Harbor', unreadCount: 2 }),
      chat(2, { title: 'Lakeside Health', type: 'PRACTICE_TO_PRACTICE' }),
    ]);
  const issued: Record<number, number> = {};
  return chatServer({
    'GET /api/v1/chats': chatListRoute(chats),
    'GET /api/v1/chat/:id/token': (_request, { id }) => {
      const chatId = Number(id);
      if (!chats().some((one) => one.id === chatId)) return reply(403, errorBody(403, 'FORBIDDEN', 'Forbidden'));
      issued[chatId] = (issued[chatId] ?? 0) + 1;
      return token(chatId, issued[chatId]);
    },
    'GET /api/v1/chats/:room': (_request, { room }) => chats().find((one) => one.room === room),
    'GET /api/v1/unread': () => {
      const count = options.unreadChats?.() ?? 1;
      return [{ practiceId: 1, inboxItems: 0, chats: count, notifications: 0, submissions: 0, total: count }];
    },
  });
}

const nav = () => screen.findByRole('navigation', { name: 'Main' });

describe('the chats page', { timeout: 20_000 }, () => {
  it('is in the navigation with the practice’s unread chats, and lists them beside an empty panel', async () => {
    pageServer();
    const { user } = renderApp('/');
    const link = await within(await nav()).findByRole('link', { name: 'Chats (1 unread)' });
    expect(link).toHaveAttribute('href', '/chats');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Chats' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Lee Harbor/ })).toBeInTheDocument();
    expect(screen.getByText('Choose a chat to read it')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New chat' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Chats · Referwell'));
  });

  it('opens a chat beside the list with a room token, in the light theme', async () => {
    const server = pageServer();
    const { user, router } = renderApp('/chats');
    await user.click(await screen.findByRole('link', { name: /^Lee Harbor/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/1'));

    expect(await screen.findByRole('heading', { level: 2, name: 'Lee Harbor' })).toBeInTheDocument();
    const room = await screen.findByRole('region', { name: 'Chat room' });
    expect(room).toHaveTextContent(`room ${ROOM_1} token token-1-1 device web light true practice 1`);
    expect(Object.fromEntries(server.find('GET', '/api/v1/chat/1/token')[0].query)).toEqual({ practiceId: '1' });
    expect(screen.getByRole('link', { name: /^Lee Harbor/ })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Lee Harbor · Referwell'));
  });

  it('hands the room a fresh token when its token has expired', async () => {
    const server = pageServer();
    const { user } = renderApp('/chats/1');
    const room = await screen.findByRole('region', { name: 'Chat room' });
    expect(room).toHaveTextContent('token token-1-1');

    await user.click(within(room).getByRole('button', { name: 'Report an expired token' }));
    expect(await screen.findByText(/token token-1-2/)).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/chat/1/token')).toHaveLength(2);
  });

  it('offers to turn on desktop notifications while the browser has not asked yet, and asks on the click', async () => {
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = vi.fn(async () => (FakeNotification.permission = 'granted'));
    }
    vi.stubGlobal('Notification', FakeNotification);
    pageServer();
    const { user } = renderApp('/chats');
    const button = await screen.findByRole('button', { name: 'Turn on desktop notifications' });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();

    await user.click(button);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Turn on desktop notifications' })).not.toBeInTheDocument(),
    );
  });

  it('offers no notification button once the browser has its answer, or where it has no notifications', async () => {
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: vi.fn() });
    pageServer();
    const { unmount } = renderApp('/chats');
    await screen.findByRole('link', { name: /^Lee Harbor/ });
    expect(screen.queryByRole('button', { name: 'Turn on desktop notifications' })).not.toBeInTheDocument();
    unmount();

    vi.stubGlobal('Notification', undefined);
    renderApp('/chats');
    await screen.findByRole('link', { name: /^Lee Harbor/ });
    expect(screen.queryByRole('button', { name: 'Turn on desktop notifications' })).not.toBeInTheDocument();
  });

  it('offers no notification button on a phone, whose browser has notifications but will not show a page’s', async () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
    const media = window.matchMedia.bind(window);
    const matchMedia = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query) => ({ ...media(query), matches: query.includes('pointer: coarse') }));
    try {
      pageServer();
      renderApp('/chats');
      await screen.findByRole('link', { name: /^Lee Harbor/ });
      expect(screen.queryByRole('button', { name: 'Turn on desktop notifications' })).not.toBeInTheDocument();
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('says so when a chat is not there to open', async () => {
    pageServer();
    const { router } = renderApp('/chats/9');
    expect(await screen.findByText('This chat is not available')).toBeInTheDocument();
    await router.navigate('/chats/not-a-chat');
    expect(await screen.findByText('This chat is not available')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to chats' })[0]).toHaveAttribute('href', '/chats');
  });

  it('follows a message pushed on the events socket: the list and the unread badge refresh', async () => {
    let items = [chat(1, { title: 'Lee Harbor' })];
    let unread = 0;
    pageServer({ chats: () => items, unreadChats: () => unread });
    renderApp('/chats');
    await screen.findByRole('link', { name: /^Lee Harbor/ });
    expect(within(await nav()).getByRole('link', { name: 'Chats' })).toBeInTheDocument();

    const events = FakeWebSocket.instances.find((socket) => socket.url.includes('/api/v1/socket'))!;
    act(() => events.serverOpen());
    items = [
      chat(1, {
        title: 'Lee Harbor',
        unreadCount: 1,
        lastMessage: { text: 'Are you free?', fromName: 'Lee Harbor', createdAt: Date.now() },
      }),
    ];
    unread = 1;
    act(() =>
      events.serverSend({ event: 'CHAT_NOTICE', data: { updateUnreads: true, practiceId: 1, chat: { id: 1 } } }),
    );

    expect(await screen.findByRole('link', { name: /Are you free\? \(1 unread\)/ })).toBeInTheDocument();
    expect(await within(await nav()).findByRole('link', { name: 'Chats (1 unread)' })).toBeInTheDocument();
  });
});
