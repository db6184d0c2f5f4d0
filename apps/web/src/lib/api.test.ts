import { describe, expect, it, vi } from 'vitest';
import { authApi, systemApi, usersApi } from '@referwell/contracts';
import { reply } from '../test/fakeServer';
import { currentUserResponse, FLOW_UUID } from '../test/fixtures';
import {
  ApiError,
  createApiClient,
  NETWORK_ERROR,
  retryDelay,
  UNEXPECTED_RESPONSE,
  type ApiClientOptions,
} from './api';

type Step = Response | Error | DOMException | ((url: string, init: RequestInit) => Response);

/** A client whose fetch answers from `steps` in order, with sleeping and jitter under test control. */
function setup(steps: Step[], overrides: Partial<ApiClientOptions> = {}) {
  let cookie: string | null = 'csrf-1';
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const step = steps.shift();
    if (!step) throw new Error(`Unexpected request ${(input as string | URL).toString()}`);
    if (step instanceof Response) return step;
    if (typeof step === 'function') return step((input as string | URL).toString(), init);
    throw step;
  });
  const sleep = vi.fn(async (_ms: number) => {});
  const onNetworkError = vi.fn();
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    fetch,
    sleep,
    random: () => 0.5,
    readCookie: () => cookie,
    onRequest: () => {},
    onCsrfToken: () => {},
    onNetworkError,
    onUnauthorized,
    ...overrides,
  });
  return {
    client,
    fetch,
    sleep,
    onNetworkError,
    onUnauthorized,
    setCookie: (value: string | null) => {
      cookie = value;
    },
  };
}

const unavailable = () => reply(503, { statusCode: 503, code: 'UNHEALTHY', message: 'Service unhealthy' });
const outbox = () => reply(200, []);
const headersOf = (init: RequestInit) => new Headers(init.headers);

