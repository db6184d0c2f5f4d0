import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, FLOW_UUID, riverside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

describe('coming back after sign-in', () => {
  it('returns to the page in `next` once signed in', async () => {
    let signedIn = false;
    fakeServer({
      'GET /api/v1/user/current': () =>
        signedIn ? currentUserResponse() : reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
      'GET /api/v1/user/current/practices': () => [riverside],
      'POST /api/v1/auth/config': () => ({ steps: ['EMAIL', 'PASSWORD'] }),
      'POST /api/v1/auth/start': () => ({ uuid: FLOW_UUID, steps: ['EMAIL', 'PASSWORD'], nextStep: 'PASSWORD' }),
      'POST /api/v1/auth/:uuid': () => {
        signedIn = true;
        return { status: 'COMPLETE' };
      },
    });
    const { user, router } = renderApp('/login?next=%2Fsessions%3Ftab%3Dall');

    await user.type(await screen.findByLabelText(/^email/i), 'provider@riverside.test{Enter}');
    await user.type(await screen.findByLabelText(/^password/i), 'referwell-demo{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/sessions'));
    expect(router.state.location.search).toBe('?tab=all');
  });

  it('keeps `next` when the person turns to a password reset', async () => {
    fakeServer({
      'GET /api/v1/user/current': () => reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
      'POST /api/v1/auth/config': () => ({ steps: ['EMAIL', 'PASSWORD'] }),
    });
    renderApp('/login?next=%2Finvite%2Fabc');

    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset-password?next=%2Finvite%2Fabc',
    );
  });

  it.each(['//evil.test/path', 'https://evil.test', '/\\evil.test', 'settings'])(
    'ignores the unsafe next %j',
    async (next) => {
      fakeServer(signedInRoutes());
      const { router } = renderApp(`/login?next=${encodeURIComponent(next)}`);

      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Rivers' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );
});
