import { notifications } from '@mantine/notifications';
import {
  authApi,
  buildPath,
  CSRF_COOKIE,
  CSRF_HEADER,
  ErrorBody,
  HTTP_RETRIES,
  HTTP_RETRY_BASE_MS,
  HTTP_RETRY_JITTER,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type ValidationIssue,
} from '@referwell/contracts';
import { recordRequest } from './activity';
import { readCookie } from './cookies';
import { setSession } from './session';

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const UNEXPECTED_RESPONSE = 'UNEXPECTED_RESPONSE';

/** Every failed call rejects with this; `status` 0 means the server never answered. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ValidationIssue[];

  constructor(status: number, code: string, message: string, issues: ValidationIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

// Endpoints without a path parameter, query or body take none; optional ones may be left out.
type Slot<K extends string, T> = [T] extends [never]
  ? { [P in K]?: undefined }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends T` asks whether every field of T is optional
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };
type AnyEndpoint = Endpoint;
type CallOptions<E extends AnyEndpoint> = Slot<'params', ParamsOf<E>> &
  Slot<'query', QueryOf<E>> &
  Slot<'body', BodyOf<E>> & { signal?: AbortSignal };
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends X` asks whether every field of X is optional
type CallArgs<E extends AnyEndpoint> = {} extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>];

export interface ApiClientOptions {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  readCookie: (name: string) => string | null;
  onRequest: () => void;
  onCsrfToken: (token: string) => void;
  onNetworkError: () => void;
  onUnauthorized: () => void | Promise<void>;
}

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// A 401 from these means "not signed in (yet)", not "your session ended".
const SIGN_IN_CALLS: ReadonlySet<AnyEndpoint> = new Set<AnyEndpoint>([
  authApi.csrf,
  authApi.authConfig,
  authApi.authStart,
  authApi.authStep,
  authApi.authFlowStatus,
  authApi.authResend,
  authApi.logout,
]);

/** Spec 1 §9: 100 ms doubling per attempt, plus up to 20% jitter. */
export function retryDelay(attempt: number, random: () => number): number {
  const base = HTTP_RETRY_BASE_MS * 2 ** attempt;
  return base + base * HTTP_RETRY_JITTER * random();
}

const defaults: ApiClientOptions = {
  fetch: (input, init) => fetch(input, init),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
  readCookie,
  onRequest: recordRequest,
  onCsrfToken: (csrfToken) => setSession({ csrfToken }),
  onNetworkError: () =>
    notifications.show({
      id: 'network-error',
      color: 'red',
      title: 'Network error',
      message: 'Failed to connect to the server',
    }),
  onUnauthorized: () => {},
};

function buildUrl(endpoint: AnyEndpoint, params?: object, query?: object): string {
  const path = buildPath(endpoint.path, params as Record<string, string | number> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = ErrorBody.safeParse(await readJson(response));
  if (!parsed.success) {
    return new ApiError(response.status, `HTTP_${response.status}`, response.statusText || 'Request failed');
  }
  const { code, message, issues } = parsed.data;
  return new ApiError(response.status, code, message, issues);
}

export function createApiClient(overrides: Partial<ApiClientOptions> = {}) {
  const options: ApiClientOptions = { ...defaults, ...overrides };
  let lastCsrfToken: string | null = null;
  let csrfRefresh: Promise<void> | null = null;
  let unauthorized: Promise<void> | null = null;

  function send(endpoint: AnyEndpoint, url: string, body: unknown, signal?: AbortSignal) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // Every request carries the token (spec 1 §7): a few GETs change state (leaving a practice).
    // The cookie is replaced when a session starts, so it is read at send time.
    const token = options.readCookie(CSRF_COOKIE) ?? lastCsrfToken;
    if (token) headers[CSRF_HEADER] = token;
    options.onRequest();
    return options.fetch(url, {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  }

  async function sendWithRetries(endpoint: AnyEndpoint, url: string, body: unknown, signal?: AbortSignal) {
    const retries = IDEMPOTENT.has(endpoint.method) ? HTTP_RETRIES : 0;
    for (let attempt = 0; ; attempt++) {
      let response: Response | null = null;
      try {
        response = await send(endpoint, url, body, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
      }
      if (response && response.status < 500) return response;
      if (attempt >= retries) {
        if (response) return response;
        options.onNetworkError();
        throw new ApiError(0, NETWORK_ERROR, 'Failed to connect to the server');
      }
      await options.sleep(retryDelay(attempt, options.random));
    }
  }

  function refreshCsrf(): Promise<void> {
    csrfRefresh ??= request(authApi.csrf, { query: { app: 'PROVIDER_WEB' } })
      .then(({ token }) => {
        lastCsrfToken = token;
        options.onCsrfToken(token);
      })
      .finally(() => {
        csrfRefresh = null;
      });
    return csrfRefresh;
  }

  function signalUnauthorized() {
    // Requests failing together share one sign-out.
    unauthorized ??= Promise.resolve()
      .then(options.onUnauthorized)
      .catch(() => {})
      .finally(() => {
        unauthorized = null;
      });
  }

  async function request<E extends AnyEndpoint>(endpoint: E, call: CallOptions<E> = {} as CallOptions<E>) {
    const { params, query, body, signal } = call as {
      params?: object;
      query?: object;
      body?: unknown;
      signal?: AbortSignal;
    };
    const url = buildUrl(endpoint, params, query);
    if (STATE_CHANGING.has(endpoint.method) && !options.readCookie(CSRF_COOKIE) && !lastCsrfToken) {
      await refreshCsrf();
    }
    let response = await sendWithRetries(endpoint, url, body, signal);
    let error = response.ok ? null : await toApiError(response);
    if (error?.code === 'CSRF_EXPIRED') {
      await refreshCsrf();
      response = await sendWithRetries(endpoint, url, body, signal);
      error = response.ok ? null : await toApiError(response);
    }
    if (error) {
      if (error.status === 401 && !SIGN_IN_CALLS.has(endpoint)) signalUnauthorized();
      throw error;
    }
    const parsed = endpoint.response.safeParse(await readJson(response));
    if (!parsed.success) {
      throw new ApiError(response.status, UNEXPECTED_RESPONSE, 'Server returned unexpected response');
    }
    return parsed.data as ResponseOf<E>;
  }

  return {
    call: <E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> =>
      request(endpoint, args[0]),
    configure(more: Partial<ApiClientOptions>) {
      Object.assign(options, more);
    },
  };
}

export const api = createApiClient();
export const call = api.call;
