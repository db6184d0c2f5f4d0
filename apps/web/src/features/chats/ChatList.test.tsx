import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderRouted } from '../../test/renderRouted';
import { announceChatChanged, announceUnreadChanged } from '../events';
import { chat, chatListRoute, chatServer, scope } from '../../test/chatFixtures';
import { ChatList } from './ChatList';
import { useChatsLiveUpdates } from './useChatsLiveUpdates';

const LIST = '/api/v1/chats';

/** The list as the chats page shows it: listening to the events socket, chat 2 open. */
function ListWithLiveUpdates() {
  useChatsLiveUpdates();
  return <ChatList scope={scope} selectedId={2} />;
}

const chats = async () => within(await screen.findByRole('list', { name: 'Chats' })).getAllByRole('link');

describe('the chat list', { timeout: 20_000 }, () => {
  it('shows each chat’s title, last message, time and state, with the unread count, and pages by ten', async () => {
    const many = [
      chat(1, { title: 'Lakeside Health', type: 'PRACTICE_TO_PRACTICE', unreadCount: 3 }),
      chat(2, { title: 'Jane Doe', type: 'PATIENT', muted: true, lastMessage: null }),
      chat(3, {
        title: 'Old case',
        status: 'INACTIVE',
        lastMessage: { text: 'Thanks!', fromName: null, createdAt: Date.now() - 2 * 3_600_000 },
      }),
      ...Array.from({ length: 12 }, (_, i) => chat(10 + i, { title: `Colleague ${i + 1}` })),
    ];
    const server = chatServer({ [`GET ${LIST}`]: chatListRoute(() => many) });
    const { user } = renderRouted(<ListWithLiveUpdates />, { path: '/chats/2' });

    const links = await chats();
    expect(links).toHaveLength(10);
    expect(links[0]).toHaveAttribute('href', '/chats/1');
    expect(links[0]).toHaveAccessibleName(/^Lakeside Health 5 minutes ago Lee Harbor: See you at three \(3 unread\)$/);
    expect(within(links[0]).getByText('Lakeside Health')).toHaveStyle({ fontWeight: '700' });
    expect(links[1]).toHaveAccessibleName(/Jane Doe .*No messages yet Muted/);
    expect(links[1]).toHaveAttribute('aria-current', 'page');
    expect(links[2]).toHaveAccessibleName(/Old case 2 hours ago Thanks! Closed/);
    // Read chats carry no count.
    expect(within(links[2]).queryByText(/unread/)).not.toBeInTheDocument();
    expect(Object.fromEntries(server.find('GET', LIST)[0].query)).toEqual({
      practiceId: '1',
      page: '0',
      pageSize: '10',
      includeCount: 'true',
    });

    expect(screen.getByText('1–10 of 15')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: /Colleague 12/ })).toBeInTheDocument();
    expect(await chats()).toHaveLength(5);
    expect(server.find('GET', LIST).at(-1)!.query.get('page')).toBe('1');
  });

  it('searches, starting again from the first page, and says when nothing matches', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      chat(10 + i, { title: i === 11 ? 'Lee Harbor' : `Colleague ${i + 1}` }),
    );
    const server = chatServer({ [`GET ${LIST}`]: chatListRoute(() => many) });
    const { user } = renderRouted(<ListWithLiveUpdates />, { path: '/chats' });
    await chats();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: /^Lee Harbor/ });

    await user.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'lee');
    await waitFor(() => expect(server.find('GET', LIST).at(-1)!.query.get('query')).toBe('lee'));
    expect(server.find('GET', LIST).at(-1)!.query.get('page')).toBe('0');
    expect(await chats()).toHaveLength(1);

    await user.clear(screen.getByRole('searchbox', { name: 'Search chats' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search chats' }), 'nobody');
    expect(await screen.findByText('No chats match “nobody”')).toBeInTheDocument();
  });

  it('says when the practice has no chats yet', async () => {
    chatServer({ [`GET ${LIST}`]: () => ({ data: [], count: 0 }) });
    renderRouted(<ListWithLiveUpdates />, { path: '/chats' });
    expect(await screen.findByText('No chats yet')).toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    let fail = true;
    chatServer({
      [`GET ${LIST}`]: () =>
        fail ? reply(403, errorBody(403, 'FORBIDDEN', 'Forbidden')) : { data: [chat(1)], count: 1 },
    });
    const { user } = renderRouted(<ListWithLiveUpdates />, { path: '/chats' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the chats');
    expect(alert).toHaveTextContent('Forbidden');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Chat 1/ })).toBeInTheDocument();
  });

  it('refreshes when the events socket announces a message in a chat, or changed counts after a reconnection', async () => {
    let items = [chat(1, { title: 'Lee Harbor' })];
    chatServer({ [`GET ${LIST}`]: chatListRoute(() => items) });
    renderRouted(<ListWithLiveUpdates />, { path: '/chats' });
    await screen.findByRole('link', { name: /^Lee Harbor/ });

    items = [
      chat(1, {
        title: 'Lee Harbor',
        unreadCount: 1,
        lastMessage: { text: 'Are you free?', fromName: 'Lee Harbor', createdAt: Date.now() },
      }),
    ];
    act(() => announceChatChanged({ chatId: 1, practiceId: 1 }));
    expect(await screen.findByRole('link', { name: /Are you free\? \(1 unread\)/ })).toBeInTheDocument();

    items = [chat(4, { title: 'Jane Doe', type: 'PATIENT' }), ...items];
    act(() => announceUnreadChanged(undefined));
    expect(await screen.findByRole('link', { name: /^Jane Doe/ })).toBeInTheDocument();
  });

  it('opens a chat’s menu on a right-click, where Mute waits for the server, keeps the menu open and shows its mark', async () => {
    let current = chat(1, { title: 'Lee Harbor' });
    let answer!: () => void;
    const server = chatServer({
      [`GET ${LIST}`]: chatListRoute(() => [current]),
      'PUT /api/v1/chat/:id/mute': ({ body }) =>
        new Promise((resolve) => {
          answer = () => {
            current = { ...current, muted: body.mute };
            resolve(current);
          };
        }),
    });
    const { user } = renderRouted(<ListWithLiveUpdates />, { path: '/chats' });
    const [link] = await chats();

    expect(fireEvent.contextMenu(link, { clientX: 30, clientY: 40 })).toBe(false);
    const menu = await screen.findByRole('menu', { name: 'Actions for Lee Harbor' });
    const mute = within(menu).getByRole('menuitemcheckbox', { name: 'Mute' });
    expect(mute).toHaveAttribute('aria-checked', 'false');
    await user.click(mute);
    expect(mute).toHaveAttribute('aria-busy', 'true');
    expect(server.find('PUT', '/api/v1/chat/1/mute')[0].body).toEqual({ practiceId: 1, mute: true });

    await act(async () => answer());
    await waitFor(() => expect(mute).toHaveAttribute('aria-checked', 'true'));
    expect(mute).not.toHaveAttribute('aria-busy');
    expect(await screen.findByRole('link', { name: /^Lee Harbor .*Muted/ })).toBeInTheDocument();
    expect(menu).toBeInTheDocument();
  });

  it('opens a chat’s menu from the keyboard; Close and Leave ask first, and leaving another chat keeps the open one', async () => {
    const server = chatServer({
      [`GET ${LIST}`]: chatListRoute(() => [chat(1, { title: 'Lee Harbor' }), chat(2)]),
      'PUT /api/v1/chat/:id/leave': () => ({ ok: true }),
    });
    const { user, router } = renderRouted(<ListWithLiveUpdates />, { path: '/chats/2' });
    const [link] = await chats();
    link.focus();

    await user.keyboard('{Shift>}{F10}{/Shift}');
    await screen.findByRole('menu', { name: 'Actions for Lee Harbor' });
    await waitFor(() => expect(screen.getByRole('menuitemcheckbox', { name: 'Mute' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(link).toHaveFocus();

    await user.keyboard('{ContextMenu}');
    await user.click(await screen.findByRole('menuitem', { name: 'Close chat…' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    const closing = await screen.findByRole('dialog', { name: 'Close this chat?' });
    await user.click(within(closing).getByRole('button', { name: 'Cancel' }));
    expect(server.find('PUT', '/api/v1/chat/1/close')).toHaveLength(0);

    fireEvent.contextMenu(link, { clientX: 30, clientY: 40 });
    await user.click(await screen.findByRole('menuitem', { name: 'Leave chat…' }));
    const leaving = await screen.findByRole('dialog', { name: 'Leave this chat?' });
    await user.click(within(leaving).getByRole('button', { name: 'Leave chat' }));
    await waitFor(() => expect(server.find('PUT', '/api/v1/chat/1/leave')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave this chat?' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/chats/2');
  });
});
