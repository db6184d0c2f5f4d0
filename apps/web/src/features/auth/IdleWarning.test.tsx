import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordRequest } from '../../lib/activity';
import { setLogoutNavigator } from '../../lib/logout';
import { setSession } from '../../lib/session';
import { fakeServer } from '../../test/fakeServer';
import { currentUserResponse, provider, signedInRoutes } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { IdleWarning } from './IdleWarning';

const IDLE_TIMEOUT = 5 * 60_000;

function startSession() {
  const response = currentUserResponse();
  setSession({ currentUser: provider, serverSession: { ...response.session, idleTimeoutMs: IDLE_TIMEOUT } });
  recordRequest();
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('idle warning', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 2, 5, 9, 0, 0));
  });

  it('warns a minute before the idle logout and counts down', () => {
    fakeServer(signedInRoutes());
    startSession();
    renderWithProviders(<IdleWarning />);

    advance(IDLE_TIMEOUT - 61_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(1_000);
    expect(screen.getByRole('dialog', { name: 'Are you still there?' })).toBeInTheDocument();
    expect(screen.getByText('You will be signed out in 60 seconds')).toBeInTheDocument();
    advance(1_000);
    expect(screen.getByText('You will be signed out in 59 seconds')).toBeInTheDocument();
  });

  it('stays signed in when asked, by talking to the server', async () => {
    const server = fakeServer(signedInRoutes());
    startSession();
    renderWithProviders(<IdleWarning />);
    advance(IDLE_TIMEOUT - 30_000);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    });

    expect(server.find('GET', '/api/v1/user/current')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('signs out when the countdown reaches zero', async () => {
    const server = fakeServer(signedInRoutes());
    const navigate = vi.fn();
    setLogoutNavigator(navigate);
    startSession();
    renderWithProviders(<IdleWarning />);

    await act(async () => {
      vi.advanceTimersByTime(IDLE_TIMEOUT);
    });
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });

    expect(server.find('PUT', '/api/v1/auth/logout')).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('counts requests made in other tabs', () => {
    fakeServer(signedInRoutes());
    startSession();
    renderWithProviders(<IdleWarning />);
    advance(IDLE_TIMEOUT - 60_000);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    act(() => {
      localStorage.setItem('referwell.lastRequestAt', String(Date.now()));
      window.dispatchEvent(new StorageEvent('storage', { key: 'referwell.lastRequestAt' }));
    });

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
