import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatRoomApi } from '@referwell/contracts';
import { message, openRoom, push, ROOM, roomServer } from '../../test/chatRoomFixtures';
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

  it('says what is missing from its address', () => {
    const { unmount } = render(<ChatRoomApp search="?token=t1" />);
    expect(screen.getByRole('alert')).toHaveTextContent('No room passed to connect to the chat server');
    unmount();
    render(<ChatRoomApp search={`?room=${ROOM}`} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No access token passed to connect to the chat server');
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
