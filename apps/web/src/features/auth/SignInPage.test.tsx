import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '@referwell/contracts';
import { deleteCookie, readCookie } from '../../lib/cookies';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, FLOW_UUID, riverside } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const PASSWORD = 'referwell-demo';
const CODE = '123456';

/** A server with one account that signs in by e-mail and password, or by phone and texted code. */
function signInServer() {
  let signedIn = false;
  const server = fakeServer({
    'GET /api/v1/user/current': () =>
      signedIn ? currentUserResponse() : reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
    'GET /api/v1/user/current/practices': () => [riverside],
    'POST /api/v1/auth/config': () => ({ steps: ['EMAIL', 'PASSWORD'] }),
    'POST /api/v1/auth/start': ({ body }) =>
      body.phone
        ? { uuid: FLOW_UUID, steps: ['PHONE', 'PHONE_CODE'], nextStep: 'PHONE_CODE' }
        : { uuid: FLOW_UUID, steps: ['EMAIL', 'PASSWORD'], nextStep: 'PASSWORD' },
    'GET /api/v1/auth/:uuid/resend': () => ({ ok: true }),
    'POST /api/v1/auth/:uuid': ({ body }) => {
      if (body.step === 'PASSWORD' && body.value !== PASSWORD) {
        return reply(451, errorBody(451, 'BAD_CREDENTIALS', 'Incorrect email or password'));
      }
      if (body.step === 'PHONE_CODE' && body.value !== CODE) {
        return reply(457, errorBody(457, 'INCORRECT_CODE', 'Incorrect code'));
      }
      signedIn = true;
      return { status: 'COMPLETE' };
    },
  });
  return server;
}

describe('sign-in', () => {
  it('takes an e-mail, then the password, and opens the app', async () => {
    const server = signInServer();
    const { user, router } = renderApp('/login');

    const email = await screen.findByLabelText(/^email/i);
    await waitFor(() => expect(email).toHaveFocus());
    expect(document.title).toBe('Sign in · Referwell');
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    await user.type(email, 'Provider@Riverside.test{Enter}');

    const password = await screen.findByLabelText(/^password/i);
    expect(password).toHaveFocus();
    expect(screen.getByText('provider@riverside.test')).toBeInTheDocument();
    await user.type(password, `${PASSWORD}{Enter}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Rivers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.find('POST', '/api/v1/auth/start')[0].body).toEqual({
      app: 'PROVIDER_WEB',
      isPasswordReset: false,
      email: 'provider@riverside.test',
    });
    expect(server.find('POST', `/api/v1/auth/${FLOW_UUID}`)[0].body).toEqual({ step: 'PASSWORD', value: PASSWORD });
    const writes = server.requests.filter((request) => request.method !== 'GET');
    expect(writes.every((request) => request.headers['x-xsrf-token'] === 'test-csrf')).toBe(true);
  });

  it('says so when the password is wrong and keeps the person on the password step', async () => {
    signInServer();
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText(/^email/i), 'provider@riverside.test{Enter}');
    const password = await screen.findByLabelText(/^password/i);
    await user.type(password, 'wrong-password{Enter}');

    expect(await screen.findByText('Incorrect email or password')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.queryByRole('heading', { name: /welcome/i })).not.toBeInTheDocument();
  });

  it('checks the e-mail before asking the server', async () => {
    const server = signInServer();
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText(/^email/i), 'not-an-email{Enter}');

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/auth/start')).toHaveLength(0);
  });

  it('signs in with a phone number and the texted code', async () => {
    const server = signInServer();
    const { user } = renderApp('/login?next=%2Fsettings');

    await screen.findByLabelText(/^email/i);
    await user.click(screen.getByRole('button', { name: 'Use phone number instead' }));
    const phone = await screen.findByLabelText(/^phone number/i);
    expect(phone).toHaveFocus();
    await user.type(phone, '(202) 555-0102{Enter}');

    const code = await screen.findByLabelText(/^code/i);
    expect(code).toHaveFocus();
    // Typed one way, stored as +12025550102, read back as every screen shows numbers.
    expect(screen.getByText('Enter the 6-digit code we sent to (202) 555-0102.')).toBeInTheDocument();
    expect(screen.getByText('(202) 555-0102')).toBeInTheDocument();
    await user.type(code, '654321{Enter}');
    expect(await screen.findByText('That code is not right. Check it and try again.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, `${CODE}{Enter}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/auth/start')[0].body).toMatchObject({ phone: '+12025550102' });
  });

  it('sends a new code on request', async () => {
    const server = signInServer();
    const { user } = renderApp('/login');

    await screen.findByLabelText(/^email/i);
    await user.click(screen.getByRole('button', { name: 'Use phone number instead' }));
    await user.type(await screen.findByLabelText(/^phone number/i), '2025550102{Enter}');
    await screen.findByLabelText(/^code/i);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('We sent you a new code.')).toBeInTheDocument();
    expect(server.find('GET', `/api/v1/auth/${FLOW_UUID}/resend`)).toHaveLength(1);
  });

  it('says how long to wait after too many wrong passwords, and points to what still works', async () => {
    const held = 'Too many attempts with a wrong password. Try again in 2 minutes.';
    fakeServer({
      'GET /api/v1/user/current': () => reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
      'POST /api/v1/auth/config': () => ({ steps: ['EMAIL', 'PASSWORD'] }),
      'POST /api/v1/auth/start': () => ({ uuid: FLOW_UUID, steps: ['EMAIL', 'PASSWORD'], nextStep: 'PASSWORD' }),
      'POST /api/v1/auth/:uuid': () => reply(458, errorBody(458, 'TOO_MANY_LOGIN_ATTEMPTS', held)),
    });
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText(/^email/i), 'provider@riverside.test{Enter}');
    await user.type(await screen.findByLabelText(/^password/i), `${PASSWORD}{Enter}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${held} Meanwhile you can reset your password, or sign in with your phone number.`,
    );
    // Still on the password step, with the way to a reset at hand.
    expect(screen.getByLabelText(/^password/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});

describe('a browser without a session', () => {
  it('shows sign-in without asking who is signed in, and asks once a sign-in completes', async () => {
    const server = signInServer();
    // Never signed in here (or signed out): the server's readable hint is not there.
    deleteCookie(SESSION_HINT_COOKIE);
    const { user, router } = renderApp('/settings');

    const email = await screen.findByLabelText(/^email/i);
    expect(router.state.location.search).toBe('?next=%2Fsettings');
    expect(server.find('GET', '/api/v1/user/current')).toHaveLength(0);
    await user.type(email, 'provider@riverside.test{Enter}');
    await user.type(await screen.findByLabelText(/^password/i), `${PASSWORD}{Enter}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/user/current')).toHaveLength(1);
  });

  it('forgets a hint the server no longer backs, so the next visit does not ask', async () => {
    const server = signInServer();
    const { router } = renderApp('/login');
    await screen.findByLabelText(/^email/i);
    expect(server.find('GET', '/api/v1/user/current')).toHaveLength(1);
    expect(readCookie(SESSION_HINT_COOKIE)).toBeNull();

    await router.navigate('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText(/^email/i)).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/user/current')).toHaveLength(1);
  });
});
