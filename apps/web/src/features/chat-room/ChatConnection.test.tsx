import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatRoomApi } from '@referwell/contracts';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import {
  chatRoom,
  doctor,
  fromMe,
  me,
  message,
  nurse,
  push,
  renderRoom,
  resetPageVisibility,
  roomServer,
  sentOf,
  setPageVisible,
  settle,
} from '../../test/chatRoomFixtures';

// Every test here runs on fake timers, so reconnection delays pass at once.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  resetPageVisibility();
});

/** The room's next socket, accepted by the server. */
async function nextSocketOpened(count: number) {
  for (let waited = 0; FakeWebSocket.instances.length < count; waited += 100) {
    if (waited > 60_000) throw new Error(`no socket #${count}`);
    await settle(100);
  }
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpen());
  await settle();
  return socket;
}

const input = () => screen.getByRole('textbox', { name: 'Message' });
const messageElements = () => screen.getAllByTestId('message');
function sendText(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('the chat room: the connection', () => {
  it('recovers every message missed while disconnected, in batches, after reconnecting', async () => {
    const server = roomServer({ stored: [1, 2, 3].map((id) => message(id)) });
    renderRoom();
    const first = await nextSocketOpened(1);
    expect(server.messageCalls()).toEqual([{ skip: '0' }, { after: '3' }]);

    act(() => first.serverClose(1006));
    server.state.stored.push(...Array.from({ length: 120 }, (_, index) => message(4 + index)));
    await nextSocketOpened(2);
    await settle();
    expect(server.messageCalls().slice(2)).toEqual([{ after: '3' }, { after: '103' }]);
    expect(screen.getByText('Message 123')).toBeInTheDocument();
    expect(screen.getAllByTestId('message')).toHaveLength(123);
  });

  it('sends messages written while disconnected once connected, and re-sends unanswered ones with the same uuid', async () => {
    roomServer();
    renderRoom();
    const first = await nextSocketOpened(1);
    sendText('Before the drop');
    const lost = sentOf(first, 'NEW_MESSAGE')[0].data as { uuid: string };
    act(() => first.serverClose(1006));

    sendText('While away');
    expect(screen.getByText('While away')).toBeInTheDocument();
    expect(sentOf(first, 'NEW_MESSAGE')).toHaveLength(1);

    const second = await nextSocketOpened(2);
    const resent = sentOf(second, 'NEW_MESSAGE').map((one) => one.data as { uuid: string; message: string });
    expect(resent.map((one) => one.message)).toEqual(['Before the drop', 'While away']);
    expect(resent[0].uuid).toBe(lost.uuid);

    // The server's copies replace them; nothing is sent a third time.
    push(second, { event: 'NEW_MESSAGE', data: fromMe(20, { uuid: resent[0].uuid, message: 'Before the drop' }) });
    push(second, { event: 'NEW_MESSAGE', data: fromMe(21, { uuid: resent[1].uuid, message: 'While away' }) });
    expect(screen.queryByText('Sending')).not.toBeInTheDocument();
  });

  it('tells the server when the page goes to the background and back, reconnecting at once if the connection dropped', async () => {
    roomServer();
    renderRoom();
    const first = await nextSocketOpened(1);
    setPageVisible(false);
    expect(sentOf(first, 'USER_ENTERED_BACKGROUND')).toHaveLength(1);
    setPageVisible(true);
    expect(sentOf(first, 'USER_ENTERED_FOREGROUND')).toHaveLength(1);
    expect(FakeWebSocket.instances).toHaveLength(1);

    act(() => first.serverClose(1006));
    setPageVisible(false);
    setPageVisible(true);
    await settle(10);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('tries again at once when the network comes back, even after giving up, with the draft still in the box', async () => {
    roomServer({ stored: [message(1)] });
    renderRoom();
    const first = await nextSocketOpened(1);
    fireEvent.change(input(), { target: { value: 'Half a thought' } });

    // Dropped, and retrying: the network coming back does not wait for the next attempt.
    act(() => first.serverClose(1006));
    act(() => void window.dispatchEvent(new Event('online')));
    await settle(10);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // That connection and its 10 retries fail: the error replaces the room, until the network comes back.
    for (let attempt = 2; attempt <= chatRoomApi.CHAT_RECONNECT_LIMIT + 2; attempt++) {
      while (FakeWebSocket.instances.length < attempt) await settle(100);
      act(() => FakeWebSocket.latest().serverClose(1006));
    }
    expect(screen.getByRole('alert')).toHaveTextContent('Can’t connect to the chat');
    await settle(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2 + chatRoomApi.CHAT_RECONNECT_LIMIT);

    act(() => void window.dispatchEvent(new Event('online')));
    await settle(10);
    expect(FakeWebSocket.instances).toHaveLength(3 + chatRoomApi.CHAT_RECONNECT_LIMIT);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => FakeWebSocket.latest().serverOpen());
    await settle();
    expect(screen.getByText('Message 1')).toBeInTheDocument();
    expect(input()).toHaveValue('Half a thought');
  });

  it('keeps the draft and the unsent messages through a refresh, sending those again with their uuid', async () => {
    roomServer();
    const first = renderRoom();
    const socket = await nextSocketOpened(1);
    act(() => socket.serverClose(1006));
    sendText('Written while away');
    fireEvent.change(input(), { target: { value: 'And more' } });
    first.unmount();

    FakeWebSocket.instances = [];
    renderRoom();
    const again = await nextSocketOpened(1);
    expect(input()).toHaveValue('And more');
    const [resent] = sentOf(again, 'NEW_MESSAGE').map((one) => one.data as { uuid: string; message: string });
    expect(resent).toMatchObject({ message: 'Written while away' });
    expect(sentOf(socket, 'NEW_MESSAGE')).toHaveLength(0);
    expect(screen.getByText('Sending')).toBeInTheDocument();

    // Stored at last: nothing is kept any more, so another refresh sends nothing.
    push(again, { event: 'NEW_MESSAGE', data: fromMe(5, { uuid: resent.uuid, message: 'Written while away' }) });
    fireEvent.change(input(), { target: { value: '' } });
    FakeWebSocket.instances = [];
    cleanup();
    renderRoom();
    const third = await nextSocketOpened(1);
    expect(sentOf(third, 'NEW_MESSAGE')).toHaveLength(0);
    expect(input()).toHaveValue('');
  });

  it('marks the newest message read while the page is in view', async () => {
    roomServer({
      stored: [message(1), message(2)],
      chat: chatRoom({ readStatus: { [me.chatUserId]: { lastId: 1 } } }),
    });
    renderRoom();
    const socket = await nextSocketOpened(1);
    expect(sentOf(socket, 'USER_READ_MESSAGE').map((one) => one.data)).toEqual([{ lastId: 2 }]);

    push(socket, { event: 'NEW_MESSAGE', data: message(3) });
    expect(sentOf(socket, 'USER_READ_MESSAGE').map((one) => one.data)).toEqual([{ lastId: 2 }, { lastId: 3 }]);

    setPageVisible(false);
    push(socket, { event: 'NEW_MESSAGE', data: message(4) });
    expect(sentOf(socket, 'USER_READ_MESSAGE')).toHaveLength(2);
    setPageVisible(true);
    expect(sentOf(socket, 'USER_READ_MESSAGE').at(-1)!.data).toEqual({ lastId: 4 });
  });

  it('raises a notification for someone else’s message while in the background, when allowed', async () => {
    const shown: Array<{ title: string; body?: string }> = [];
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, body: options.body });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    roomServer();
    renderRoom();
    const socket = await nextSocketOpened(1);

    push(socket, { event: 'NEW_MESSAGE', data: message(1) });
    expect(shown).toEqual([]);
    setPageVisible(false);
    push(socket, { event: 'NEW_MESSAGE', data: message(2) });
    push(socket, { event: 'NEW_MESSAGE', data: fromMe(3) });
    expect(shown).toEqual([{ title: 'New Message', body: 'You have a new chat message from Nina Nurse' }]);
    FakeNotification.permission = 'default';
    push(socket, { event: 'NEW_MESSAGE', data: message(4) });
    expect(shown).toHaveLength(1);
  });

  it('shows who comes and goes, for 4 s, with their online dot', async () => {
    roomServer();
    renderRoom();
    const socket = await nextSocketOpened(1);
    push(socket, { event: 'ONLINE_USERS', data: { chatUserIds: [me.chatUserId, nurse.chatUserId] } });
    expect(screen.getByRole('img', { name: 'Nina Nurse, online' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Dan Doctor' })).toBeInTheDocument();

    push(socket, { event: 'USER_CONNECTED', data: { chatUserId: doctor.chatUserId, name: doctor.name } });
    expect(screen.getByText('Dan Doctor joined the chat')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Dan Doctor, online' })).toBeInTheDocument();
    await settle(chatRoomApi.INFO_BANNER_MS);
    expect(screen.queryByText('Dan Doctor joined the chat')).not.toBeInTheDocument();

    push(socket, { event: 'USER_DISCONNECTED', data: { chatUserId: nurse.chatUserId, name: nurse.name } });
    expect(screen.getByText('Nina Nurse has left the chat')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Nina Nurse' })).toBeInTheDocument();
    await settle(chatRoomApi.INFO_BANNER_MS - 1);
    expect(screen.getByText('Nina Nurse has left the chat')).toBeInTheDocument();
    await settle(1);
    expect(screen.queryByText('Nina Nurse has left the chat')).not.toBeInTheDocument();
  });
});

describe('the chat room: older messages', () => {
  it('opens an empty chat on the practice’s welcome, never on “No results”', async () => {
    const loaderWords = /No results|No more data|No messages yet/;
    const welcome = message(0, {
      uuid: 'welcome-7',
      from: { chatUserId: 0, name: 'Riverside Family Clinic', image: null },
      message: 'Hello from Riverside Family Clinic. Send us a message here and a member of our team will reply.',
    });
    roomServer({ chat: chatRoom({ welcomeMessages: [welcome] }) });
    renderRoom();
    await nextSocketOpened(1);
    const [first] = messageElements();
    expect(first).toHaveTextContent('Riverside Family Clinic');
    expect(first).toHaveTextContent('Send us a message here and a member of our team will reply.');
    expect(screen.queryByText(loaderWords)).not.toBeInTheDocument();
  });

  it('marks the welcome as the practice’s: its logo when square, else its initials on its colour', async () => {
    const welcomeWith = (image: string | null) =>
      chatRoom({
        welcomeMessages: [
          message(0, { uuid: 'welcome-7', from: { chatUserId: 0, name: 'Riverside Family Clinic', image } }),
        ],
      });
    const sized = (width: number, height: number) => {
      const logo = messageElements()[0].querySelector('img')!;
      Object.defineProperties(logo, { naturalWidth: { value: width }, naturalHeight: { value: height } });
      fireEvent.load(logo);
      return messageElements()[0];
    };
    roomServer({ chat: welcomeWith('/logo/square.png') });
    let shown = renderRoom();
    await nextSocketOpened(1);
    expect(sized(64, 64).querySelector('img')).toHaveAttribute('src', '/logo/square.png');
    shown.unmount();

    // A wordmark would be a smudge in a 32 px square.
    roomServer({ chat: welcomeWith('/logo/wordmark.png') });
    shown = renderRoom();
    await nextSocketOpened(2);
    expect(sized(240, 64).querySelector('img')).toBeNull();
    expect(messageElements()[0]).toHaveTextContent(/^RC/);
    shown.unmount();

    roomServer({ chat: welcomeWith(null) });
    renderRoom();
    await nextSocketOpened(3);
    expect(messageElements()[0]).toHaveTextContent(/^RC/);
  });

  it('says “No messages yet” in an empty chat without a welcome', async () => {
    const loaderWords = /No results|No more data|No messages yet/;
    // Staff among themselves are not greeted.
    roomServer();
    const empty = renderRoom();
    await nextSocketOpened(1);
    expect(screen.getByRole('log', { name: 'Messages' })).toHaveTextContent(/^No messages yet$/);
    empty.unmount();

    // Reaching the start of a conversation needs no words.
    roomServer({ stored: [message(1), message(2)] });
    renderRoom();
    await nextSocketOpened(2);
    expect(screen.queryByText(loaderWords)).not.toBeInTheDocument();
  });

  it('loads the page before those loaded, skipping what is loaded, until a short page', async () => {
    const server = roomServer({ stored: Array.from({ length: 45 }, (_, index) => message(index + 1)) });
    renderRoom();
    await nextSocketOpened(1);
    await settle(100);
    // The list does not fill the view (nothing has a size here), so the next page loads by itself.
    expect(server.messageCalls().filter((call) => 'skip' in call)).toEqual([{ skip: '0' }, { skip: '30' }]);
    expect(screen.getAllByTestId('message')).toHaveLength(45);
    expect(screen.getAllByTestId('message')[0]).toHaveTextContent('Message 1');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('says so in plain words when a page fails, and offers to try again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = roomServer({ stored: Array.from({ length: 40 }, (_, index) => message(index + 1)) });
    const failing = server.fetch.getMockImplementation()!;
    let failures = 1;
    server.fetch.mockImplementation(async (input, init) => {
      if ((input as string | URL).toString().includes('skip=30') && failures-- > 0)
        return new Response(null, { status: 403 });
      return failing(input, init);
    });
    renderRoom();
    await nextSocketOpened(1);
    await settle(100);
    expect(screen.getByRole('alert')).toHaveTextContent('Earlier messages didn’t load.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle(100);
    expect(screen.getAllByTestId('message')).toHaveLength(40);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
