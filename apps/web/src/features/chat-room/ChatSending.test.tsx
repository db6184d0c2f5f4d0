import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatRoomApi } from '@referwell/contracts';
import {
  fromMe,
  me,
  nurse,
  doctor,
  openRoom,
  push,
  renderRoom,
  resetPageVisibility,
  roomServer,
  sentEvents,
  sentOf,
  setPageVisible,
  settle,
} from '../../test/chatRoomFixtures';

afterEach(() => {
  vi.useRealTimers();
  resetPageVisibility();
});

const input = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });

describe('the chat room: writing and sending', () => {
  it('says beside the box that Shift+Enter sends, and does; Enter alone starts a new line', async () => {
    roomServer();
    const { user } = renderRoom();
    const socket = await openRoom();
    // Written out where people look, not only for screen readers (chat.css keeps it to keyboards and mice).
    const hint = screen.getByText(
      (_, element) => element?.tagName === 'P' && element.textContent === 'Shift+Enter to send',
    );
    expect(hint).not.toHaveClass('rw-visually-hidden');
    expect(hint.closest('footer')).toContainElement(input());
    expect(input()).toHaveAccessibleDescription('Shift + Enter to send');

    await user.type(input(), 'Hello{Enter}there');
    expect(input()).toHaveValue('Hello\nthere');
    expect(sentOf(socket, 'NEW_MESSAGE')).toHaveLength(0);

    await user.keyboard('{Shift>}{Enter}{/Shift}');
    const [sent] = sentOf(socket, 'NEW_MESSAGE');
    expect(sent).toEqual({
      event: 'NEW_MESSAGE',
      data: {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: me.userId,
        userType: 'USER',
        message: 'Hello\nthere',
        files: [],
        data: null,
      },
    });
    expect(input()).toHaveValue('');
    const log = screen.getByRole('log');
    expect(within(log).getByText(/Hello\s+there/)).toBeInTheDocument();
    expect(within(log).getByText('Sending')).toBeInTheDocument();
  });

  it('replaces the shown message with the server’s copy of the same uuid', async () => {
    roomServer();
    const { user } = renderRoom();
    const socket = await openRoom();
    await user.type(input(), 'Hello');
    await user.click(sendButton());
    expect(input()).toHaveFocus();
    const uuid = (sentOf(socket, 'NEW_MESSAGE')[0].data as { uuid: string }).uuid;

    push(socket, { event: 'NEW_MESSAGE', data: fromMe(40, { uuid, message: 'Hello' }) });
    expect(screen.getAllByText('Hello')).toHaveLength(1);
    expect(screen.queryByText('Sending')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Message details, .*, sent$/ })).toBeInTheDocument();
  });

  it('on iOS and Android Shift+Enter is a new line too, and the button sends; the button needs text', async () => {
    roomServer();
    const { user } = renderRoom({ device: 'ios' });
    const socket = await openRoom();
    expect(screen.queryByText(/to send/)).not.toBeInTheDocument();
    expect(input()).not.toHaveAccessibleDescription();
    expect(sendButton()).toBeDisabled();
    await user.type(input(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.type(input(), 'Hi{Shift>}{Enter}{/Shift}');
    expect(sentOf(socket, 'NEW_MESSAGE')).toHaveLength(0);
    expect(input()).toHaveValue('   Hi\n');
    await user.click(sendButton());
    expect(sentOf(socket, 'NEW_MESSAGE')[0].data).toMatchObject({ message: 'Hi' });
  });

  it('empties a box holding only line breaks on Backspace', async () => {
    roomServer();
    const { user } = renderRoom();
    await openRoom();
    await user.type(input(), '{Enter}{Enter}');
    expect(input()).toHaveValue('\n\n');
    await user.keyboard('{Backspace}');
    expect(input()).toHaveValue('');
  });

  it('grows the box from 44 px to its content plus 1 px', async () => {
    roomServer();
    const { user } = renderRoom();
    await openRoom();
    expect(input().style.height).toBe('44px');
    const content = vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockReturnValue(80);
    await user.type(input(), 'a{Enter}b{Enter}c');
    expect(input().style.height).toBe('81px');
    content.mockReturnValue(20);
    await user.clear(input());
    expect(input().style.height).toBe('44px');
  });

  it('takes a refused message away, says why for 4 s, and puts its text back in an empty box', async () => {
    roomServer();
    const { user } = renderRoom();
    const socket = await openRoom();
    await user.type(input(), 'Too late');
    await user.click(sendButton());
    const uuid = (sentOf(socket, 'NEW_MESSAGE')[0].data as { uuid: string }).uuid;

    vi.useFakeTimers();
    push(socket, { event: 'FAILED_TO_SEND_MESSAGE', data: { uuid, message: 'This chat is closed' } });
    expect(within(screen.getByRole('log')).queryByText('Too late')).not.toBeInTheDocument();
    expect(input()).toHaveValue('Too late');
    expect(screen.getByText('This chat is closed')).toBeInTheDocument();
    await settle(chatRoomApi.INFO_BANNER_MS - 1);
    expect(screen.getByText('This chat is closed')).toBeInTheDocument();
    await settle(1);
    expect(screen.queryByText('This chat is closed')).not.toBeInTheDocument();
  });

  it('keeps what is in the box when a refused message comes back, and says sorry when the server gives no reason', async () => {
    roomServer();
    const { user } = renderRoom();
    const socket = await openRoom();
    await user.type(input(), 'First');
    await user.click(sendButton());
    const uuid = (sentOf(socket, 'NEW_MESSAGE')[0].data as { uuid: string }).uuid;
    await user.type(input(), 'Second, half written');

    push(socket, { event: 'FAILED_TO_SEND_MESSAGE', data: { uuid, message: '' } });
    expect(within(screen.getByRole('log')).queryByText('First')).not.toBeInTheDocument();
    expect(input()).toHaveValue('Second, half written');
    expect(screen.getByText('Your message didn’t send. Please try again.')).toBeInTheDocument();
  });

  it('says it is typing at the first text, again 300 ms after the last change, and stops when the box is cleared', async () => {
    roomServer();
    renderRoom();
    const socket = await openRoom();
    const typingEvents = () =>
      sentEvents(socket)
        .filter((one) => one.event === 'USER_TYPING' || one.event === 'USER_STOPPED_TYPING')
        .map((one) => one.event);

    // user-event waits on real timers between keys; the box's changes are enough here.
    const change = (value: string) => fireEvent.change(input(), { target: { value } });
    vi.useFakeTimers();
    change('H');
    expect(typingEvents()).toEqual(['USER_TYPING']);
    change('He');
    await settle(100);
    change('Hel');
    await settle(chatRoomApi.TYPING_DEBOUNCE_MS - 1);
    expect(typingEvents()).toEqual(['USER_TYPING']);
    await settle(1);
    expect(typingEvents()).toEqual(['USER_TYPING', 'USER_TYPING']);
    change('');
    await settle(chatRoomApi.TYPING_DEBOUNCE_MS);
    expect(typingEvents()).toEqual(['USER_TYPING', 'USER_TYPING', 'USER_STOPPED_TYPING']);
  });

  it('keeps saying it is typing every 2 s while the changes keep coming, and stops when the page goes to the background', async () => {
    roomServer();
    renderRoom();
    const socket = await openRoom();
    const typingEvents = () =>
      sentEvents(socket)
        .filter((one) => one.event === 'USER_TYPING' || one.event === 'USER_STOPPED_TYPING')
        .map((one) => one.event);
    const change = (value: string) => fireEvent.change(input(), { target: { value } });

    vi.useFakeTimers();
    let text = 'a';
    change(text);
    // A key every 100 ms: the 300 ms pause never comes, the 2 s refresh does.
    for (let elapsed = 100; elapsed < chatRoomApi.TYPING_REFRESH_MS; elapsed += 100) {
      await settle(100);
      change((text += 'a'));
    }
    expect(typingEvents()).toEqual(['USER_TYPING']);
    await settle(100);
    change((text += 'a'));
    expect(typingEvents()).toEqual(['USER_TYPING', 'USER_TYPING']);

    setPageVisible(false);
    expect(typingEvents()).toEqual(['USER_TYPING', 'USER_TYPING', 'USER_STOPPED_TYPING']);
    await settle(chatRoomApi.TYPING_DEBOUNCE_MS);
    expect(typingEvents()).toHaveLength(3);
    // Back in front, the next key starts it again.
    setPageVisible(true);
    change((text += 'b'));
    expect(typingEvents()).toEqual(['USER_TYPING', 'USER_TYPING', 'USER_STOPPED_TYPING', 'USER_TYPING']);
  });

  it('forgets someone who is typing once nothing is heard from them for 5 s', async () => {
    roomServer();
    renderRoom();
    const socket = await openRoom();
    vi.useFakeTimers();
    push(socket, { event: 'USER_TYPING', data: { chatUserId: nurse.chatUserId, name: nurse.name } });
    await settle(chatRoomApi.TYPING_EXPIRY_MS - 1_000);
    push(socket, { event: 'USER_TYPING', data: { chatUserId: doctor.chatUserId, name: doctor.name } });
    push(socket, { event: 'USER_TYPING', data: { chatUserId: nurse.chatUserId, name: nurse.name } });
    await settle(chatRoomApi.TYPING_EXPIRY_MS - 1);
    expect(screen.getByText('Nina Nurse and Dan Doctor are typing...')).toBeInTheDocument();

    await settle(1);
    expect(screen.queryByText(/typing/)).not.toBeInTheDocument();
    push(socket, { event: 'USER_TYPING', data: { chatUserId: nurse.chatUserId, name: nurse.name } });
    expect(screen.getByText('Nina Nurse is typing...')).toBeInTheDocument();
  });

  it('says who else is typing', async () => {
    roomServer();
    renderRoom();
    const socket = await openRoom();
    const someone = { chatUserId: 99, name: '' };
    push(socket, { event: 'USER_TYPING', data: { chatUserId: nurse.chatUserId, name: nurse.name } });
    expect(screen.getByText('Nina Nurse is typing...')).toBeInTheDocument();
    push(socket, { event: 'USER_TYPING', data: { chatUserId: doctor.chatUserId, name: doctor.name } });
    expect(screen.getByText('Nina Nurse and Dan Doctor are typing...')).toBeInTheDocument();
    push(socket, { event: 'USER_STOPPED_TYPING', data: { chatUserId: nurse.chatUserId, name: nurse.name } });
    push(socket, { event: 'USER_TYPING', data: someone });
    expect(screen.getByText('Dan Doctor and Someone are typing...')).toBeInTheDocument();
    // A message from them, or their leaving, ends it too.
    push(socket, { event: 'USER_DISCONNECTED', data: { chatUserId: doctor.chatUserId, name: doctor.name } });
    push(socket, { event: 'USER_STOPPED_TYPING', data: someone });
    expect(screen.queryByText(/typing/)).not.toBeInTheDocument();
    // One's own typing, echoed by the server, is not shown.
    push(socket, { event: 'USER_TYPING', data: { chatUserId: me.chatUserId, name: me.name } });
    expect(screen.queryByText(/typing/)).not.toBeInTheDocument();
  });

  it('offers the actions it is given in a menu that closes on Escape', async () => {
    roomServer();
    const onSelect = vi.fn();
    const { user } = renderRoom({
      actions: [{ title: 'Send a form', description: 'Intake questions', icon: <span>📝</span>, onSelect }],
    });
    await openRoom();
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    const item = await screen.findByRole('menuitem', { name: /Send a form/ });
    expect(item).toHaveTextContent('Intake questions');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: /Send a form/ }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('sends nothing for an empty box, even by keyboard', async () => {
    roomServer();
    renderRoom();
    const socket = await openRoom();
    act(() => {
      fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    });
    expect(sentOf(socket, 'NEW_MESSAGE')).toHaveLength(0);
    expect(screen.queryAllByTestId('message')).toHaveLength(0);
  });
});
