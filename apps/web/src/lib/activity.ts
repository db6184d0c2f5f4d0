import { useSyncExternalStore } from 'react';
import { getSession } from './session';

/**
 * When this browser last talked to the server. The server's idle timeout counts from the last
 * request, and every tab shares one session cookie, so tabs share this time through localStorage
 * while someone is signed in: an active tab keeps the quiet ones from warning or signing out.
 */
const STORAGE_KEY = 'referwell.lastRequestAt';
const listeners = new Set<() => void>();
let lastRequestAt = 0;

function readStored(): number {
  try {
    return Number(localStorage.getItem(STORAGE_KEY)) || 0;
  } catch {
    return 0;
  }
}

function notify() {
  listeners.forEach((listener) => listener());
}

export function recordRequest(at: number = Date.now()) {
  lastRequestAt = at;
  if (getSession().serverSession) {
    try {
      localStorage.setItem(STORAGE_KEY, String(at));
    } catch {
      // Storage can be unavailable (private mode, quota); this tab still tracks its own requests.
    }
  }
  notify();
}

/** Signing out leaves nothing of the session in the browser. */
export function clearActivity() {
  lastRequestAt = 0;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored where storage is unavailable.
  }
  notify();
}

function getLastRequestAt(): number {
  return Math.max(lastRequestAt, readStored());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLastRequestAt(): number {
  return useSyncExternalStore(subscribe, getLastRequestAt, getLastRequestAt);
}
