import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { CSRF_COOKIE, CSRF_HEADER } from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { outboxMessages } from '../platform/delivery/outbox.table.js';
import { TEST_PASSWORD } from './factories.js';

/**
 * A browser-like client over app.inject: it keeps cookies and sends the XSRF cookie back as the
 * X-XSRF-TOKEN header on every request, as the web app does (spec 1 §7: a few GETs change state);
 * `csrf: false` leaves it out, as a link or an image on another site would.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  bearer?: string;
  /** Sent as X-Api-Key, as an integration would. */
  apiKey?: string;
  userAgent = 'vitest-browser';
  ip = '127.0.0.1';

  constructor(private readonly app: FastifyInstance) {}

  async request(method: InjectOptions['method'], url: string, payload?: unknown, opts: { csrf?: boolean } = {}) {
    const headers: Record<string, string> = { 'user-agent': this.userAgent };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (csrf && opts.csrf !== false) headers[CSRF_HEADER] = csrf;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string, opts?: { csrf?: boolean }) => this.request('GET', url, undefined, opts);
  post = (url: string, body?: unknown, opts?: { csrf?: boolean }) => this.request('POST', url, body ?? {}, opts);
  put = (url: string, body?: unknown, opts?: { csrf?: boolean }) => this.request('PUT', url, body ?? {}, opts);
  delete = (url: string, body?: unknown, opts?: { csrf?: boolean }) => this.request('DELETE', url, body, opts);

  /** Fetches a CSRF token (sets the XSRF-TOKEN cookie). */
  async csrf() {
    const res = await this.get('/api/v1/auth/csrf?app=PROVIDER_WEB');
    return res.json<{ token: string }>().token;
  }

  /** Signs in through the e-mail/password flow; returns the final step's response. */
  async signIn(email: string, password: string, app = 'PROVIDER_WEB'): Promise<LightMyRequestResponse> {
    await this.csrf();
    const start = await this.post('/api/v1/auth/start', { app, email });
    if (start.statusCode !== 200) return start;
    const { uuid } = start.json<{ uuid: string }>();
    const res = await this.post(`/api/v1/auth/${uuid}`, { step: 'PASSWORD', value: password });
    if (app !== 'PROVIDER_WEB' && app !== 'ADMIN_WEB' && res.statusCode === 200) {
      this.bearer = res.json<{ accessToken: string }>().accessToken;
    }
    return res;
  }
}

/**
 * A client signed in as a factory user (password TEST_PASSWORD): on the provider web app, or
 * through `app` with bearer tokens; `ip` sets the client address (for per-IP limits).
 */
export async function signedInAs(
  server: FastifyInstance,
  user: { email: string | null },
  options: { app?: string; ip?: string } = {},
) {
  const client = new TestClient(server);
  if (options.ip) client.ip = options.ip;
  const res = await client.signIn(user.email!, TEST_PASSWORD, options.app);
  if (res.statusCode !== 200) throw new Error(`Signing in ${user.email} failed: ${res.statusCode} ${res.body}`);
  return client;
}

/** The newest message sent to an address or number, from the development outbox. */
export async function lastMessage(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return row;
}

/** The six-digit code in the newest message to `to`. */
export async function lastCode(db: Db, to: string): Promise<string> {
  const message = await lastMessage(db, to);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}
