import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { lookup } from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { safeFetch, SafeFetchError, type Resolver, type SafeFetchErrorKind } from './safe-fetch.js';

/** The system resolver, except for one name that an attacker pointed at the internal network. */
vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = vi.fn((host: string, options: object) =>
    host === 'evil.example.com'
      ? Promise.resolve([
          { address: '93.184.216.34', family: 4 },
          { address: '10.20.30.40', family: 4 },
        ])
      : real.lookup(host, options),
  );
  return { ...real, lookup, default: { ...real, lookup } };
});

/** A throwaway self-signed certificate (CN other.test) for a local TLS server; it protects nothing. */
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgIE52W9Lvg/P2MfHU
OWxhljjM9TCFu/+qepA7F55s8WuhRANCAATjFcqFMRg9vK+PiOJXfu6Q0q6tb5V5
stxbl1+93jTznc3UEcTVE8PqD6hlSFrFNOT+pJA2BAadc6MFAfPZOKhF
-----END PRIVATE KEY-----`;
const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBgTCCASegAwIBAgIUdUAZwh6LuFyb2lSGWh3nIPdzoCMwCgYIKoZIzj0EAwIw
FTETMBEGA1UEAwwKb3RoZXIudGVzdDAgFw0yNjExMjEwNzA5MjZaGA8yMTI2MTAy
ODA3MDkyNlowFTETMBEGA1UEAwwKb3RoZXIudGVzdDBZMBMGByqGSM49AgEGCCqG
SM49AwEHA0IABOMVyoUxGD28r4+I4ld+7pDSrq1vlXmy3FuXX73eNPOdzdQRxNUT
w+oPqGVIWsU05P6kkDYEBp1zowUB89k4qEWjUzBRMB0GA1UdDgQWBBRq1N0zReE8
j8jytEt8Qan5s9N9KDAfBgNVHSMEGDAWgBRq1N0zReE8j8jytEt8Qan5s9N9KDAP
BgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIHFIUzR/4dNgd3uUz0uh
gVLLs+Qp5OSassJ401X72eKSAiEAokIEYCofSFcshxAB/maRC3niikAF8atw7B+o
TG+HLYM=
-----END CERTIFICATE-----`;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A local web server whose answers each test sets; it records what it was asked. */
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let handle: Handler = (_req, res) => res.end('ok');
let closedEarly = 0;
const server = createServer((req, res) => {
  seen.push({ url: req.url!, headers: req.headers });
  res.on('close', () => {
    if (!res.writableFinished) closedEarly++;
  });
  handle(req, res);
});
let port = 0;
let base = '';
const LOCAL = ['127.0.0.1'];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  closedEarly = 0;
  handle = (_req, res) => res.end('ok');
});

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  return err as SafeFetchError;
}
const kindOf = async (promise: Promise<unknown>): Promise<SafeFetchErrorKind> => (await failure(promise)).kind;

