/**
 * `npm run bench -- web`: Lighthouse (mobile profile: a mid-range phone on slow 4G, simulated) in
 * Debian's Chromium on the pages people open first — the sign-in page, the referral inbox, and the
 * chat room a patient opens from a text — next to a bare HTML page served by a bare Fastify, which
 * shows what this machine scores at best. Each page runs RUNS times; the table holds the median.
 * Initial JavaScript is what the page downloads (compressed, as sent) before it is usable. Every
 * run starts with an empty cache, as a first visit does; the inbox's with the session cookies set.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { printTable, root, signIn, start, stop, waitUntilUp, type Session } from './server.js';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** A folder to keep each run's whole Lighthouse report in, to see where a page's time goes. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
const BASE = 'http://127.0.0.1:3303';

interface PageScore {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  scriptKb: number;
}

export async function benchWeb() {
  // The pages are the built app's: build it if its sources changed since the last build.
  if (spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0)
    throw new Error('web build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referwell-bench-web-'));
  const server = start('apps/server/src/main.ts', {
    PORT: '3303',
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  });
  const bare = start('bench/bare-server.ts', { PORT: '3304' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await waitUntilUp(`${BASE}/api/v1/healthchecks/isHealthy`);
    await waitUntilUp('http://127.0.0.1:3304/bare');
    const session = await signIn(BASE);
    const chatRoom = await chatRoomAddress(session);
    const pages: [string, string, Session?][] = [
      ['bare HTML page (baseline)', 'http://127.0.0.1:3304/page'],
      ['sign-in page', `${BASE}/login`],
      ['referral inbox (signed in)', `${BASE}/referrals`, session],
      ['chat room (from a texted link)', chatRoom],
    ];
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const rows: [string, string][] = [];
    for (const [name, url, signedIn] of pages) {
      const score = await median(() => audit(browser, chrome.port, url, signedIn));
      rows.push([
        name,
        `performance ${score.performance}, FCP ${score.fcpMs} ms, LCP ${score.lcpMs} ms, TBT ${score.tbtMs} ms, JS ${score.scriptKb} kB`,
      ]);
    }
    await browser.disconnect();
    printTable(`Lighthouse, mobile profile, median of ${RUNS} (Debian Chromium)`, rows);
  } finally {
    chrome.kill();
    await stop(bare);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The chat room as Priya's first chat opens it: its room id and a room token for her. */
async function chatRoomAddress(session: Session): Promise<string> {
  const get = async <T>(url: string) => {
    const res = await fetch(`${BASE}${url}`, { headers: session });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const me = await get<{ currentPractice: { practice: { id: number } } }>('/api/v1/user/current');
  const practiceId = me.currentPractice.practice.id;
  const chats = await get<{ data: { id: number }[] }>(`/api/v1/chats?practiceId=${practiceId}`);
  const { room, token } = await get<{ room: string; token: string }>(
    `/api/v1/chat/${chats.data[0].id}/token?practiceId=${practiceId}`,
  );
  return `${BASE}/chat/?room=${room}&token=${encodeURIComponent(token)}`;
}

async function median(run: () => Promise<PageScore>): Promise<PageScore> {
  const runs: PageScore[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await retried(run));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)];
}

/** Lighthouse now and then fails to record a load's trace (NO_NAVSTART); such a run is run again. */
async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !(err instanceof LighthouseRunError)) throw err;
    }
  }
}

class LighthouseRunError extends Error {}

async function audit(browser: Browser, port: number, url: string, signedIn?: Session): Promise<PageScore> {
  // Lighthouse's own storage reset would sign the inbox out, so each run empties the cache and
  // the cookies itself and then sets the session's, if any.
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.clearBrowserCookies');
  for (const pair of signedIn?.cookie.split('; ') ?? []) {
    const at = pair.indexOf('=');
    await page.setCookie({ name: pair.slice(0, at), value: pair.slice(at + 1), url: BASE });
  }
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    undefined,
    page,
  ).finally(() => page.close());
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (REPORTS)
    writeFileSync(
      path.join(REPORTS, `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`),
      result.report as string,
    );
  if (lhr.runtimeError) throw new LighthouseRunError(`${url}: ${lhr.runtimeError.message}`);
  // A page that sent the browser elsewhere (the inbox to sign-in) would be measuring another page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  const ms = (audit: string) => Math.round(lhr.audits[audit].numericValue ?? NaN);
  const { items: summary } = lhr.audits['resource-summary'].details as unknown as {
    items: { resourceType: string; transferSize: number }[];
  };
  const script = summary.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    scriptKb: Math.round(script / 1024),
  };
}
