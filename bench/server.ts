/** What every benchmark part shares: the real server as a child process, signing in, load runs, the table. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 10;

export type Session = { cookie: string; 'x-xsrf-token': string };
export interface Throughput {
  rps: number;
  p99: number;
}

export function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A process's resident memory in MB (Linux). */
export const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
};

export async function waitUntilUp(url: string, timeoutMs = 60_000): Promise<number> {
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

/** Whether a child process has ended (by itself or by a signal). */
export const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM, and SIGKILL if the process has not ended after 15 s (a shutdown that hangs must not hang the bench). */
export async function stop(child: ChildProcess) {
  if (ended(child)) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Signs a demo account in through the web flow (CSRF cookie, e-mail, password). */
export async function signIn(
  base: string,
  email = 'provider@riverside.test',
  password = 'referwell-demo',
): Promise<Session> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = pair.split('=');
      jar.set(name, value);
    }
  };
  const headers = () => ({
    'content-type': 'application/json',
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
  });
  keep(await fetch(`${base}/api/v1/auth/csrf?app=PROVIDER_WEB`));
  const started = await fetch(`${base}/api/v1/auth/start`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ app: 'PROVIDER_WEB', email }),
  });
  const { uuid } = (await started.json()) as { uuid: string };
  const done = await fetch(`${base}/api/v1/auth/${uuid}`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ step: 'PASSWORD', value: password }),
  });
  if (!done.ok) throw new Error(`sign-in failed: ${done.status}`);
  keep(done);
  return { cookie: headers().cookie, 'x-xsrf-token': headers()['x-xsrf-token'] };
}

/** requests/s and p99 (ms) of CONNECTIONS connections for `seconds`; any non-2xx answer fails the bench. */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  seconds = DURATION_S,
): Promise<Throughput> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;

export function printTable(title: string, rows: [string, string][]) {
  console.log(`\n${title}\n`);
  for (const [name, value] of rows) console.log(`${name.padEnd(58)} ${value}`);
}
