import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, FLOW_UUID, riverside } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const LINK = `/set-password?flow=${FLOW_UUID}&code=link-code-123`;

function setupServer(flowStatus: () => unknown = () => ({ status: 'PENDING', nextStep: 'EMAIL_CODE' })) {
  let signedIn = false;
  return fakeServer({
    'GET /api/v1/user/current': () =>
      signedIn ? currentUserResponse() : reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
    'GET /api/v1/user/current/practices': () => [riverside],
    'GET /api/v1/auth/:uuid': flowStatus,
    'POST /api/v1/auth/:uuid': ({ body }) => {
      if (body.step === 'EMAIL_CODE') return { status: 'PENDING', nextStep: 'SET_NEW_PASSWORD' };
      signedIn = true;
      return { status: 'COMPLETE' };
    },
  });
}

describe('setting a first password from an e-mailed link', () => {
  it('asks only for the password, answers the link’s code with it, and ends signed in', async () => {
    const server = setupServer();
    const { user, router } = renderApp(LINK);

    expect(await screen.findByRole('heading', { level: 1, name: 'Set your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^new password/i), 'new-password-123');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'new-password-124{Enter}');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(server.find('POST', `/api/v1/auth/${FLOW_UUID}`)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^confirm new password/i));
    await user.type(screen.getByLabelText(/^confirm new password/i), 'new-password-123{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Welcome to Referwell: you are signed in.')).toBeInTheDocument();
    expect(server.find('POST', `/api/v1/auth/${FLOW_UUID}`).map((r) => r.body)).toEqual([
      { step: 'EMAIL_CODE', value: 'link-code-123' },
      { step: 'SET_NEW_PASSWORD', value: 'new-password-123' },
    ]);
  });

  it('says when the link has expired and points to a password reset', async () => {
    setupServer(() => reply(456, errorBody(456, 'OBJECT_NOT_FOUND', 'This sign-in has expired. Start again.')));
    const { user } = renderApp(LINK);

    await user.type(await screen.findByLabelText(/^new password/i), 'new-password-123');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'new-password-123{Enter}');

    expect(await screen.findByText('This link no longer works')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/reset-password');
  });

  it('says at once that a link without its code does not work', async () => {
    setupServer();
    renderApp('/set-password');

    expect(await screen.findByText('This link no longer works')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^new password/i)).not.toBeInTheDocument();
  });
});
