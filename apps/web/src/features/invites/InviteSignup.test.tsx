import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User as Account } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, FLOW_UUID, lakeside, provider } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { INVITE_CODE, inviteView } from '../../test/inviteFixtures';

const CODE = '123456';
const newUser: Account = {
  ...provider,
  id: 21,
  email: 'nia@example.test',
  firstName: 'Nia',
  lastName: 'New',
  practiceId: 2,
};

/** Someone signed out with an invite; the server signs them up and in as the invite promises. */
function signupServer(signup: (body: any) => Response | object) {
  let signedIn = false;
  return fakeServer({
    'GET /api/v1/user/current': () =>
      signedIn
        ? currentUserResponse({ user: newUser, currentPractice: { ...lakeside, roles: ['STAFF'] } })
        : reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
    'GET /api/v1/user/current/practices': () => [{ ...lakeside, roles: ['STAFF'] }],
    'GET /api/v1/invites/:code': () => inviteView(),
    'POST /api/v1/auth/config': () => ({ steps: ['EMAIL', 'PASSWORD'] }),
    'POST /api/v1/user/signup': ({ body }) => signup(body),
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
  await enter(user, /^first name/i, 'Nia');
  await enter(user, /^last name/i, 'New');
  await enter(user, /^email/i, 'nia@example.test');
  await enter(user, /^mobile phone/i, '(202) 555-0177');
  await enter(user, /^password/i, 'a-long-enough-password');
  await user.click(screen.getByRole('checkbox', { name: /accept the referwell terms/i }));
}

describe('signing up from an invite', () => {
  // Long: it fills the form twice and walks the code step.
  it(
    'checks the form, sends the invite code, verifies the phone and lands in the practice',
    { timeout: 15_000 },
    async () => {
      const server = signupServer(() =>
        reply(201, { userId: 21, verification: { uuid: FLOW_UUID, nextStep: 'PHONE_CODE' } }),
      );
      const { user, router } = renderApp(`/invite/${INVITE_CODE}`);

      await user.click(await screen.findByRole('button', { name: 'Create my account' }));
      expect(screen.getByText('Use the address the invite was sent to (n•••@example.test).')).toBeInTheDocument();
      expect(screen.getByText('Staff')).toBeInTheDocument();
      await enter(user, /^password/i, 'short');
      await user.click(screen.getByRole('button', { name: 'Create my account' }));

      expect(await screen.findByText('Enter your first name')).toBeInTheDocument();
      expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
      expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
      expect(screen.getByText('Use 10 to 70 characters')).toBeInTheDocument();
      expect(screen.getByText('You must accept the terms')).toBeInTheDocument();
      expect(server.find('POST', '/api/v1/user/signup')).toHaveLength(0);

      await user.clear(screen.getByLabelText(/^password/i));
      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Create my account' }));

      const code = await screen.findByLabelText(/^code/i);
      expect(screen.getByText('Enter the 6-digit code we sent to (202) 555-0177.')).toBeInTheDocument();
      expect(server.find('POST', '/api/v1/user/signup')[0].body).toEqual({
        email: 'nia@example.test',
        phone: '+12025550177',
        password: 'a-long-enough-password',
        firstName: 'Nia',
        lastName: 'New',
        role: 'STAFF',
        app: 'PROVIDER_WEB',
        termsAccepted: true,
        inviteCode: INVITE_CODE,
      });
      await user.type(code, `${CODE}{Enter}`);

      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Nia New' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(screen.getByText('What is waiting for you at Lakeside Health.')).toBeInTheDocument();
      expect(server.find('POST', `/api/v1/auth/${FLOW_UUID}`)[0].body).toEqual({ step: 'PHONE_CODE', value: CODE });
      // The server accepted the invite with the new account; nothing is left to accept.
      expect(server.requests.some((r) => r.path.endsWith('/accept'))).toBe(false);
    },
  );

  it('shows the server refusing the phone number on its field', async () => {
    signupServer(() =>
      reply(400, {
        ...errorBody(400, 'ERROR_INVALID_PHONE_NUMBER', 'Invalid phone number'),
        issues: [{ path: ['body', 'phone'], message: 'Invalid phone number' }],
      }),
    );
    const { user } = renderApp(`/invite/${INVITE_CODE}`);

    await user.click(await screen.findByRole('button', { name: 'Create my account' }));
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^mobile phone/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts validation issues on their fields', async () => {
    signupServer(() =>
      reply(400, {
        ...errorBody(400, 'BAD_REQUEST', 'Incorrect params'),
        issues: [{ path: ['body', 'email'], message: 'Invalid e-mail address' }],
      }),
    );
    const { user } = renderApp(`/invite/${INVITE_CODE}`);

    await user.click(await screen.findByRole('button', { name: 'Create my account' }));
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByText('Invalid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends someone who already has an account to sign in', async () => {
    signupServer(() =>
      reply(450, errorBody(450, 'ERROR_OBJECT_EXISTS', 'An account with this e-mail or phone number already exists')),
    );
    const { user } = renderApp(`/invite/${INVITE_CODE}`);

    await user.click(await screen.findByRole('button', { name: 'Create my account' }));
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('An account with this e-mail or phone number already exists')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Sign in to accept the invite' })).toHaveAttribute(
      'href',
      `/login?next=%2Finvite%2F${INVITE_CODE}`,
    );
  });

  it('prefills the invited e-mail when the invitee is known', async () => {
    fakeServer({
      'GET /api/v1/user/current': () => reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
      'GET /api/v1/invites/:code': () => inviteView({ email: 'nia@example.test' }),
    });
    const { user } = renderApp(`/invite/${INVITE_CODE}`);

    await user.click(await screen.findByRole('button', { name: 'Create my account' }));
    expect(screen.getByLabelText(/^email/i)).toHaveValue('nia@example.test');
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('readonly');
  });

  it('leads to sign-in alone when the invited address has an account', async () => {
    fakeServer({
      'GET /api/v1/user/current': () => reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
      'GET /api/v1/invites/:code': () => inviteView({ accountExists: true }),
    });
    renderApp(`/invite/${INVITE_CODE}`);

    expect(await screen.findByRole('link', { name: 'I have an account: sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create my account' })).not.toBeInTheDocument();
  });
});
