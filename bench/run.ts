/**
 * npm run bench — measures the server against a baseline in the same run:
 *  - cold start of the real server (empty data dir: migrations + demo data) and a warm restart;
 *  - idle memory (RSS) of the started server;
 *  - requests/s and p99 of an authenticated GET /api/v1/user/current next to a bare Fastify route;
 *  - upload throughput of a 50 MB file through the signed upload route next to a raw disk write (upload.ts).
 * Every request goes to 127.0.0.1 only, and each load run is bounded in time.
 * BENCH_DATABASE_URL (an empty PostgreSQL database) measures on PostgreSQL instead of PGlite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchUpload, type Session } from './upload.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilUp(url: string, timeoutMs = 60_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms`);
}

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
};

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(base: string): Promise<Session> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = pair!.split('=');
      jar.set(name!, value!);
    }
  };
  const headers = () => ({
    'content-type': 'application/json',
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
  });
  keep(await fetch(`${base}/api/v1/auth/csrf?app=PROVIDER_WEB`));
  const start = await fetch(`${base}/api/v1/auth/start`, {
    method: 'POST', headers: headers(), body: JSON.stringify({ app: 'PROVIDER_WEB', email: 'provider@riverside.test' }),
  });
  const { uuid } = (await start.json()) as { uuid: string };
  const done = await fetch(`${base}/api/v1/auth/${uuid}`, {
    method: 'POST', headers: headers(), body: JSON.stringify({ step: 'PASSWORD', value: 'referwell-demo' }),
  });
  if (!done.ok) throw new Error(`sign-in failed: ${done.status}`);
  keep(done);
  return { cookie: headers().cookie, 'x-xsrf-token': headers()['x-xsrf-token'] };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referwell-bench-'));
  // BENCH_DATABASE_URL runs the server on real PostgreSQL (an empty database) instead of PGlite.
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const serverEnv = {
    PORT: '3301', HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3301', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'development',
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
    const rows = [
      ['cold start, empty data dir (migrate + demo data)', `${Math.round(coldMs)} ms`],
      ['start on an existing data dir', `${Math.round(warmMs)} ms`],
      ['idle memory (RSS) after start', `${idleRss.toFixed(0)} MB`],
      ['bare Fastify GET /bare', `${Math.round(baseline.rps)} req/s, p99 ${baseline.p99} ms`],
      ['authenticated GET /api/v1/user/current', `${Math.round(current.rps)} req/s, p99 ${current.p99} ms`],
      ['ratio user/current : bare (req/s)', `${((current.rps / baseline.rps) * 100).toFixed(1)} %`],
      ...upload,
    ];
    const store = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
    console.log(`\nReferwell bench (${CONNECTIONS} connections, ${DURATION_S} s per load run, ${store})\n`);
    for (const [name, value] of rows) console.log(`${name!.padEnd(52)} ${value}`);
  } finally {
    await stop(bare);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
