import { useSyncExternalStore } from 'react';
import type { CurrentUserResponse, PracticeMembership, User, UserSettings } from '@referwell/contracts';

/** Domains the contracts do not describe yet; their values are held as received. */
type Opaque = Record<string, unknown>;

/** Everything the client keeps about the signed-in user (spec 1 §1). Sign-out empties all of it. */
export interface SessionState {
  csrfToken: string | null;
  accessToken: string | null;
  currentUser: User | null;
  currentPractice: PracticeMembership | null;
  currentOrganisation: Opaque | null;
  practices: PracticeMembership[];
  organisations: Opaque[];
  gates: Record<string, boolean>;
  userSettings: UserSettings | null;
  unreadInfo: Opaque | null;
  recentProviders: Opaque[];
  currentChat: Opaque | null;
  lastAlertMessage: string | null;
  notificationsModalOpen: boolean;
  /** Idle timeout and expiry of the server session, for the idle warning. */
  serverSession: CurrentUserResponse['session'] | null;
}

export const EMPTY_SESSION: Readonly<SessionState> = Object.freeze({
  csrfToken: null,
  accessToken: null,
  currentUser: null,
  currentPractice: null,
  currentOrganisation: null,
  practices: [],
  organisations: [],
  gates: {},
  userSettings: null,
  unreadInfo: null,
  recentProviders: [],
  currentChat: null,
  lastAlertMessage: null,
  notificationsModalOpen: false,
  serverSession: null,
});

let state: SessionState = EMPTY_SESSION;
const listeners = new Set<() => void>();

function notify() {
  listeners.forEach((listener) => listener());
}

export function getSession(): SessionState {
  return state;
}

export function setSession(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  notify();
}

export function resetSession() {
  state = EMPTY_SESSION;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads one value of the session; the selector must return stored values, not new objects. */
export function useSession<T>(select: (session: SessionState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(state),
  );
}
