import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatRoomApi } from '@referwell/contracts';
import { ROOM, roomServer } from '../../features/chat/chatFixtures';
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
    expect(readChatRoomQuery('?room=r&token=t&device=blackberry')).toEqual({ room: 'r', token: 't', device: 'web', embedUID: undefined, displayStyle: 'normal', light: false });
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

  it('posts its height to the host page on load and whenever it changes', () => {
    roomServer();
    let resized: () => void = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    let height = 300;
    vi.spyOn(document.body, 'getBoundingClientRect').mockImplementation(() => ({ height }) as DOMRect);
    const posted = vi.spyOn(window.parent, 'postMessage');
    render(<ChatRoomApp search={`?room=${ROOM}&token=t1&embedUID=host-7`} />);
    expect(posted).toHaveBeenCalledWith({ type: chatRoomApi.EMBED_HEIGHT_MESSAGE, height: 300, embedUID: 'host-7' }, '*');

    height = 420.4;
    act(() => resized());
    expect(posted).toHaveBeenLastCalledWith({ type: 'florie-embed-height', height: 421, embedUID: 'host-7' }, '*');
    act(() => resized());
    expect(posted).toHaveBeenCalledTimes(2);
  });
});