const answers =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('safeFetch to an allow-listed host', () => {
  it('fetches with its own User-Agent and Accept, and neither cookies nor credentials', async () => {
    handle = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1', 'set-cookie': 'a=b' }).end('<p>hi</p>');
    const res = await safeFetch(`http://user:secret@127.0.0.1:${port}/page?q=1#frag`, {
      allowedHosts: LOCAL,
      userAgent: 'ReferwellBot/1.0 (+test)',
      accept: 'text/html',
    });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('text/html');
    expect(res.charset).toBe('iso-8859-1');
    expect(res.url).toBe(`${base}/page?q=1`);
    expect((await res.buffer()).toString()).toBe('<p>hi</p>');
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/page?q=1');
    expect(seen[0].headers['user-agent']).toBe('ReferwellBot/1.0 (+test)');
    expect(seen[0].headers.accept).toBe('text/html');
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[0].headers.cookie).toBeUndefined();
  });

  it('connects to the address it checked, not to a fresh DNS answer, and keeps the host name in Host', async () => {
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // pinned.test exists in no DNS: reaching the server proves the socket used the vetted answer.
    const res = await safeFetch(`http://pinned.test:${port}/`, { allowedHosts: ['pinned.test'], resolve });
    await res.buffer();
    expect(lookups).toBe(1);
    expect(seen[0].headers.host).toBe(`pinned.test:${port}`);
  });

  it('keeps the host name for TLS (SNI and certificate check) while connecting to the pinned address', async () => {
    const names: string[] = [];
    const tls = createTlsServer(
      { key: TLS_KEY, cert: TLS_CERT, SNICallback: (name, cb) => (names.push(name), cb(null, undefined)) },
      (_req, res) => res.end('secret'),
    );
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tls.address() as AddressInfo).port;
    try {
      const err = await failure(
        safeFetch(`https://secure.test:${tlsPort}/`, { allowedHosts: ['secure.test'], resolve: answers('127.0.0.1') }),
      );
      // The certificate is for other.test and self-signed: verification stays on.
      expect(err.kind).toBe('unreachable');
      expect(names).toEqual(['secure.test']);
    } finally {
      tls.closeAllConnections();
      await new Promise((resolve) => tls.close(resolve));
    }
  });

  it('follows redirects, checking every hop, and reports the final URL', async () => {
    handle = (req, res) => {
      if (req.url === '/a') res.writeHead(301, { location: '/b' }).end();
      else if (req.url === '/b') res.writeHead(302, { location: `${base}/c#x` }).end();
      else res.end('final');
    };
    const res = await safeFetch(`${base}/a`, { allowedHosts: LOCAL });
    expect((await res.buffer()).toString()).toBe('final');
    expect(res.url).toBe(`${base}/c`);
    expect(seen.map((s) => s.url)).toEqual(['/a', '/b', '/c']);
  });

  it('refuses a redirect to a private, link-local or non-http target', async () => {
    for (const location of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'ftp://127.0.0.1/x',
      'file:///etc/passwd',
    ]) {
      handle = (_req, res) => res.writeHead(302, { location }).end();
      expect(await kindOf(safeFetch(`${base}/`, { allowedHosts: LOCAL })), location).toBe('blocked');
    }
  });

  it('refuses a redirect to a host that resolves to a private address', async () => {
    handle = (_req, res) => res.writeHead(307, { location: 'http://intranet.test/' }).end();
    const resolve: Resolver = async (host) => [
      { address: host === 'intranet.test' ? '192.168.1.10' : '127.0.0.1', family: 4 },
    ];
    expect(await kindOf(safeFetch(`${base}/`, { allowedHosts: LOCAL, resolve }))).toBe('blocked');
  });

  it('follows at most maxRedirects redirects', async () => {
    handle = (req, res) => {
      const n = Number(req.url!.slice(1));
      if (n < 6) res.writeHead(302, { location: `/${n + 1}` }).end();
      else res.end('six');
    };
    const err = await failure(safeFetch(`${base}/0`, { allowedHosts: LOCAL }));
    expect(err.kind).toBe('too-many-redirects');
    expect(seen).toHaveLength(6);
    const ok = await safeFetch(`${base}/1`, { allowedHosts: LOCAL });
    expect((await ok.buffer()).toString()).toBe('six');
  });

  it('reports a non-2xx answer as bad-status with the status', async () => {
    handle = (_req, res) => res.writeHead(404).end('gone');
    const err = await failure(safeFetch(`${base}/`, { allowedHosts: LOCAL }));
    expect(err).toMatchObject({ kind: 'bad-status', status: 404 });
    handle = (_req, res) => res.writeHead(302).end();
    expect(await kindOf(safeFetch(`${base}/`, { allowedHosts: LOCAL }))).toBe('bad-status');
  });

  it('reports a closed port and an unknown host as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await kindOf(safeFetch(`http://127.0.0.1:${closedPort}/`, { allowedHosts: LOCAL }))).toBe('unreachable');
    const nowhere: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await kindOf(safeFetch('http://nowhere.test/', { resolve: nowhere }))).toBe('unreachable');
  });

  it('gives up on a server that does not answer within the deadline', async () => {
    handle = () => undefined;
    const started = Date.now();
    expect(await kindOf(safeFetch(`${base}/`, { allowedHosts: LOCAL, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a body that trickles past the deadline', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
    };
    const res = await safeFetch(`${base}/`, { allowedHosts: LOCAL, timeoutMs: 300 });
    expect(await kindOf(res.buffer())).toBe('timeout');
  });

  it('cuts an endless body at maxBytes and closes the connection', async () => {
    let sent = 0;
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (!res.destroyed && sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
      };
      pump();
    };
    const res = await safeFetch(`${base}/`, { allowedHosts: LOCAL, maxBytes: 1024 * 1024 });
    const body = await res.buffer();
    expect(body.length).toBe(1024 * 1024);
    expect(res.truncated).toBe(true);
    await expect.poll(() => closedEarly).toBe(1);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('is not truncated when the body fits exactly', async () => {
    handle = (_req, res) => res.end(Buffer.alloc(1000, 'b'));
    const res = await safeFetch(`${base}/`, { allowedHosts: LOCAL, maxBytes: 1000 });
    expect((await res.buffer()).length).toBe(1000);
    expect(res.truncated).toBe(false);
  });

  it('decompresses a body the server compressed anyway', async () => {
    handle = (_req, res) =>
      res
        .writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' })
        .end(gzipSync('<title>zipped</title>'));
    const res = await safeFetch(`${base}/`, { allowedHosts: LOCAL });
    expect((await res.buffer()).toString()).toBe('<title>zipped</title>');
  });

  it('closes without reading the body when asked', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.write(Buffer.alloc(1024));
    };
    const res = await safeFetch(`${base}/`, { allowedHosts: LOCAL });
    expect(res.contentType).toBe('video/mp4');
    res.close();
    await expect.poll(() => closedEarly).toBe(1);
  });
});

