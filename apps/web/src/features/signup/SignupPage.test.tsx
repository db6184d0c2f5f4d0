import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User as Account } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, FLOW_UUID, provider, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const CODE = '123456';
const newUser: Account = { ...provider, id: 31, email: 'quinn@example.test', firstName: 'Quinn', lastName: 'Park' };

/**
 * Someone signed out, whom the server signs up and, once the code is right, signs in; `taken` says
 * which e-mail addresses and phone numbers already have an account.
 */
function signupServer(signup: (body: any) => Response | object, taken: string[] = []) {
  let signedIn = false;
  return fakeServer({
    'GET /api/v1/user/current': () =>
      signedIn
        ? currentUserResponse({ user: newUser, currentPractice: null })
        : reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
    'GET /api/v1/user/current/practices': () => [],
    'GET /api/v1/user/availablePractices': () => [],
    'POST /api/v1/auth/config': () => ({ steps: ['EMAIL', 'PASSWORD'] }),
    'POST /api/v1/user/signup': ({ body }) => signup(body),
    'GET /api/v1/user/phone-or-email': ({ query }) => ({ taken: taken.includes(query.get('value')!) }),
    'POST /api/v1/auth/:uuid': ({ body }) => {
      if (body.value !== CODE) return reply(457, errorBody(457, 'INCORRECT_CODE', 'Incorrect code'));
      signedIn = true;
      return { status: 'COMPLETE' };
    },
  });
}

type User = ReturnType<typeof renderApp>['user'];

/** Pastes rather than types: every key re-renders the form, and the test only needs the values. */
async function enter(user: User, label: RegExp, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function fillIn(user: User) {
  await enter(user, /^first name/i, 'Quinn');
  await enter(user, /^last name/i, 'Park');
  await enter(user, /^email/i, 'quinn@example.test');
  await enter(user, /^mobile phone/i, '(217) 555-0142');
  await enter(user, /^password/i, 'a-long-enough-password');
  await user.click(screen.getByRole('radio', { name: /^Staff/ }));
  await user.click(screen.getByRole('checkbox', { name: /accept the referwell terms/i }));
}

async function submit(user: User) {
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

describe('signing up at /signup', () => {
  it('is offered on the sign-in page', async () => {
    signupServer(() => ({}));
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Referwell' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it(
    'checks the form, sends the chosen role, verifies the texted code and goes on to start a practice',
    { timeout: 20_000 },
    async () => {
      const server = signupServer(() =>
        reply(201, { userId: 31, verification: { uuid: FLOW_UUID, nextStep: 'PHONE_CODE' } }),
      );
      const { user, router } = renderApp('/signup');

      await screen.findByRole('heading', { level: 1, name: 'Join Referwell' }, { timeout: 5000 });
      await submit(user);
      expect(await screen.findByText('Enter your first name')).toBeInTheDocument();
      // A keyboard or screen-reader user is taken to the first field to fix.
      await waitFor(() => expect(screen.getByLabelText(/^first name/i)).toHaveFocus());
      expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
      expect(screen.getByText('Choose what you do')).toBeInTheDocument();
      expect(screen.getByText('You must accept the terms')).toBeInTheDocument();
      expect(server.find('POST', '/api/v1/user/signup')).toHaveLength(0);

      await fillIn(user);
      await submit(user);

      const code = await screen.findByLabelText(/^code/i);
      expect(screen.getByRole('heading', { name: 'Confirm your phone' })).toBeInTheDocument();
      expect(server.find('POST', '/api/v1/user/signup')[0].body).toEqual({
        email: 'quinn@example.test',
        phone: '+12175550142',
        password: 'a-long-enough-password',
        firstName: 'Quinn',
        lastName: 'Park',
        role: 'STAFF',
        app: 'PROVIDER_WEB',
        termsAccepted: true,
      });
      await user.type(code, `${CODE}{Enter}`);

      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Quinn Park' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/start');
    },
  );

  it('shows the server refusing the phone number on its field', { timeout: 15_000 }, async () => {
    signupServer(() =>
      reply(400, {
        ...errorBody(400, 'ERROR_INVALID_PHONE_NUMBER', 'Invalid phone number'),
        issues: [{ path: ['body', 'phone'], message: 'Invalid phone number' }],
      }),
    );
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Join Referwell' }, { timeout: 5000 });
    await fillIn(user);
    await submit(user);

    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^mobile phone/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^email/i)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('marks a taken e-mail on its field and offers to sign in', { timeout: 15_000 }, async () => {
    signupServer(() =>
      reply(450, {
        ...errorBody(450, 'ERROR_OBJECT_EXISTS', 'An account with this e-mail or phone number already exists'),
        issues: [{ path: ['body', 'email'], message: 'An account with this e-mail already exists' }],
      }),
    );
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Join Referwell' }, { timeout: 5000 });
    await fillIn(user);
    await submit(user);

    expect(await screen.findByText('An account with this e-mail already exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^mobile phone/i)).not.toHaveAttribute('aria-invalid', 'true');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/login');
  });

  it('says as soon as the e-mail or phone field is left that an account uses it', { timeout: 15_000 }, async () => {
    const server = signupServer(() => ({}), ['quinn@example.test', '+12175550142']);
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Join Referwell' }, { timeout: 5000 });

    await enter(user, /^email/i, 'Quinn@Example.test');
    await enter(user, /^mobile phone/i, '(217) 555-0199');
    expect(await screen.findByText(/An account already uses this e-mail address\./)).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('link', { name: 'Sign in instead?' })).toHaveAttribute('href', '/login');

    // A number nobody uses is not marked; one in use is, once the field is left.
    await enter(user, /^password/i, 'a-long-enough-password');
    expect(screen.getByLabelText(/^mobile phone/i)).not.toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText(/^mobile phone/i));
    await enter(user, /^mobile phone/i, '(217) 555-0142');
    await user.tab();
    expect(await screen.findByText(/An account already uses this phone number\./)).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/user/phone-or-email').map((r) => r.query.get('value'))).toEqual([
      'quinn@example.test',
      '+12175550199',
      '+12175550142',
    ]);
  });

  it('shows a password of the wrong length refused by the server on its field', { timeout: 15_000 }, async () => {
    signupServer(() =>
      reply(400, {
        ...errorBody(400, 'BAD_REQUEST', 'Password must be at most 70 characters'),
        issues: [{ path: ['body', 'password'], message: 'Password must be at most 70 characters' }],
      }),
    );
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Join Referwell' }, { timeout: 5000 });
    await fillIn(user);
    await submit(user);

    expect(await screen.findByText('Password must be at most 70 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends someone already signed in home', async () => {
    fakeServer(signedInRoutes());
    const { router } = renderApp('/signup');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Rivers' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
