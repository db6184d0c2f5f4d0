import { notifications } from '@mantine/notifications';
import { authApi } from '@referwell/contracts';
import { clearActivity } from './activity';
import { call } from './api';
import { currentUserQuery } from './currentUser';
import { queryClient } from './queryClient';
import { getSession, resetSession } from './session';

type Navigate = (path: string) => unknown;

// Replaced by the router's navigate once the app mounts; a full load also leaves nothing behind.
let navigate: Navigate = (path) => window.location.assign(path);
let pending: Promise<void> | null = null;

export function setLogoutNavigator(next: Navigate) {
  navigate = next;
}

/** Ends the server session, then forgets every client-side session value and shows sign-in. */
export function logout(): Promise<void> {
  pending ??= (async () => {
    try {
      await call(authApi.logout, { query: { app: 'PROVIDER_WEB' } });
    } catch {
      // The server session may already be gone; signing out locally must happen regardless.
    }
    // A load still in flight would otherwise write the old user back into the emptied session.
    await queryClient.cancelQueries();
    resetSession();
    clearActivity();
    // Who was signed in goes first, or the sign-in page would take them for still signed in; the
    // rest once the signed-in screens are gone, or they would ask for it again and be refused.
    queryClient.removeQueries({ queryKey: currentUserQuery().queryKey, exact: true });
    await navigate('/login');
    queryClient.clear();
  })().finally(() => {
    pending = null;
  });
  return pending;
}

/** Whether a sign-out is under way: what the server refuses meanwhile is expected. */
export function signingOut(): boolean {
  return pending !== null;
}

/** A call was refused for want of a session: only news if we believed we were signed in. */
export async function handleUnauthorized() {
  if (!getSession().currentUser) return;
  notifications.show({ id: 'signed-out', color: 'red', title: 'Sorry', message: 'We need you to log in again' });
  await logout();
}
