import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { chatsApi } from '@referwell/contracts';
import { reply, type FakeRequest } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderRouted } from '../../test/renderRouted';
import { alex, chat, chatServer, chatUser, lee, me, profile, scope } from '../../test/chatFixtures';
import { ChatPanelHeader } from './ChatPanelHeader';
import { chatQuery } from './chatQueries';

const ROOM = chat(1).room;

/** The open chat's header as the panel shows it: the chat read by its room, kept in the cache. */
function OpenChatHeader() {
  const open = useQuery(chatQuery(1, 1, ROOM));
  return open.data ? <ChatPanelHeader scope={scope} chat={open.data} /> : null;
}

/** A server holding one chat that the calls change as the real one would. */
function headerServer(initial: chatsApi.ChatSummary, routes: Record<string, (request: FakeRequest) => unknown> = {}) {
  let current = initial;
  const update = (patch: Partial<chatsApi.ChatSummary>) => {
    current = { ...current, ...patch };
    return current;
  };
  const server = chatServer({
    'GET /api/v1/chats/:room': () => current,
    'PUT /api/v1/chat/:id/mute': ({ body }) => update({ muted: body.mute }),
    'PUT /api/v1/chat/:id/close': () => update({ status: 'INACTIVE' }),
    'PUT /api/v1/chat/:id/leave': () => ({ ok: true }),
    'GET /api/v1/users': () => ({ data: [profile(8, 'Alex', 'Moss')], count: 1 }),
    ...routes,
  });
  return server;
}

async function act(user: UserEvent, item: string) {
  await user.click(await screen.findByRole('button', { name: 'Chat actions' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the open chat’s header', { timeout: 20_000 }, () => {
  it('names the chat and who is in it, with the way back to the list', async () => {
    headerServer(
      chat(1, {
        title: 'Lee Harbor',
        users: [lee, me, alex, chatUser(40, 'Intake', { userType: 'BOT', userId: null })],
      }),
    );
    renderRouted(<OpenChatHeader />, { path: '/chats/1' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Lee Harbor' })).toBeInTheDocument();
    expect(screen.getByText('People · You, Lee Harbor and Alex Moss')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to chats' })).toHaveAttribute('href', '/chats');
  });

  it('is the page’s h1 on a narrow screen, where the open chat hides the list and its heading', async () => {
    const wide = window.matchMedia.bind(window);
    const narrow = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query) => ({ ...wide(query), matches: query === '(max-width: 61.99em)' }));
    try {
      headerServer(chat(1, { title: 'Lee Harbor' }));
      renderRouted(<OpenChatHeader />, { path: '/chats/1' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Lee Harbor' })).toBeInTheDocument();
    } finally {
      narrow.mockRestore();
    }
  });

  it('mutes and unmutes the chat, the menu staying open with its mark', async () => {
    const server = headerServer(chat(1));
    const { user } = renderRouted(<OpenChatHeader />, { path: '/chats/1' });

    await user.click(await screen.findByRole('button', { name: 'Chat actions' }));
    const mute = await screen.findByRole('menuitemcheckbox', { name: 'Mute' });
    expect(mute).toHaveAttribute('aria-checked', 'false');
    await user.click(mute);
    expect(await screen.findByText('Muted')).toBeInTheDocument();
    await waitFor(() => expect(mute).toHaveAttribute('aria-checked', 'true'));
    expect(server.find('PUT', '/api/v1/chat/1/mute')[0].body).toEqual({ practiceId: 1, mute: true });

    await user.click(mute);
    await waitFor(() => expect(screen.queryByText('Muted')).not.toBeInTheDocument());
    expect(mute).toHaveAttribute('aria-checked', 'false');
    expect(server.find('PUT', '/api/v1/chat/1/mute')[1].body).toEqual({ practiceId: 1, mute: false });
  });

  it('closes the chat only once it is confirmed, keeping a failure in the dialog', async () => {
    let fail = true;
    const server = headerServer(chat(1), {
      'PUT /api/v1/chat/:id/close': () =>
        fail
          ? reply(403, errorBody(403, 'FORBIDDEN', 'Only the chat’s practice may close it'))
          : { ...chat(1), status: 'INACTIVE' },
    });
    const { user } = renderRouted(<OpenChatHeader />, { path: '/chats/1' });

    await act(user, 'Close chat…');
    let dialog = await screen.findByRole('dialog', { name: 'Close this chat?' });
    expect(dialog).toHaveTextContent('Nobody can send messages in it any more');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.find('PUT', '/api/v1/chat/1/close')).toHaveLength(0);

    await act(user, 'Close chat…');
    dialog = await screen.findByRole('dialog', { name: 'Close this chat?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only the chat’s practice may close it');

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/chat/1/close').at(-1)!.body).toEqual({ practiceId: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close this chat?' })).not.toBeInTheDocument());
    // A closed chat can no longer be closed or have people added.
    await user.click(screen.getByRole('button', { name: 'Chat actions' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Close chat…' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Add or remove people…' })).not.toBeInTheDocument();
  });

  it('leaves the chat once it is confirmed, back to the list', async () => {
    const server = headerServer(chat(1));
    const { user, router } = renderRouted(<OpenChatHeader />, { path: '/chats/1' });

    await act(user, 'Leave chat…');
    const dialog = await screen.findByRole('dialog', { name: 'Leave this chat?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
    expect(server.find('PUT', '/api/v1/chat/1/leave')[0].body).toEqual({ practiceId: 1 });
  });

  it('adds and removes people, keeping the caller, bots and patients invited by phone', async () => {
    const bot = chatUser(40, 'Intake', { userType: 'BOT', userId: 90 });
    const patient = chatUser(41, '+12025550199', { userId: null });
    let answer: (request: FakeRequest) => unknown = () =>
      reply(400, {
        ...errorBody(400, 'BAD_REQUEST', 'Incorrect params'),
        issues: [{ path: ['body', 'users'], message: 'Alex Moss cannot join a chat of this practice' }],
      });
    const server = headerServer(chat(1, { users: [me, lee, bot, patient] }), {
      'PUT /api/v1/chat/:id': (request) => answer(request),
    });
    const { user } = renderRouted(<OpenChatHeader />, { path: '/chats/1' });

    await act(user, 'Add or remove people…');
    const dialog = await screen.findByRole('dialog', { name: 'People in this chat' });
    const staying = within(dialog).getByRole('list', { name: 'Staying in the chat' });
    expect(
      within(staying)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pat Rivers (you)', 'Intake', '+12025550199']);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Lee Harbor' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'People' }), 'al');
    await user.click(await screen.findByRole('option', { name: /Alex Moss/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Alex Moss cannot join a chat of this practice')).toBeInTheDocument();

    answer = () => chat(1, { users: [me, alex, bot, patient] });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'People in this chat' })).not.toBeInTheDocument());
    expect(server.find('PUT', '/api/v1/chat/1').at(-1)!.body).toEqual({ practiceId: 1, users: [7, 90, 8] });
    expect(await screen.findByText('People · You, Alex Moss and +12025550199')).toBeInTheDocument();
  });
});
