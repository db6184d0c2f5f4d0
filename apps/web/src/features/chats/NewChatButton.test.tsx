import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { errorBody, lakeside } from '../../test/fixtures';
import { renderRouted } from '../../test/renderRouted';
import { jane } from '../../test/referralFixtures';
import { chat, chatServer, profile, scope } from '../../test/chatFixtures';
import { NewChatButton } from './NewChatButton';

const badRequest = (path: (string | number)[], message: string) =>
  reply(400, { ...errorBody(400, 'BAD_REQUEST', 'Incorrect params'), issues: [{ path: ['body', ...path], message }] });

/** The directory, practice and patient searches the forms use. */
const searchRoutes = {
  'GET /api/v1/practices': () => ({ data: [lakeside.practice], count: 1 }),
  'GET /api/v1/users': () => ({
    data: [profile(8, 'Alex', 'Moss'), profile(31, 'Lee', 'Harbor', lakeside.practice)],
    count: 2,
  }),
  'GET /api/v1/patients': () => ({ data: [jane], count: 1 }),
};

async function openForm(user: UserEvent, kind: 'A practice' | 'People' | 'A patient') {
  await user.click(screen.getByRole('button', { name: 'New chat' }));
  const dialog = await screen.findByRole('dialog', { name: 'New chat' });
  await user.click(within(dialog).getByRole('radio', { name: kind }));
  return dialog;
}

async function choose(user: UserEvent, field: string, text: string, option: RegExp) {
  await user.type(screen.getByRole('combobox', { name: field }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('starting a chat', { timeout: 20_000 }, () => {
  it('opens the chat with another practice, after asking which one', async () => {
    let answer: () => unknown = () => badRequest(['practiceId'], 'A practice cannot chat with itself');
    const server = chatServer({ ...searchRoutes, 'POST /api/v1/practice/:id/openChat': () => answer() });
    const { user, router } = renderRouted(<NewChatButton scope={scope} />, { path: '/chats' });
    const dialog = await openForm(user, 'A practice');

    await user.click(within(dialog).getByRole('button', { name: 'Open chat' }));
    expect(await within(dialog).findByText('Choose the practice to chat with')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/practice/1/openChat')).toHaveLength(0);

    await choose(user, 'Practice', 'lake', /Lakeside Health/);
    await user.click(within(dialog).getByRole('button', { name: 'Open chat' }));
    // The server's issue lands on the field it is about.
    expect(await within(dialog).findByText('A practice cannot chat with itself')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Practice' })).toHaveAttribute('aria-invalid', 'true');

    answer = () => chat(55, { type: 'PRACTICE_TO_PRACTICE', title: 'Lakeside Health' });
    await user.click(within(dialog).getByRole('button', { name: 'Open chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/55'));
    expect(server.find('POST', '/api/v1/practice/1/openChat').at(-1)!.body).toEqual({
      practiceId: lakeside.practice.id,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New chat' })).not.toBeInTheDocument());
  });

  it('starts a chat with people chosen from the directory', async () => {
    let answer: () => unknown = () =>
      badRequest(['users', 0], 'Lee Harbor cannot be reached in a chat from your practice');
    const server = chatServer({ ...searchRoutes, 'POST /api/v1/chats': () => answer() });
    const { user, router } = renderRouted(<NewChatButton scope={scope} />, { path: '/chats' });
    const dialog = await openForm(user, 'People');

    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    expect(await within(dialog).findByText('Choose who to chat with')).toBeInTheDocument();

    await choose(user, 'People', 'a', /Alex Moss/);
    await choose(user, 'People', 'l', /Lee Harbor.*Lakeside Health/);
    // Someone chosen is not offered again, and can be taken out.
    await user.type(screen.getByRole('combobox', { name: 'People' }), 'a');
    expect(await screen.findByRole('status')).toHaveTextContent('Nobody found');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Alex Moss' }));
    await choose(user, 'People', 'a', /Alex Moss/);

    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Lee Harbor cannot be reached in a chat from your practice',
    );

    answer = () => chat(56);
    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/56'));
    expect(server.find('POST', '/api/v1/chats').at(-1)!.body).toEqual({
      practiceId: 1,
      type: 'USER_TO_USER',
      users: [31, 8],
    });
  });

  it('invites a patient by phone, saying a text message with a link will be sent', async () => {
    let answer: () => unknown = () =>
      badRequest(['usersPhoneNumbers', 0], 'Enter a phone number that can receive text messages');
    const server = chatServer({ ...searchRoutes, 'POST /api/v1/chats': () => answer() });
    const { user, router } = renderRouted(<NewChatButton scope={scope} />, { path: '/chats' });
    const dialog = await openForm(user, 'A patient');
    await user.click(within(dialog).getByRole('radio', { name: 'By phone number' }));
    expect(within(dialog).getByText(/The patient gets a text message with a link to the chat/)).toBeInTheDocument();

    const phone = within(dialog).getByRole('textbox', { name: 'Patient’s phone number' });
    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    expect(await within(dialog).findByText("Enter the patient's phone number")).toBeInTheDocument();
    await user.type(phone, '555');
    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    expect(await within(dialog).findByText('Phone must be at least 8 characters')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/chats')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '+12025550199');
    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    expect(await within(dialog).findByText('Enter a phone number that can receive text messages')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');

    answer = () => chat(57, { type: 'PATIENT', title: '+12025550199' });
    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/57'));
    expect(server.find('POST', '/api/v1/chats').at(-1)!.body).toEqual({
      practiceId: 1,
      type: 'PATIENT',
      usersPhoneNumbers: ['+12025550199'],
    });
  });

  it('opens the chat with one of the practice’s patients', async () => {
    let answer: () => unknown = () =>
      reply(400, errorBody(400, 'BAD_REQUEST', 'This patient has no phone number to text the chat link to'));
    const server = chatServer({ ...searchRoutes, 'POST /api/v1/patient/:id/action/createChat': () => answer() });
    const { user, router } = renderRouted(<NewChatButton scope={scope} />, { path: '/chats' });
    const dialog = await openForm(user, 'A patient');

    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    expect(await within(dialog).findByText('Choose the patient to chat with')).toBeInTheDocument();
    await choose(user, 'Patient', 'ja', /Jane Doe/);
    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This patient has no phone number to text the chat link to',
    );

    answer = () => chat(58, { type: 'PATIENT', title: 'Jane Doe', patientId: jane.id });
    await user.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/58'));
    expect(server.find('POST', `/api/v1/patient/${jane.id}/action/createChat`).at(-1)!.body).toEqual({ practiceId: 1 });
  });
});
