import { describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { fakeServer, reply } from '../test/fakeServer';
import { currentUserResponse, provider, riverside } from '../test/fixtures';
import { handleUnauthorized, logout, setLogoutNavigator } from './logout';
import { queryClient } from './queryClient';
import { EMPTY_SESSION, getSession, setSession, type SessionState } from './session';

/** A value for every key, so a key that logout forgets to clear fails the comparison. */
const FULL_SESSION: SessionState = {
  csrfToken: 'csrf',
  accessToken: 'access',
  currentUser: provider,
  currentPractice: riverside,
  currentOrganisation: { id: 3, name: 'River Health Group' },
  practices: [riverside],
  organisations: [{ id: 3, name: 'River Health Group' }],
  gates: { referrals: true },
  userSettings: {
    notificationSounds: false,
    helpScreen: false,
    toggledCalendarIds: [1],
    toggledCalendarSlots: ['a'],
    calendarDisplaySlotHeight: 50,
    reschedulePatientNotifications: false,
    receiveAppointmentEmails: false,
  },
  unreadInfo: { total: 4 },
  recentProviders: [{ id: 9 }],
  currentChat: { id: 12 },
  lastAlertMessage: 'Referral accepted',
  notificationsModalOpen: true,
  serverSession: currentUserResponse().session,
};

describe('logout', () => {
  it('signs out of the server, then clears every session value and the query cache, and shows sign-in', async () => {
    const server = fakeServer({ 'PUT /api/v1/auth/logout': () => ({ ok: true }) });
    const navigate = vi.fn();
    setLogoutNavigator(navigate);
    setSession(FULL_SESSION);
    queryClient.setQueryData(['currentUser'], currentUserResponse());

    await logout();

    expect(server.find('PUT', '/api/v1/auth/logout')).toHaveLength(1);
    expect(server.find('PUT', '/api/v1/auth/logout')[0].query.get('app')).toBe('PROVIDER_WEB');
    for (const key of Object.keys(FULL_SESSION) as Array<keyof SessionState>) {
      expect(getSession()[key], key).toEqual(EMPTY_SESSION[key]);
    }
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(localStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('still signs out locally when the server cannot be reached', async () => {
    fakeServer({ 'PUT /api/v1/auth/logout': () => reply(400, { statusCode: 400, code: 'BAD_REQUEST', message: 'x' }) });
    const navigate = vi.fn();
    setLogoutNavigator(navigate);
    setSession(FULL_SESSION);

    await logout();

    expect(getSession()).toEqual(EMPTY_SESSION);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('runs once for overlapping calls', async () => {
    const server = fakeServer({ 'PUT /api/v1/auth/logout': () => ({ ok: true }) });
    setLogoutNavigator(vi.fn());
    await Promise.all([logout(), logout(), logout()]);
    expect(server.find('PUT', '/api/v1/auth/logout')).toHaveLength(1);
  });
});

describe('handleUnauthorized', () => {
  it('tells a signed-in person to log in again and signs them out', async () => {
    fakeServer({ 'PUT /api/v1/auth/logout': () => ({ ok: true }) });
    const show = vi.spyOn(notifications, 'show');
    const navigate = vi.fn();
    setLogoutNavigator(navigate);
    setSession({ currentUser: provider });

    await handleUnauthorized();

    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Sorry', message: 'We need you to log in again' }),
    );
    expect(navigate).toHaveBeenCalledWith('/login');
    show.mockRestore();
  });

  it('stays quiet for someone who was not signed in', async () => {
    const server = fakeServer({});
    const show = vi.spyOn(notifications, 'show');
    await handleUnauthorized();
    expect(show).not.toHaveBeenCalled();
    expect(server.requests).toHaveLength(0);
    show.mockRestore();
  });
});
