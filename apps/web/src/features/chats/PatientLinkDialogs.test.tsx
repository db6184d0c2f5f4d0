import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { chatsApi } from '@referwell/contracts';
import { reply, type FakeRequest } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderRouted } from '../../test/renderRouted';
import { chat, chatServer, chatUser, me, scope } from '../../test/chatFixtures';
import { ChatPanelHeader } from './ChatPanelHeader';
import { chatQuery } from './chatQueries';

const patient = chatUser(41, 'Sam Patient', { userId: null, practiceId: null });
const patientChat = (overrides: Partial<chatsApi.ChatSummary> = {}) =>
  chat(1, { type: 'PATIENT', title: 'Sam Patient', patientId: 5, users: [me, patient], ...overrides });

/** The open chat's header, as the chat panel shows it. */
function OpenChatHeader() {
  const open = useQuery(chatQuery(1, 1, patientChat().room));
  return open.data ? <ChatPanelHeader scope={scope} chat={open.data} /> : null;
}

function linkServer(initial: chatsApi.ChatSummary, routes: Record<string, (request: FakeRequest) => unknown> = {}) {
  return chatServer({
    'GET /api/v1/chats/:room': () => initial,
    'POST /api/v1/chat/:id/link/revoke': () => ({ ok: true }),
    'POST /api/v1/chat/:id/link': () => ({ ok: true }),
    ...routes,
  });
}

async function openMenu(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Chat actions' }));
  return screen.findByRole('menu');
}

describe('a patient chat’s texted link', { timeout: 20_000 }, () => {
  it('is revoked only once confirmed, the dialog saying what happens, with Cancel first for the keyboard', async () => {
    const server = linkServer(patientChat());
    const { user } = renderRouted(<OpenChatHeader />, { path: '/chats/1' });

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Revoke link…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke the chat link?' });
    expect(dialog).toHaveTextContent(
      'Every link to this chat that was texted to Sam Patient stops working at once, and the chat closes on any phone or computer where they have it open.',
    );
    expect(dialog).toHaveTextContent(
      'No new link is texted to them, not even when your practice writes, until you send one.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.find('POST', '/api/v1/chat/1/link/revoke')).toHaveLength(0);

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Revoke link…' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke the chat link?' });
    expect(within(dialog).getByRole('checkbox', { name: 'Text Sam Patient a new link now' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('Link revoked. Sam Patient can no longer open this chat.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.find('POST', '/api/v1/chat/1/link/revoke')[0].body).toEqual({ practiceId: 1, sendNewLink: false });
  });

  it('is revoked and a new one texted when asked, from the keyboard, a failure staying in the dialog', async () => {
    let fail = true;
    const server = linkServer(patientChat(), {
      'POST /api/v1/chat/:id/link/revoke': () =>
        fail
          ? reply(400, errorBody(400, 'BAD_REQUEST', 'Nobody in this chat was invited by text message'))
          : { ok: true },
    });
    const { user } = renderRouted(<OpenChatHeader />, { path: '/chats/1' });

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Revoke link…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the chat link?' });
    const checkbox = within(dialog).getByRole('checkbox', { name: 'Text Sam Patient a new link now' });
    expect(checkbox).toHaveAccessibleDescription('Only if the phone number is still theirs and in their hands.');
    checkbox.focus();
    await user.keyboard(' ');
    expect(checkbox).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nobody in this chat was invited by text message',
    );

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('Link revoked. A new link was texted to Sam Patient.')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/chat/1/link/revoke').map((request) => request.body)).toEqual([
      { practiceId: 1, sendNewLink: true },
      { practiceId: 1, sendNewLink: true },
    ]);
  });

  it('is texted anew once confirmed', async () => {
    const server = linkServer(patientChat());
    const { user } = renderRouted(<OpenChatHeader />, { path: '/chats/1' });

    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Send a new link…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Text a new link?' });
    expect(dialog).toHaveTextContent(
      'Sam Patient gets a text message with a new link to this chat. Links they already have keep working; to end those, revoke the link instead.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('A new link was texted to Sam Patient.')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/chat/1/link')[0].body).toEqual({ practiceId: 1 });
  });

  it('of a closed chat can be revoked but not sent again', async () => {
    linkServer(patientChat({ status: 'INACTIVE' }));
    const { user } = renderRouted(<OpenChatHeader />, { path: '/chats/1' });
    const menu = await openMenu(user);
    expect(within(menu).queryByRole('menuitem', { name: 'Send a new link…' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Revoke link…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the chat link?' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('is not offered in chats without patients', async () => {
    linkServer(patientChat({ type: 'USER_TO_USER', title: 'Chat 1', users: [me] }));
    const { user } = renderRouted(<OpenChatHeader />, { path: '/chats/1' });
    const menu = await openMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Leave chat…' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /link/ })).not.toBeInTheDocument();
  });
});
