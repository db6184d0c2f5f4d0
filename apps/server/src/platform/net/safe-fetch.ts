import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { addressRange } from './ip-policy.js';

/**
 * Fetching a URL a user gave us (link previews, thumbnails, bots) without letting them reach our
 * own network: every hop's host is resolved once, refused if any address is not public, and the
 * connection goes to exactly the address that was checked, so a DNS answer that changes between
 * the check and the connect (rebinding) gains nothing.
 */

export type SafeFetchErrorKind =
  /** The target (scheme, port or address, at any hop) is not allowed. Callers should not tell users why. */
  | 'blocked'
  /** The whole exchange, redirects and body included, took longer than `timeoutMs`. */
  | 'timeout'
  | 'too-many-redirects'
  /** The final answer was not 2xx; `status` says what it was. */
  | 'bad-status'
  /** DNS failure, refused connection, TLS failure, reset, malformed redirect. */
  | 'unreachable';

export class SafeFetchError extends Error {
  override readonly name = 'SafeFetchError';
  constructor(
    readonly kind: SafeFetchErrorKind,
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Resolves a host name to every address it has (tests replace it to simulate DNS answers). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions {
  /**
   * Host names (or literal addresses) that may be fetched on any port whatever they resolve to:
   * tests' local servers, an intranet an operator trusts. Compared with the URL's lower-case host.
   */
  allowedHosts?: readonly string[];
  /** For the whole exchange: every DNS lookup, redirect and the body. */
  timeoutMs?: number;
  /** The body is cut after this many (decompressed) bytes; `truncated` then says so. */
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  accept?: string;
  resolve?: Resolver;
}

export interface SafeResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The media type without parameters, lower-case; '' when the server sent none. */
  contentType: string;
  /** The charset parameter of Content-Type, lower-case, when there is one. */
  charset: string | undefined;
  /**
   * The body, decompressed, at most `maxBytes`; iterate it once. Stopping early (break) or reaching
   * the end closes the connection. Errors are SafeFetchErrors (a timeout while reading included).
   */
  body: AsyncIterableIterator<Buffer>;
  /** Whether the body went on beyond `maxBytes` (known once it has been read that far). */
  readonly truncated: boolean;
  /** Reads the (capped) body into one buffer. */
  buffer(): Promise<Buffer>;
  /** Ends the exchange without reading (more of) the body. Safe to call more than once. */
  close(): void;
}

export const SAFE_FETCH_DEFAULTS = {
  timeoutMs: 5_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 5,
  userAgent: 'ReferwellBot/1.0',
  accept: '*/*',
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The host as DNS and the allow-list know it: IPv6 literals lose their brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Rejects when the signal aborts, so a DNS lookup cannot outlive the deadline. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- rejects with the signal's own reason, as fetch does
    if (signal.aborted) return reject(signal.reason);
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- as above
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Checks one hop's target; answers the addresses to connect to. */
async function vet(
  url: URL,
  allowedHosts: ReadonlySet<string>,
  resolve: Resolver,
  signal: AbortSignal,
): Promise<LookupAddress[]> {
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (!defaultPort) throw new SafeFetchError('blocked', `the scheme ${url.protocol} is not fetched`);
  const host = bareHost(url);
  const allowed = allowedHosts.has(host);
  const port = url.port ? Number(url.port) : defaultPort;
  if (!allowed && port !== 80 && port !== 443)
    throw new SafeFetchError('blocked', `port ${port} of ${host} is not fetched`);
  const family = isIP(host);
  let addresses: LookupAddress[];
  try {
    addresses = family ? [{ address: host, family }] : await untilAborted(resolve(host), signal);
  } catch (err) {
    if (signal.aborted) throw err;
    throw new SafeFetchError('unreachable', `${host} does not resolve`, undefined, { cause: err });
  }
  if (addresses.length === 0) throw new SafeFetchError('unreachable', `${host} does not resolve`);
  if (!allowed) {
    for (const { address } of addresses) {
      const range = addressRange(address);
      if (range !== 'unicast') throw new SafeFetchError('blocked', `${host} resolves to ${address} (${range})`);
    }
  }
  return addresses;
}

/** One GET to the vetted addresses: the socket's lookup answers them instead of asking DNS again. */
function get(
  url: URL,
  addresses: LookupAddress[],
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // No agent: a pooled socket could belong to an earlier, differently resolved exchange.
    const request = client.request(
      {
        hostname: bareHost(url),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers,
        agent: false,
        lookup,
        signal,
      },
      resolve,
    );
    request.once('error', reject);
    request.end();
  });
}

