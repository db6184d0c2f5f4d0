import { vi } from 'vitest';
import { SESSION_HINT_COOKIE } from '@referwell/contracts';
import { deleteCookie } from '../lib/cookies';

/** One request as the stubbed `fetch` saw it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: any;
}

type Handler = (request: FakeRequest, params: Record<string, string>) => unknown;

export function reply(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function match(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const found = new RegExp(`^${source}$`).exec(path);
  if (!found) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1])]));
}

const setSessionHint = () => {
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
};

/**
 * Replaces `fetch` with a router over "METHOD /path/:param" handlers, the way the app meets the
 * server. Handlers return a Response (for errors) or a value sent as JSON with 200. Exact paths win
 * over patterns, as they do on the server. The CSRF endpoint is always there and sets the cookie.
 * The session hint cookie comes and goes as the server's does: set when a sign-in step completes,
 * cleared at sign-out. A test that answers who is signed in plays a browser that may hold a session
 * (the hint is there from the start); one for a browser that never signed in leaves that route out.
 */
export function fakeServer(routes: Record<string, Handler>) {
  if (routes['GET /api/v1/user/current']) setSessionHint();
  const all: Record<string, Handler> = {
    'GET /api/v1/auth/csrf': () => {
      document.cookie = 'XSRF-TOKEN=test-csrf; path=/';
      return { token: 'test-csrf' };
    },
    ...routes,
  };
  const requests: FakeRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    // The API clients fetch by URL string, never with a Request.
    const url = new URL((input as string | URL).toString(), 'http://localhost');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const candidates = Object.entries(all).filter(([key]) => key.startsWith(`${request.method} `));
    const exact = candidates.find(([key]) => key.slice(request.method.length + 1) === request.path);
    for (const [key, handler] of exact ? [exact] : candidates) {
      const params = match(key.slice(request.method.length + 1), request.path);
      if (!params) continue;
      const result = await handler(request, params);
      if (key === 'POST /api/v1/auth/:uuid' && (result as { status?: string } | null)?.status === 'COMPLETE')
        setSessionHint();
      if (key === 'PUT /api/v1/auth/logout') deleteCookie(SESSION_HINT_COOKIE);
      return result instanceof Response ? result : reply(200, result);
    }
    return reply(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    requests,
    fetch: fetchStub,
    find: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}
