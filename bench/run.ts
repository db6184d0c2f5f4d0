/**
 * npm run bench — measures the server against a baseline in the same run:
 *  - cold start of the real server (empty data dir: migrations + demo data) and a warm restart;
 *  - idle memory (RSS) of the started server;
 *  - requests/s and p99 of an authenticated GET /api/v1/user/current next to a bare Fastify route;
 *  - upload throughput of a 50 MB file through the signed upload route next to a raw disk write (upload.ts);
 *  - the referral inbox and matchCheck over 100,000 referrals on PostgreSQL next to their SQL through pg (referrals.ts);
 *  - 5,000 chat sockets in 500 rooms, on one instance and on two over Redis, next to a bare `ws` fan-out (chat.ts).
 * Every request goes to 127.0.0.1 only, and each load run is bounded in time.
 * BENCH_DATABASE_URL (an empty PostgreSQL database) measures on PostgreSQL instead of PGlite.
 *  - Lighthouse on the sign-in page, the referral inbox and the chat room next to a bare HTML page (web.ts).
 * `npm run bench -- referrals` (or `server`, `chat`, `web`) runs that part alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchUpload } from './upload.js';
import { benchReferrals } from './referrals.js';
import { benchChat } from './chat.js';
import { benchWeb } from './web.js';
import {
  CONNECTIONS,
  DURATION_S,
  load,
  percent,
  printTable,
  rssMb,
  signIn,
  start,
  stop,
  waitUntilUp,
} from './server.js';

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referwell-bench-'));
  // BENCH_DATABASE_URL runs the server on real PostgreSQL (an empty database) instead of PGlite.
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const serverEnv = {
    PORT: '3301',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:3301',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const base = 'http://127.0.0.1:3301';
  const health = `${base}/api/v1/healthchecks/isHealthy`;

  let server = start('apps/server/src/main.ts', serverEnv);
  const coldMs = await waitUntilUp(health);
  await stop(server);
  server = start('apps/server/src/main.ts', serverEnv);
  const warmMs = await waitUntilUp(health);
  await new Promise((r) => setTimeout(r, 3_000));
  const idleRss = rssMb(server.pid!);

  const bare = start('bench/bare-server.ts', { PORT: '3302' });
  try {
    await waitUntilUp('http://127.0.0.1:3302/bare');
    const session = await signIn(base);
    const baseline = await load('http://127.0.0.1:3302/bare');
    const current = await load(`${base}/api/v1/user/current`, { cookie: session.cookie });
    const upload = await benchUpload(base, session, dataDir);
    const store = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
    printTable(`Referwell bench (${CONNECTIONS} connections, ${DURATION_S} s per load run, ${store})`, [
      ['cold start, empty data dir (migrate + demo data)', `${Math.round(coldMs)} ms`],
      ['start on an existing data dir', `${Math.round(warmMs)} ms`],
      ['idle memory (RSS) after start', `${idleRss.toFixed(0)} MB`],
      ['bare Fastify GET /bare', `${Math.round(baseline.rps)} req/s, p99 ${baseline.p99} ms`],
      ['authenticated GET /api/v1/user/current', `${Math.round(current.rps)} req/s, p99 ${current.p99} ms`],
      ['ratio user/current : bare (req/s)', percent(current.rps, baseline.rps)],
      ...upload,
    ]);
  } finally {
    await stop(bare);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- <part>…` runs only the parts named; without any, all of them. */
const chosen = process.argv.slice(2);
const runs = (part: string) => chosen.length === 0 || chosen.includes(part);
if (runs('server')) await main();
if (runs('referrals')) await benchReferrals();
if (runs('chat')) await benchChat();
if (runs('web')) await benchWeb();
