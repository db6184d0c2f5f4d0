import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

function sessionsServer() {
  let sessions: SessionInfo[] = [
    {
      uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
      app: 'PROVIDER_WEB',
      device: FIREFOX_WINDOWS,
      ip: '203.0.113.9',
      createdAt: Date.now() - 3 * 86_400_000,
      lastSeenAt: Date.now() - 2 * 3_600_000,
      current: false,
    },
    {
      uuid: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
      app: 'PROVIDER_WEB',
      device: CHROME_MAC,
      ip: '198.51.100.4',
      createdAt: Date.now() - 600_000,
      lastSeenAt: Date.now() - 5_000,
      current: true,
    },
  ];
  return fakeServer({
    ...signedInRoutes(),
    'GET /api/v1/auth/sessions': () => sessions,
    'DELETE /api/v1/auth/sessions': ({ body }) => {
      sessions = sessions.filter((session) => session.uuid !== body.uuid);
      return { ok: true };
    },
  });
}

describe('sessions page', () => {
  it('lists sessions with this device first and ends another one after confirmation', async () => {
    const server = sessionsServer();
    const { user } = renderApp('/sessions');

    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]).getByText('Chrome on macOS')).toBeInTheDocument();
    expect(within(rows[0]).getByText('This device')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Firefox on Windows')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/2 hours ago/)).toBeInTheDocument();
    expect(document.title).toBe('Sessions · Referwell');

    await user.click(screen.getByRole('button', { name: 'End session on Firefox on Windows' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));

    await waitFor(() => expect(screen.queryByText('Firefox on Windows', { selector: 'p' })).not.toBeInTheDocument());
    expect(server.find('DELETE', '/api/v1/auth/sessions')[0].body).toEqual({
      uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
    });
  });

  it('keeps the session when the confirmation is cancelled', async () => {
    const server = sessionsServer();
    const { user } = renderApp('/sessions');

    await user.click(await screen.findByRole('button', { name: 'End session on Firefox on Windows' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(server.find('DELETE', '/api/v1/auth/sessions')).toHaveLength(0);
  });

  it("signs out when this device's session is ended", async () => {
    const server = sessionsServer();
    const { user, router } = renderApp('/sessions');

    await user.click(await screen.findByRole('button', { name: 'End session on Chrome on macOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.find('PUT', '/api/v1/auth/logout')).toHaveLength(1);
  });

  it('asks the person to log in again, once, when the session has ended on the server', async () => {
    const server = fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/auth/sessions': () => reply(401, errorBody(401, 'UNAUTHORIZED', 'Unauthorized')),
    });
    const { router } = renderApp('/sessions');

    expect(await screen.findByText('We need you to log in again')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getAllByText('Sorry')).toHaveLength(1);
    expect(server.find('PUT', '/api/v1/auth/logout')).toHaveLength(1);
  });
});