describe('retries', () => {
  it('waits 100 ms doubling per attempt plus up to 20% jitter', () => {
    expect(retryDelay(0, () => 0)).toBe(100);
    expect(retryDelay(0, () => 1)).toBe(120);
    expect(retryDelay(1, () => 0)).toBe(200);
    expect(retryDelay(2, () => 0.5)).toBe(440);
  });

  it('retries an idempotent call three times on 5xx, then gives up with the last status', async () => {
    const { client, fetch, sleep } = setup([unavailable(), unavailable(), unavailable(), unavailable()]);
    const failure = await client.call(systemApi.devOutbox, { query: {} }).catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([110, 220, 440]);
  });

  it('recovers when a retry succeeds after network errors', async () => {
    const { client, fetch, sleep, onNetworkError } = setup([
      new TypeError('offline'),
      new TypeError('offline'),
      outbox(),
    ]);
    await expect(client.call(systemApi.devOutbox, { query: {} })).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(onNetworkError).not.toHaveBeenCalled();
  });

  it('reports a network error once when the server never answers', async () => {
    const offline = () => new TypeError('offline');
    const { client, fetch, onNetworkError } = setup([offline(), offline(), offline(), offline()]);
    const failure = await client.call(systemApi.devOutbox, { query: {} }).catch((error) => error);
    expect(failure).toMatchObject({ status: 0, code: NETWORK_ERROR, message: 'Failed to connect to the server' });
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(onNetworkError).toHaveBeenCalledTimes(1);
  });

  it('never retries a POST', async () => {
    const { client, fetch, sleep } = setup([unavailable()]);
    await expect(client.call(authApi.authConfig, { body: { app: 'PROVIDER_WEB' } })).rejects.toMatchObject({
      status: 503,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('does not retry client errors', async () => {
    const { client, fetch } = setup([
      reply(456, { statusCode: 456, code: 'OBJECT_NOT_FOUND', message: 'Object not found' }),
    ]);
    await expect(client.call(systemApi.devOutbox, { query: {} })).rejects.toMatchObject({
      status: 456,
      code: 'OBJECT_NOT_FOUND',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException('Aborted', 'AbortError');
    const { client, fetch, sleep } = setup([aborted]);
    await expect(client.call(systemApi.devOutbox, { query: {}, signal: controller.signal })).rejects.toBe(aborted);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });
});

describe('requests', () => {
  it('fills the path and query, sends the cookie session and the CSRF header on writes', async () => {
    const { client, fetch } = setup([reply(200, { status: 'PENDING', nextStep: 'PASSWORD' })]);
    await client.call(authApi.authStep, { params: { uuid: FLOW_UUID }, body: { step: 'EMAIL', value: 'a@b.test' } });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(`/api/v1/auth/${FLOW_UUID}`);
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"step":"EMAIL","value":"a@b.test"}',
    });
    expect(headersOf(init!).get('x-xsrf-token')).toBe('csrf-1');
  });

  it('sends the CSRF token on reads too (spec 1 §7) and leaves empty query values out', async () => {
    const { client, fetch } = setup([outbox()]);
    await client.call(systemApi.devOutbox, { query: { to: undefined, limit: 5 } });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/v1/dev/outbox?limit=5');
    expect(headersOf(init!).get('x-xsrf-token')).toBe('csrf-1');
  });

  it('rejects a response that breaks the contract', async () => {
    const { client } = setup([reply(200, { user: 'nobody' })]);
    await expect(client.call(usersApi.currentUser)).rejects.toMatchObject({ code: UNEXPECTED_RESPONSE });
  });

  it('returns the parsed body', async () => {
    const body = currentUserResponse();
    const { client } = setup([reply(200, body)]);
    await expect(client.call(usersApi.currentUser)).resolves.toEqual(body);
  });

  it('carries validation issues on the error', async () => {
    const issues = [{ path: ['firstName'], message: 'First name is required' }];
    const { client } = setup([
      reply(400, { statusCode: 400, code: 'BAD_REQUEST', message: 'Incorrect params', issues }),
    ]);
    await expect(client.call(usersApi.editUser, { params: { id: 7 }, body: { firstName: '' } })).rejects.toMatchObject({
      status: 400,
      issues,
    });
  });
});

describe('CSRF', () => {
  const expired = () => reply(403, { statusCode: 403, code: 'CSRF_EXPIRED', message: 'CSRF expired' });

  it('fetches a fresh token once and repeats the request with it', async () => {
    const harness = setup([
      expired(),
      () => {
        harness.setCookie('csrf-2');
        return reply(200, { token: 'csrf-2' });
      },
      reply(200, { ok: true }),
    ]);
    await expect(harness.client.call(authApi.logout, { query: { app: 'PROVIDER_WEB' } })).resolves.toEqual({
      ok: true,
    });
    const calls = harness.fetch.mock.calls;
    expect(calls.map(([url]) => url)).toEqual([
      '/api/v1/auth/logout?app=PROVIDER_WEB',
      '/api/v1/auth/csrf?app=PROVIDER_WEB',
      '/api/v1/auth/logout?app=PROVIDER_WEB',
    ]);
    expect(headersOf(calls[0][1]!).get('x-xsrf-token')).toBe('csrf-1');
    expect(headersOf(calls[2][1]!).get('x-xsrf-token')).toBe('csrf-2');
  });

  it('gives up when the repeated request is refused again', async () => {
    const { client, fetch } = setup([expired(), reply(200, { token: 'csrf-2' }), expired()]);
    await expect(client.call(authApi.logout, { query: {} })).rejects.toMatchObject({
      status: 403,
      code: 'CSRF_EXPIRED',
    });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not refresh for other 403s', async () => {
    const { client, fetch } = setup([reply(403, { statusCode: 403, code: 'FORBIDDEN', message: 'Forbidden' })]);
    await expect(client.call(authApi.logout, { query: {} })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gets a token first when a write finds no cookie', async () => {
    const harness = setup([
      () => {
        harness.setCookie('csrf-3');
        return reply(200, { token: 'csrf-3' });
      },
      reply(200, { ok: true }),
    ]);
    harness.setCookie(null);
    await harness.client.call(authApi.logout, { query: {} });
    const [first, second] = harness.fetch.mock.calls;
    expect(first[0]).toBe('/api/v1/auth/csrf?app=PROVIDER_WEB');
    expect(headersOf(second[1]!).get('x-xsrf-token')).toBe('csrf-3');
  });
});

describe('401', () => {
  const unauthorized = () => reply(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });

  it('signs out once when several requests fail together', async () => {
    let finishLogout = () => {};
    const onUnauthorized = vi.fn(() => new Promise<void>((resolve) => (finishLogout = resolve)));
    const { client } = setup([unauthorized(), unauthorized(), unauthorized()], { onUnauthorized });
    const results = await Promise.allSettled([
      client.call(usersApi.currentUser),
      client.call(usersApi.currentUserPractices),
      client.call(authApi.listSessions),
    ]);
    expect(results.every((result) => result.status === 'rejected' && result.reason.status === 401)).toBe(true);
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    finishLogout();
  });

  it('signs out again for a 401 after the previous sign-out finished', async () => {
    const { client, onUnauthorized } = setup([unauthorized(), unauthorized()]);
    await client.call(usersApi.currentUser).catch(() => {});
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await client.call(usersApi.currentUser).catch(() => {});
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(2));
  });

  it('leaves sign-in calls alone', async () => {
    const { client, onUnauthorized } = setup([unauthorized()]);
    await expect(
      client.call(authApi.authStep, { params: { uuid: FLOW_UUID }, body: { step: 'PASSWORD', value: 'x' } }),
    ).rejects.toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
