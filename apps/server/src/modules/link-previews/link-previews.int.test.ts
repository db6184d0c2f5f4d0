import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, signedInAs } from '../../test/client.js';
import { createUser } from '../../test/factories.js';
import { createLinkPreviewsService } from './link-previews.service.js';
import { linkPreviews } from './link-previews.table.js';

const OG_PAGE = `<!doctype html><html><head>
  <meta charset="utf-8">
  <title>Fallback title</title>
  <meta property="og:type" content="article">
  <meta property="og:title" content="New patient intake &amp; forms">
  <meta property="og:description" content="How we   handle referrals.">
  <meta property="og:site_name" content="Harbor Clinic">
  <meta property="og:image" content="https://cdn.harbor.example/cover.jpg">
  <meta property="og:video" content="https://video.harbor.example/tour.mp4">
  <meta property="og:video:type" content="video/mp4">
  <meta property="og:video:width" content="1280">
  <meta property="og:video:height" content="720">
  <link rel="icon" href="https://cdn.harbor.example/icon.png">
</head><body><h1>Intake</h1></body></html>`;

/** The pages a link might point at, served locally; `hits` counts requests per path. */
const hits = new Map<string, number>();
let sentEndless = 0;
let endlessClosed = false;
let imageClosedEarly = false;
const pages: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/og': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(OG_PAGE),
  '/twitter': (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<head>
      <meta name="twitter:title" content="Card title"><meta name="twitter:description" content="Card description">
      <meta name="twitter:image" content="/card.jpg"><title>Page title</title></head>`),
  '/title-only': (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<html><head><title>  Just a title </title></head><body></body></html>'),
  '/docs/relative': (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<head><title>Relative</title>
      <meta property="og:image" content="img/hero.png"><link rel="shortcut icon" href="/static/fav.ico"></head>`),
  '/scan.png': (_req, res) => {
    res.on('close', () => (imageClosedEarly = !res.writableFinished));
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(Buffer.alloc(64 * 1024));
  },
  '/redirect': (_req, res) => res.writeHead(301, { location: '/og' }).end(),
  '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/to-private': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/' }).end(),
  '/slow': () => undefined,
  '/slowish': (_req, res) =>
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Shared</title>'), 150),
  '/missing': (_req, res) => res.writeHead(404).end('not here'),
  '/endless': (_req, res) => {
    res.on('close', () => (endlessClosed = true));
    res.writeHead(200, { 'content-type': 'text/html' });
    res.write('<html><head><title>Endless</title>');
    const filler = Buffer.from(`<meta name="filler" content="${'x'.repeat(8000)}">`);
    const pump = () => {
      while (!res.destroyed && sentEndless < 64 * 1024 * 1024) {
        sentEndless += filler.length;
        if (!res.write(filler)) return void res.once('drain', pump);
      }
    };
    pump();
  },
};
const server = createServer((req, res) => {
  const path = req.url!.split('?')[0];
  hits.set(path, (hits.get(path) ?? 0) + 1);
  (pages[path] ?? ((_q, r: ServerResponse) => r.writeHead(404).end()))(req, res);
});
let origin = '';

async function signedIn(t: TestApp, ip = '127.0.0.1') {
  return signedInAs(t.app, await createUser(t.db), { ip });
}

const previewOf = (client: TestClient, url: string) =>
  client.get(`/api/v1/link-preview?url=${encodeURIComponent(url)}`);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => hits.clear());

