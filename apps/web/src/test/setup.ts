import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../lib/queryClient';
import { resetSession } from '../lib/session';
import { FakeWebSocket } from './fakeWebSocket';

// Tests render whole screens (a lazy route's first render included), which can take longer than
// the 1 s default on a busy machine; every findBy and waitFor waits up to this long.
configure({ asyncUtilTimeout: 4000 });

// jsdom lacks the layout APIs Mantine reads; these stand-ins report "no match" and "no size".
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Screens keep the events socket open; in tests no server answers it (see FakeWebSocket).
window.WebSocket = FakeWebSocket as unknown as typeof WebSocket;

// Modules keep one session, one query cache and one notification list; each test starts afresh.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetSession();
  FakeWebSocket.instances = [];
  queryClient.clear();
  notifications.clean();
  document.cookie.split(';').forEach((pair) => {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
  sessionStorage.clear();
});
