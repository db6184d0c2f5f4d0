import { act, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatRoomApi } from '@referwell/contracts';
import { reply } from '../../test/fakeServer';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import {
  chatRoom,
  me,
  openRoom,
  push,
  renderRoom,
  ROOM,
  roomServer,
  roomSocket,
  settle,
  TOKEN,
} from '../../test/chatRoomFixtures';
import { ChatRoomView } from './ChatRoomView';
import { OVERLAY_REMOVE_MS } from './LoadingOverlay';

afterEach(() => {
  vi.useRealTimers();
  delete (window as { webkit?: unknown }).webkit;
});

describe('the chat room: connecting, errors and read-only', () => {
  it('says a link without its room or token is incomplete, and what to do, without calling the server', () => {
    const server = roomServer();
    for (const cut of [{ room: '' }, { token: '' }]) {
      const { unmount } = renderRoom(cut);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This chat link is incompleteOpen the link in your text message again, or ask the practice for a new one.',
      );
      unmount();
    }
    expect(server.requests).toHaveLength(0);
  });

  it('shows Connecting... until the socket opens, then the people, the messages and the footer', async () => {
    const server = roomServer();
    renderRoom();
    expect(screen.getByRole('status')).toHaveTextContent('Connecting...');
    const socket = await roomSocket();
    expect(socket.url).toBe(`ws://${window.location.host}${chatRoomApi.CHAT_SOCKET_PATH}?room=${ROOM}&token=${TOKEN}`);
    expect(screen.getByText('Connecting...')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'People in this chat' })).not.toBeInTheDocument();

    // Spec 3 §9: the loading overlay fades away, and is gone 1 s after it was hidden.
    vi.useFakeTimers();
    act(() => socket.serverOpen());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Connecting...').closest('[data-hiding]')).toHaveAttribute('aria-hidden', 'true');
    await settle(OVERLAY_REMOVE_MS - 1);
    expect(screen.getByText('Connecting...')).toBeInTheDocument();
    await settle(1);
    expect(screen.queryByText('Connecting...')).not.toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', 'Enter your message...');
    // The others, each with their online state, and the connection.
    expect(screen.getByRole('img', { name: 'Nina Nurse' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Dan Doctor, online' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Pat Patient/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Connected' })).toBeInTheDocument();
    // Every call carries the room token.
    expect(server.requests.every((request) => request.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('hides the header when nobody else is in the chat', async () => {
    roomServer({ chat: chatRoom({ allUsers: [me] }) });
    renderRoom();
    await openRoom();
    expect(screen.queryByRole('list', { name: 'People in this chat' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('loads by room and practice; when loading fails it says so plainly, calls the close handler, and tries again when asked', async () => {
    const server = roomServer();
    server.fetch.mockImplementationOnce(async () =>
      reply(404, { statusCode: 404, code: 'NOT_FOUND', message: 'No such chat' }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onClose = vi.fn();
    const { user } = renderRoom({ practiceId: 5, onClose });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This chat didn’t openCheck that you’re online, then try again.');
    expect(alert).not.toHaveTextContent(/No such chat|404/);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(String(server.fetch.mock.calls[0][0] as string | URL)).toBe(`/florie/v1/chat/${ROOM}?practiceId=5`);
    expect(FakeWebSocket.instances).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await openRoom();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Messages' })).toBeInTheDocument();
  });

  it('says that the link expired when the token is refused at loading, and asks a patient to get a new one', async () => {
    for (const status of [401, 403]) {
      const server = roomServer();
      server.fetch.mockImplementationOnce(async () =>
        reply(status, { statusCode: status, code: 'UNAUTHORIZED', message: 'This link has expired' }),
      );
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const onClose = vi.fn();
      const { unmount } = renderRoom({ onClose });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('This link has expiredAsk the practice that sent it for a new one.');
      expect(screen.queryByText('This chat didn’t open')).not.toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
      expect(FakeWebSocket.instances).toHaveLength(0);
      unmount();
    }
  });

  it('hands a token refused at loading to onUnauthorized, and loads with the fresh one it is given', async () => {
    const server = roomServer();
    server.fetch.mockImplementationOnce(async () =>
      reply(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Expired' }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onUnauthorized = vi.fn();
    const { rerender } = renderRoom({ onUnauthorized });
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Connecting...');

    rerender(
      <MantineProvider env="test">
        <ChatRoomView room={ROOM} token="room-token-2" onUnauthorized={onUnauthorized} />
      </MantineProvider>,
    );
    const socket = await openRoom();
    expect(socket.url).toContain('token=room-token-2');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(server.find('GET', `/florie/v1/chat/${ROOM}`).at(-1)!.headers.authorization).toBe('Bearer room-token-2');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns a closed chat between practices read-only, with no socket and no footer', async () => {
    const server = roomServer({ chat: chatRoom({ type: 'PRACTICE_TO_PRACTICE', status: 'INACTIVE' }) });
    renderRoom();
    expect(await screen.findByText('This chat is closed')).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(server.requests.length).toBe(2);
  });

  it('keeps a closed practice-to-user chat open for writing, and CHAT_CLOSED closes only other kinds', async () => {
    roomServer({ chat: chatRoom({ status: 'INACTIVE' }) });
    const { unmount } = renderRoom();
    let socket = await openRoom();
    push(socket, { event: 'CHAT_CLOSED', data: { chatId: 7 } });
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    unmount();

    FakeWebSocket.instances = [];
    roomServer({ chat: chatRoom({ type: 'USER_TO_USER' }) });
    renderRoom();
    socket = await openRoom();
    push(socket, { event: 'CHAT_CLOSED', data: { chatId: 7 } });
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByText('This chat is closed')).toBeInTheDocument();
  });

  it('says the link stopped working on close code 4000, then that it expired, without retrying', async () => {
    roomServer();
    renderRoom();
    const socket = await openRoom();
    vi.useFakeTimers();
    act(() => socket.serverClose(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED));
    expect(screen.getByText('This link has stopped working')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    await settle(chatRoomApi.INFO_BANNER_MS - 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await settle(1);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link has expiredAsk the practice that sent it for a new one.',
    );
    await settle(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('says plainly that the chat was opened in another window, retries nothing by itself, and goes on here when asked', async () => {
    roomServer();
    renderRoom();
    const socket = await openRoom();
    vi.useFakeTimers();
    act(() => socket.serverClose(chatRoomApi.CHAT_SOCKET_REPLACED));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This chat was opened in another window');
    expect(alert).toHaveTextContent('You can go on here instead; the other window will then close.');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    // The message box had the focus and went with the room: the way on has it, for the keyboard.
    const here = screen.getByRole('button', { name: 'Use the chat here' });
    expect(here).toHaveFocus();
    // Not a loop: no retry, not when the page comes back to the front, not when the network does.
    await settle(60_000);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => void window.dispatchEvent(new Event('online')));
    await settle(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    act(() => here.click());
    await settle(10);
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => FakeWebSocket.latest().serverOpen());
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('hands a refused token to onUnauthorized instead, when given', async () => {
    roomServer();
    const onUnauthorized = vi.fn();
    renderRoom({ onUnauthorized });
    const socket = await openRoom();
    act(() => socket.serverClose(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('This link has stopped working')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives up after 10 retries, each allowed 1000 ms to connect, and tries afresh when asked', async () => {
    vi.useFakeTimers();
    roomServer();
    renderRoom();
    while (FakeWebSocket.instances.length === 0) await settle(10);
    // No server answers: every attempt times out after a second, then waits before the next.
    await settle(chatRoomApi.CHAT_CONNECT_TIMEOUT_MS - 20);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await settle(30);
    expect(FakeWebSocket.instances[0].readyState).toBe(FakeWebSocket.CLOSED);
    await settle(300_000);
    expect(FakeWebSocket.instances).toHaveLength(1 + chatRoomApi.CHAT_RECONNECT_LIMIT);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Can’t connect to the chatCheck that you’re online, then try again.',
    );

    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    await settle(10);
    expect(FakeWebSocket.instances).toHaveLength(2 + chatRoomApi.CHAT_RECONNECT_LIMIT);
    act(() => FakeWebSocket.latest().serverOpen());
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('shows Connecting... again while a dropped connection is retried, keeping the messages', async () => {
    vi.useFakeTimers();
    roomServer();
    renderRoom();
    while (FakeWebSocket.instances.length === 0) await settle(10);
    act(() => FakeWebSocket.latest().serverOpen());
    await settle(OVERLAY_REMOVE_MS);
    expect(screen.queryByText('Connecting...')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Connected' })).toBeInTheDocument();

    act(() => FakeWebSocket.latest().serverClose(1006));
    expect(screen.getByRole('status')).toHaveTextContent('Connecting...');
    expect(screen.getByRole('img', { name: 'Not connected' })).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'Messages' })).toBeInTheDocument();
    while (FakeWebSocket.instances.length < 2) await settle(100);
    act(() => FakeWebSocket.latest().serverOpen());
    expect(screen.queryByText('Connecting...')).not.toBeInTheDocument();
  });

  it('tells the iOS and Android apps the chat opened', async () => {
    const ios = vi.fn();
    (window as { webkit?: unknown }).webkit = { messageHandlers: { openChat: { postMessage: ios } } };
    const android = { openChat: vi.fn() };
    vi.stubGlobal('Android', android);
    roomServer();
    renderRoom({ device: 'ios' });
    await roomSocket();
    expect(ios).toHaveBeenCalledWith({ room: ROOM });
    expect(android.openChat).toHaveBeenCalledWith(JSON.stringify({ room: ROOM }));
  });

  it('uses the dark theme by default and the light one when asked', () => {
    roomServer();
    const { container, unmount } = renderRoom();
    expect(container.querySelector('.rw-chat')).toHaveStyle({ '--chat-background': '#16181c' });
    expect(container.querySelector('.rw-chat')).toHaveAttribute('data-display-style', 'normal');
    unmount();
    const light = renderRoom({ light: true });
    expect(light.container.querySelector('.rw-chat')).toHaveStyle({ '--chat-background': '#eef1f4' });
  });
});