describe('link previews of allow-listed local pages', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ LINK_PREVIEW_ALLOWED_HOSTS: '127.0.0.1,localhost' });
    client = await signedIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every field of an Open Graph page, and the link as asked for', async () => {
    const res = await previewOf(client, `${origin}/og#section`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mediaType: 'article',
      url: `${origin}/og#section`,
      images: ['https://cdn.harbor.example/cover.jpg'],
      favicons: ['https://cdn.harbor.example/icon.png'],
      videos: [{ url: 'https://video.harbor.example/tour.mp4', type: 'video/mp4', width: 1280, height: 720 }],
      siteName: 'Harbor Clinic',
      title: 'New patient intake & forms',
      description: 'How we handle referrals.',
      contentType: 'text/html',
    });
  });

  it('falls back to Twitter card tags, and to the title alone', async () => {
    expect((await previewOf(client, `${origin}/twitter`)).json()).toMatchObject({
      mediaType: 'website',
      title: 'Card title',
      description: 'Card description',
      images: [`${origin}/card.jpg`],
      siteName: null,
    });
    expect((await previewOf(client, `${origin}/title-only`)).json()).toEqual({
      mediaType: 'website',
      url: `${origin}/title-only`,
      images: [],
      favicons: [`${origin}/favicon.ico`],
      videos: [],
      siteName: null,
      title: 'Just a title',
      description: null,
      contentType: 'text/html',
    });
  });

  it('resolves relative image and favicon URLs against the page', async () => {
    expect((await previewOf(client, `${origin}/docs/relative`)).json()).toMatchObject({
      images: [`${origin}/docs/img/hero.png`],
      favicons: [`${origin}/static/fav.ico`],
    });
  });

  it('answers an image link as mediaType image without downloading it', async () => {
    const res = await previewOf(client, `${origin}/scan.png`);
    expect(res.json()).toEqual({
      mediaType: 'image',
      url: `${origin}/scan.png`,
      images: [`${origin}/scan.png`],
      favicons: [],
      videos: [],
      siteName: null,
      title: null,
      description: null,
      contentType: 'image/png',
    });
    await expect.poll(() => imageClosedEarly).toBe(true);
  });

  it('follows redirects and resolves against where they led', async () => {
    const res = await previewOf(client, `${origin}/redirect`);
    expect(res.json()).toMatchObject({ url: `${origin}/redirect`, title: 'New patient intake & forms' });
    expect(hits.get('/redirect')).toBe(1);
    expect(hits.get('/og')).toBe(1);
  });

  it('refuses a redirect to the metadata service or a private address, saying only that it cannot be previewed', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    for (const path of ['/to-metadata', '/to-private']) {
      const res = await previewOf(client, `${origin}${path}`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: 'This link cannot be previewed' });
    }
    expect(warn.mock.calls.map(([details]) => (details as { reason: string }).reason)).toEqual([
      expect.stringContaining('169.254.169.254'),
      expect.stringContaining('10.0.0.1'),
    ]);
    warn.mockRestore();
  });

  it('answers a bare preview for a link that is missing or unreachable', async () => {
    const bare = (url: string) => ({
      mediaType: 'website',
      url,
      images: [],
      favicons: [],
      videos: [],
      siteName: null,
      title: null,
      description: null,
      contentType: null,
    });
    const missing = await previewOf(client, `${origin}/missing`);
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual(bare(`${origin}/missing`));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    expect((await previewOf(client, deadUrl)).json()).toEqual(bare(deadUrl));
  });

  it('gives up on a slow server and answers a bare preview', async () => {
    const service = createLinkPreviewsService({ db: t.db, config: t.config, log: t.app.log }, { timeoutMs: 300 });
    const started = Date.now();
    expect(await service.preview(`${origin}/slow`)).toMatchObject({
      url: `${origin}/slow`,
      title: null,
      mediaType: 'website',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reads the head of an endless page and stops after 1 MB', async () => {
    const res = await previewOf(client, `${origin}/endless`);
    expect(res.json()).toMatchObject({ title: 'Endless' });
    await expect.poll(() => endlessClosed).toBe(true);
    expect(sentEndless).toBeGreaterThanOrEqual(1024 * 1024);
    expect(sentEndless).toBeLessThan(16 * 1024 * 1024);
  });

  it('answers from the cache for a day without asking the page again, whatever the URL spelling', async () => {
    const url = `${origin}/og?cached=1`;
    expect((await previewOf(client, url)).statusCode).toBe(200);
    const again = await previewOf(client, `HTTP://127.0.0.1:${new URL(origin).port}/og?cached=1#elsewhere`);
    expect(again.json()).toMatchObject({
      title: 'New patient intake & forms',
      url: `HTTP://127.0.0.1:${new URL(origin).port}/og?cached=1#elsewhere`,
    });
    expect(hits.get('/og')).toBe(1);
    const [row] = await t.db
      .select()
      .from(linkPreviews)
      .where(sql`url = ${url}`);
    expect(row).toBeDefined();

    await t.db
      .update(linkPreviews)
      .set({ fetchedAt: new Date(Date.now() - 23 * 3_600_000) })
      .where(sql`url = ${url}`);
    await previewOf(client, url);
    expect(hits.get('/og')).toBe(1);
    await t.db
      .update(linkPreviews)
      .set({ fetchedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(sql`url = ${url}`);
    await previewOf(client, url);
    expect(hits.get('/og')).toBe(2);
  });

  it('keeps a failure for 10 minutes so a dead link is not fetched for every message', async () => {
    const url = `${origin}/missing?cached=1`;
    await previewOf(client, url);
    await previewOf(client, url);
    expect(hits.get('/missing')).toBe(1);
    await t.db
      .update(linkPreviews)
      .set({ fetchedAt: new Date(Date.now() - 11 * 60_000) })
      .where(sql`url = ${url}`);
    await previewOf(client, url);
    expect(hits.get('/missing')).toBe(2);
  });

  it('shares one fetch between simultaneous requests for the same link', async () => {
    const results = await Promise.all([1, 2, 3].map(() => previewOf(client, `${origin}/slowish`)));
    expect(results.map((r) => r.json().title)).toEqual(['Shared', 'Shared', 'Shared']);
    expect(hits.get('/slowish')).toBe(1);
  });

  it('limits previews per client per minute', async () => {
    const busy = await signedIn(t, '10.7.7.7');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await previewOf(busy, `${origin}/og`)).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('link previews without an allow-list', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    client = await signedIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses loopback and unspecified targets without contacting them', async () => {
    for (const url of [
      `${origin}/og`,
      'http://localhost/',
      `http://localhost:${new URL(origin).port}/og`,
      'http://[::1]/',
      'http://0.0.0.0/',
      'http://127.1/',
    ]) {
      const res = await previewOf(client, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('This link cannot be previewed');
    }
    expect(hits.size).toBe(0);
    expect(await t.db.select().from(linkPreviews)).toEqual([]);
  });

  it('explains what is wrong with the url parameter', async () => {
    const messageOf = async (query: string) => (await client.get(`/api/v1/link-preview${query}`)).json().message;
    expect(await messageOf('')).toBe('url is required');
    expect(await messageOf('?url=')).toBe('url is required');
    expect(await messageOf(`?url=${encodeURIComponent('file:///etc/passwd')}`)).toBe(
      'Only http and https links can be previewed',
    );
    expect(await messageOf(`?url=${encodeURIComponent('ftp://files.example.com/a')}`)).toBe(
      'Only http and https links can be previewed',
    );
    expect(await messageOf(`?url=${encodeURIComponent('javascript:alert(1)')}`)).toBe(
      'Only http and https links can be previewed',
    );
    expect(await messageOf('?url=example.com')).toBe('url must be a full link, such as https://example.com');
    expect(await messageOf(`?url=https://example.com/${'a'.repeat(2000)}`)).toBe(
      'Links must be at most 2000 characters',
    );
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await new TestClient(t.app).get(
      `/api/v1/link-preview?url=${encodeURIComponent('https://example.com/')}`,
    );
    expect(res.statusCode).toBe(401);
  });
});
