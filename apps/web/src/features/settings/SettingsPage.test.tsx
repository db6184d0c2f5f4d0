import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody, provider, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function settingsServer(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    ...signedInRoutes(),
    'GET /api/v1/user/:id/settings': () => DEFAULT_USER_SETTINGS,
    ...routes,
  });
}

async function section(name: string) {
  return within(await screen.findByRole('region', { name }));
}

describe('settings page', () => {
  it('saves the profile and shows server validation on the field', async () => {
    let attempts = 0;
    const server = settingsServer({
      'PUT /api/v1/user/:id/': ({ body }) =>
        ++attempts === 1
          ? reply(400, {
              ...errorBody(400, 'BAD_REQUEST', 'Incorrect params'),
              issues: [{ path: ['title'], message: 'Title is not allowed' }],
            })
          : { ...provider, ...body },
    });
    const { user } = renderApp('/settings');
    const profile = await section('Profile');

    const title = profile.getByLabelText(/^title/i);
    await user.clear(title);
    await user.type(title, 'Prof.');
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Title is not allowed')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');

    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile is saved')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/user/7/').at(-1)!.body).toEqual({
      firstName: 'Pat',
      lastName: 'Rivers',
      title: 'Prof.',
    });
  });

  it('offers no setting for what Referwell does not do yet: sounds, appointments, help screens, the calendar', async () => {
    const server = settingsServer();
    renderApp('/settings');
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Password' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Phone number' })).toBeInTheDocument();

    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('switch')).toEqual([]);
    expect(screen.queryByText(/sound|appointment|help screen|calendar/i)).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/user/7/settings')).toHaveLength(0);
  });

  it('checks a new password before sending it and reports a wrong current password', async () => {
    const server = settingsServer({
      'PUT /api/v1/updatePassword': () => reply(451, errorBody(451, 'BAD_CREDENTIALS', 'Incorrect email or password')),
    });
    const { user } = renderApp('/settings');
    const password = await section('Password');

    await user.type(password.getByLabelText(/^current password/i), 'old-password-1');
    await user.type(password.getByLabelText(/^new password/i), 'short');
    await user.type(password.getByLabelText(/^confirm new password/i), 'different');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText('Use at least 10 characters')).toBeInTheDocument();
    expect(password.getByText('The passwords do not match')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/updatePassword')).toHaveLength(0);

    await user.clear(password.getByLabelText(/^new password/i));
    await user.type(password.getByLabelText(/^new password/i), 'a-much-longer-password');
    await user.clear(password.getByLabelText(/^confirm new password/i));
    await user.type(password.getByLabelText(/^confirm new password/i), 'a-much-longer-password');
    await user.click(password.getByRole('button', { name: 'Change password' }));

    expect(await password.findByText('Your current password is not right')).toBeInTheDocument();
    expect(password.getByLabelText(/^current password/i)).toHaveAttribute('aria-invalid', 'true');
    expect(server.find('PUT', '/api/v1/updatePassword')[0].body).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'a-much-longer-password',
    });
  });

  it('changes the phone number once the texted code is confirmed', async () => {
    const server = settingsServer({
      'PUT /api/v1/user/:id/verifyPhone': () => ({ ok: true }),
      'PUT /api/v1/user/:id/verifyCode': ({ body }) =>
        body.code === '123456'
          ? { ...provider, phone: '+12025550199' }
          : reply(457, errorBody(457, 'INCORRECT_CODE', 'Incorrect code')),
    });
    const { user } = renderApp('/settings');
    const phone = await section('Phone number');
    expect(phone.getByText('(202) 555-0102')).toBeInTheDocument();

    await user.type(phone.getByLabelText(/^new phone number/i), '202 555 0199{Enter}');
    const code = await phone.findByLabelText(/^code/i);
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code we texted to (202) 555-0199.');
    expect(server.find('PUT', '/api/v1/user/7/verifyPhone')[0].body).toEqual({ phone: '+12025550199' });

    await user.type(code, '000000{Enter}');
    expect(await phone.findByText('That code is not right. Check it and try again.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456{Enter}');

    expect(await phone.findByText('(202) 555-0199')).toBeInTheDocument();
    expect(await screen.findByText('Your number is now (202) 555-0199')).toBeInTheDocument();
    expect(phone.getByLabelText(/^new phone number/i)).toHaveValue('');
  });
});
