import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, FLOW_UUID, riverside } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function resetServer() {
  let signedIn = false;
  return fakeServer({
    'GET /api/v1/user/current': () =>
      signedIn ? currentUserResponse() : reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
    'GET /api/v1/user/current/practices': () => [riverside],
    'POST /api/v1/auth/config': ({ body }) => ({
      steps: body.isPasswordReset ? ['EMAIL', 'EMAIL_CODE', 'SET_NEW_PASSWORD'] : ['EMAIL', 'PASSWORD'],
    }),
    'POST /api/v1/auth/start': ({ body }) =>
      body.isPasswordReset
        ? { uuid: FLOW_UUID, steps: ['EMAIL', 'EMAIL_CODE', 'SET_NEW_PASSWORD'], nextStep: 'EMAIL_CODE' }
        : { uuid: FLOW_UUID, steps: ['EMAIL', 'PASSWORD'], nextStep: 'PASSWORD' },
    'POST /api/v1/auth/:uuid': ({ body }) => {
      if (body.step === 'EMAIL_CODE') return { status: 'PENDING', nextStep: 'SET_NEW_PASSWORD' };
      signedIn = true;
      return { status: 'COMPLETE' };
    },
  });
}

describe('password reset', () => {
  it('is reached from sign-in with the e-mail carried over, and ends signed in', async () => {
    const server = resetServer();
    const { user, router } = renderApp('/login');

    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();

    const email = screen.getByLabelText(/^email/i);
    await user.type(email, 'provider@riverside.test{Enter}');
    expect(server.find('POST', '/api/v1/auth/start')[0].body).toMatchObject({ isPasswordReset: true });

    const code = await screen.findByLabelText(/^code/i);
    expect(screen.getByText('Enter the 6-digit code we sent to provider@riverside.test.')).toBeInTheDocument();
    await user.type(code, '123456{Enter}');

    const password = await screen.findByLabelText(/^new password/i);
    expect(password).toHaveFocus();
    await user.type(password, 'new-password-123');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'new-password-124{Enter}');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^confirm new password/i)).toHaveFocus();

    await user.clear(screen.getByLabelText(/^confirm new password/i));
    await user.type(screen.getByLabelText(/^confirm new password/i), 'new-password-123{Enter}');

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();
    expect(server.find('POST', `/api/v1/auth/${FLOW_UUID}`).at(-1)!.body).toEqual({
      step: 'SET_NEW_PASSWORD',
      value: 'new-password-123',
    });
  });

  it('starts again, saying why, once the code has been got wrong too often', async () => {
    const lastTry = 'That code is not right, and that was the last try: start again to get a new code.';
    const server = fakeServer({
      'GET /api/v1/user/current': () => reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
      'POST /api/v1/auth/config': () => ({ steps: ['EMAIL', 'EMAIL_CODE', 'SET_NEW_PASSWORD'] }),
      'POST /api/v1/auth/start': () => ({
        uuid: FLOW_UUID,
        steps: ['EMAIL', 'EMAIL_CODE', 'SET_NEW_PASSWORD'],
        nextStep: 'EMAIL_CODE',
      }),
      'POST /api/v1/auth/:uuid': () => reply(456, errorBody(456, 'OBJECT_NOT_FOUND', lastTry)),
    });
    const { user } = renderApp('/reset-password');

    await user.type(await screen.findByLabelText(/^email/i), 'provider@riverside.test{Enter}');
    await user.type(await screen.findByLabelText(/^code/i), '000000{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(lastTry);
    expect(screen.getByLabelText(/^email/i)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^email/i), 'provider@riverside.test{Enter}');
    expect(await screen.findByLabelText(/^code/i)).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/auth/start')).toHaveLength(2);
  });

  it('prefills the e-mail typed, but not yet sent, on the sign-in page', async () => {
    resetServer();
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(/^email/i), 'provider@riverside.test');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByLabelText(/^email/i)).toHaveValue('provider@riverside.test');
  });

  it('prefills the e-mail from the password step', async () => {
    resetServer();
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText(/^email/i), 'provider@riverside.test{Enter}');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByLabelText(/^email/i)).toHaveValue('provider@riverside.test');
  });
});
