import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatRoomApi } from '@referwell/contracts';
import { reply } from '../../test/fakeServer';
import { fromMe, message, openRoom, push, riverside, ROOM, roomServer, TOKEN } from '../../test/chatRoomFixtures';
import { ChatRoomApp } from './ChatRoomApp';
import { readChatRoomQuery } from './chatRoomQuery';

afterEach(() => vi.restoreAllMocks());

describe('the chat room page', () => {
  it('reads its address', () => {
    expect(readChatRoomQuery(`?room=${ROOM}&token=t1&device=IOS&embedUID=e-1&displayStyle=compact&light`)).toEqual({
      room: ROOM,
      token: 't1',
      device: 'ios',
      embedUID: 'e-1',
      displayStyle: 'compact',
      light: true,
    });
    expect(readChatRoomQuery('?room=r&token=t&device=blackberry')).toEqual({
      room: 'r',
      token: 't',
      device: 'web',
      embedUID: undefined,
      displayStyle: 'normal',
      light: false,
    });
  });

  it('says a link cut short is incomplete', () => {
    const { unmount } = render(<ChatRoomApp search="?token=t1" />);
    expect(screen.getByRole('alert')).toHaveTextContent('This chat link is incomplete');
    unmount();
    render(<ChatRoomApp search={`?room=${ROOM}`} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This chat link is incomplete');
  });

  it('uses the dark colour scheme unless light is in the address', () => {
    const { unmount } = render(<ChatRoomApp search="?token=t1" />);
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    unmount();
    render(<ChatRoomApp search="?token=t1&light" />);
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  it('posts its content’s height to the host page on load and as the conversation grows, not the frame’s', async () => {
    roomServer({ stored: [message(1), message(2)] });
    // Laid out by hand (jsdom has no layout): a 600 px frame the room fills, and parts as tall as their content.
    const heightOf = (element: Element) => {
      if (element.classList.contains('rw-chat')) return 600;
      if (element.classList.contains('rw-chat__top')) return element.querySelector('header') ? 52 : 0;
      if (element.classList.contains('rw-chat-state')) return 90;
      if (element.classList.contains('rw-chat__list'))
        return 16 + 40 * element.querySelectorAll('[data-testid=message]').length;
      if (element.classList.contains('rw-chat__footer')) return 80;
      return 0;
    };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { height: heightOf(this) } as DOMRect;
    });
    const posted = vi.spyOn(window.parent, 'postMessage');
    const heights = () => posted.mock.calls.map(([data]) => (data as { height: number }).height);
    render(<ChatRoomApp search={`?room=${ROOM}&token=t1&embedUID=host-7`} />);
    // Connecting...: the state alone.
    expect(posted).toHaveBeenCalledWith(
      { type: chatRoomApi.EMBED_HEIGHT_MESSAGE, height: 90, embedUID: 'host-7' },
      '*',
    );

    const socket = await openRoom();
    await waitFor(() => expect(heights().at(-1)).toBe(52 + 16 + 2 * 40 + 80));
    push(socket, { event: 'NEW_MESSAGE', data: message(3) });
    await waitFor(() =>
      expect(posted).toHaveBeenLastCalledWith(
        { type: 'florie-embed-height', height: 52 + 16 + 3 * 40 + 80, embedUID: 'host-7' },
        '*',
      ),
    );
    // In a frame shorter than the conversation the list scrolls; what it hides still counts.
    const list = screen.getByRole('log');
    list.style.overflowY = 'auto'; // as messageList.css has it (jsdom reads no style sheets)
    Object.defineProperty(list, 'getBoundingClientRect', {
      configurable: true,
      value: () => ({ height: 150 }) as DOMRect,
    });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 150 });
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 16 + 4 * 40 });
    push(socket, { event: 'NEW_MESSAGE', data: message(4) });
    await waitFor(() => expect(heights().at(-1)).toBe(52 + 16 + 4 * 40 + 80));
    expect(heights()).not.toContain(600);
    // A height is posted when it changes, not again.
    expect(heights().every((height, index) => height !== heights()[index - 1])).toBe(true);
  });
});

describe('the chat room page, in its practice’s colours', () => {
  const page = `?room=${ROOM}&token=${TOKEN}`;
  const header = () => screen.getByRole('banner');

  it('leads with the practice’s logo and name, names the tab after it, and draws its own messages and send button in its colour', async () => {
    const logoUrl = '/api/v1/files/public/00000000-0000-4000-8000-00000000000a';
    const server = roomServer({ branding: { ...riverside, logoUrl }, stored: [fromMe(1)] });
    const { container } = render(<ChatRoomApp search={page} />);
    // Before the chat has even connected, the patient sees whose link this is.
    expect(await screen.findByRole('heading', { level: 1, name: 'Riverside Family Clinic' })).toBeInTheDocument();
    expect(screen.getByText('Connecting...')).toBeInTheDocument();
    expect(header().querySelector('img')).toHaveAttribute('src', logoUrl);
    expect(document.title).toBe('Chat with Riverside Family Clinic');
    expect(server.find('GET', `/florie/v1/chat/${ROOM}/branding`)[0].headers.authorization).toBe(`Bearer ${TOKEN}`);

    await openRoom();
    // The practice's teal, with white text on it (chatTheme.test.ts checks every colour's contrast).
    const room = container.querySelector<HTMLElement>('.rw-chat')!;
    expect(room.style.getPropertyValue('--chat-own-bubble')).toBe('#0f766e');
    expect(room.style.getPropertyValue('--chat-own-text')).toBe('#ffffff');
    expect(room.style.getPropertyValue('--chat-accent')).toBe('#0f766e');
    expect(within(header()).getByRole('img', { name: 'Nina Nurse' })).toBeInTheDocument();
  });

  it('shows the practice’s initials on its colour when it has no logo', async () => {
    roomServer();
    render(<ChatRoomApp search={page} />);
    await screen.findByRole('heading', { level: 1, name: 'Riverside Family Clinic' });
    expect(header().querySelector('img')).toBeNull();
    expect(header()).toHaveTextContent(/^RCRiverside Family Clinic/);
  });

  it('on an expired or revoked link, names the practice to ask for a new one and offers to call it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = roomServer();
    const answer = server.fetch.getMockImplementation()!;
    server.fetch.mockImplementation(async (input, init) =>
      (input as string | URL).toString() === `/florie/v1/chat/${ROOM}`
        ? reply(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Your access to this chat has expired' })
        : answer(input, init),
    );
    render(<ChatRoomApp search={page} />);
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(alert).toHaveTextContent('This link has expiredAsk Riverside Family Clinic for a new one.'),
    );
    expect(screen.getByRole('link', { name: 'Call Riverside Family Clinic' })).toHaveAttribute(
      'href',
      'tel:+13125550100',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Riverside Family Clinic' })).toBeInTheDocument();
  });

  it('goes on unbranded when the practice cannot be named', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    roomServer({ branding: reply(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Not valid' }) });
    render(<ChatRoomApp search={page} />);
    await openRoom();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.title).toBe('Chat');
  });
});
