import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'rw-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Referwell</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  // What the build writes beside each file.
  writeFileSync(path.join(dist, 'assets', 'app-1.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(dist, 'assets', 'app-1.js.gz'), gzipSync('console.log(1)'));
  mkdirSync(path.join(dist, 'chat'));
  writeFileSync(
    path.join(dist, 'chat', 'index.html'),
    '<!doctype html><title>Chat</title><div id="root" data-page="chat-room"></div>',
  );
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('answers client-side routes with the app shell and files with themselves', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/settings?tab=profile' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('sends the compressed copy the browser accepts, and lets it keep hashed files for a year', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await t.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it("sends a page's security headers with pages, and only those a script obeys with the hashed files", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/referrals' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
  });

  it('has the browser check the pages with the server on every visit, so a new release shows at once', async () => {
    for (const url of ['/', '/settings', '/chat/?room=x', '/form/riverside-intake']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("lets the page frame the gallery's YouTube and Vimeo players and nothing else", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const directives = new Map(
      String(page.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    expect(directives.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });

  it('answers 404, not the app shell, for a missing file or API path', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  it('answers /chat/ with the chat room page, query string and all, and lets any site frame it', async () => {
    for (const url of [
      '/chat/?room=3f1c6a52-8c1e-4f0e-9a55-0d6f2b7f6a10&token=abc&light',
      '/chat',
      '/chat/?device=ios',
      '/chat/anything',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body, url).toContain('data-page="chat-room"');
      expect(page.headers['x-frame-options'], url).toBeUndefined();
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toContain('frame-ancestors *');
      expect(policy).not.toContain("frame-ancestors 'self'");
      expect(policy).toContain("default-src 'self'");
      // Its address holds the room token: nothing it loads or links to may be told it.
      expect(page.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('answers /form/{endpoint} with the app shell that any site may frame, so practices embed their forms', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/form/riverside-intake?embed=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(String(page.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect((await t.app.inject({ method: 'GET', url: '/form/missing.js' })).statusCode).toBe(404);
  });

  it('keeps the provider app unframeable and missing chat assets a 404', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/chats' });
    expect(shell.body).not.toContain('chat-room');
    expect(shell.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(shell.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect((await t.app.inject({ method: 'GET', url: '/chat/missing.js' })).statusCode).toBe(404);
  });
});