describe('safeFetch without an allow-list', () => {
  it('refuses loopback, unspecified and local names without connecting', async () => {
    for (const url of [
      `${base}/`,
      'http://127.0.0.1/',
      'http://localhost/',
      `http://localhost:${port}/`,
      'http://[::1]/',
      'http://0.0.0.0/',
      'http://0/',
      'http://2130706433/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(await kindOf(safeFetch(url)), url).toBe('blocked');
    }
    expect(seen).toHaveLength(0);
  });

  it('refuses schemes other than http and https, and what is not a URL', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/file',
      'gopher://example.com/',
      'data:text/html,hi',
      'not a url',
    ]) {
      expect(await kindOf(safeFetch(url)), url).toBe('blocked');
    }
  });

  it('refuses ports other than 80 and 443', async () => {
    const resolve = answers('93.184.216.34');
    for (const url of ['http://example.com:8080/', 'https://example.com:22/', 'http://example.com:6379/']) {
      expect(await kindOf(safeFetch(url, { resolve })), url).toBe('blocked');
    }
  });

  it('refuses a host name that resolves to a private address', async () => {
    for (const address of [
      '10.1.2.3',
      '172.20.0.5',
      '192.168.0.7',
      '169.254.169.254',
      '100.64.1.1',
      'fd00::5',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      const err = await failure(safeFetch('http://internal.example.com/', { resolve: answers(address) }));
      expect(err.kind, address).toBe('blocked');
      expect(err.message).toContain(address);
    }
  });

  it('asks the system resolver for every address of a name, and refuses it when one is private', async () => {
    expect(await kindOf(safeFetch('https://evil.example.com/'))).toBe('blocked');
    expect(lookup).toHaveBeenCalledWith('evil.example.com', { all: true, verbatim: true });
  });

  it('refuses a host name when any one of its addresses is private', async () => {
    expect(
      await kindOf(safeFetch('https://mixed.example.com/', { resolve: answers('93.184.216.34', '10.0.0.1') })),
    ).toBe('blocked');
    expect(await kindOf(safeFetch('https://mixed.example.com/', { resolve: answers('2606:4700::1', '::1') }))).toBe(
      'blocked',
    );
  });
});