function toSafeFetchError(err: unknown, signal: AbortSignal): SafeFetchError {
  if (err instanceof SafeFetchError) return err;
  if (signal.aborted) return signal.reason as SafeFetchError;
  const code = (err as NodeJS.ErrnoException)?.code;
  return new SafeFetchError(
    'unreachable',
    `the connection failed (${code ?? (err as Error)?.message ?? 'unknown'})`,
    undefined,
    { cause: err },
  );
}

/** The response body, decompressed when the server compressed it although we did not ask. */
function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  return decoder ? pipeline(response, decoder, () => undefined) : response;
}

async function* capped(
  stream: Readable,
  maxBytes: number,
  state: { truncated: boolean },
  signal: AbortSignal,
  close: () => void,
) {
  let seen = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = maxBytes - seen;
      if (chunk.length > room) {
        state.truncated = true;
        if (room > 0) yield chunk.subarray(0, room);
        return;
      }
      seen += chunk.length;
      yield chunk;
    }
  } catch (err) {
    throw toSafeFetchError(err, signal);
  } finally {
    close();
  }
}

function respond(
  url: URL,
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  timer: NodeJS.Timeout,
): SafeResponse {
  const [type = '', ...params] = String(response.headers['content-type'] ?? '').split(';');
  const charset =
    params
      .map((p) => p.trim().toLowerCase())
      .find((p) => p.startsWith('charset='))
      ?.slice(8)
      .replace(/^"|"$/g, '') || undefined;
  const stream = decoded(response);
  const close = () => {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    stream.destroy();
    response.destroy();
  };
  const onAbort = () => stream.destroy(signal.reason as Error);
  signal.addEventListener('abort', onAbort, { once: true });
  const state = { truncated: false };
  const body = capped(stream, maxBytes, state, signal, close);
  return {
    url: url.toString(),
    status: response.statusCode!,
    headers: response.headers,
    contentType: type.trim().toLowerCase(),
    charset,
    body,
    get truncated() {
      return state.truncated;
    },
    async buffer() {
      const parts: Buffer[] = [];
      for await (const part of body) parts.push(part);
      return Buffer.concat(parts);
    },
    close,
  };
}

/**
 * GETs `input` with SSRF protection: http(s) only, ports 80 and 443 only, every address of every
 * hop public (unless its host is allow-listed), at most `maxRedirects` redirects each checked
 * again, one deadline for everything, a capped body, no cookies or credentials. Rejects with a
 * SafeFetchError. The caller must read `body` to its end, break out of it, or call `close()`.
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  if (!URL.canParse(String(input))) throw new SafeFetchError('blocked', 'not a URL');
  const { timeoutMs, maxBytes, maxRedirects, userAgent, accept } = { ...SAFE_FETCH_DEFAULTS, ...options };
  const allowedHosts = new Set(options.allowedHosts ?? []);
  const resolve = options.resolve ?? systemResolver;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new SafeFetchError('timeout', `no complete answer within ${timeoutMs} ms`)),
    timeoutMs,
  );
  timer.unref();
  const { signal } = controller;
  const headers = { 'user-agent': userAgent, accept };
  try {
    let url = new URL(input);
    for (let redirects = 0; ; redirects++) {
      // Credentials in a link are never sent anywhere; fragments are the client's business.
      url.username = '';
      url.password = '';
      url.hash = '';
      const addresses = await vet(url, allowedHosts, resolve, signal);
      const response = await get(url, addresses, headers, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= maxRedirects)
          throw new SafeFetchError('too-many-redirects', `more than ${maxRedirects} redirects`, status);
        if (!URL.canParse(location, url.href))
          throw new SafeFetchError('unreachable', `${url.host} redirected to an invalid location`, status);
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new SafeFetchError('bad-status', `${url.host} answered ${status}`, status);
      }
      return respond(url, response, maxBytes, signal, timer);
    }
  } catch (err) {
    clearTimeout(timer);
    const failure = toSafeFetchError(err, signal);
    controller.abort(failure);
    throw failure;
  }
}
