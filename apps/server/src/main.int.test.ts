import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closedPort } from './platform/scanner/clamd.test-server.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm start`'s server process with `env`, until it exits: its exit code and the log lines it wrote. */
function runServer(
  env: Record<string, string>,
): Promise<{ code: number | null; lines: { level: number; msg: string }[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        // Read back as JSON; development's readable format is tested with the logger.
        LOG_FORMAT: 'json',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rw-main-')),
        WEB_DIST: path.join(tmpdir(), 'rw-no-web'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const lines = out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      resolve({ code, lines });
    });
  });
}

describe('starting with the database down', () => {
  it('retries with a clear log line each time, then exits with a message naming the database', async () => {
    const port = await closedPort();
    const { code, lines } = await runServer({
      DATABASE_URL: `postgres://postgres:not-logged@127.0.0.1:${port}/referwell`,
      DATABASE_START_TIMEOUT_SECONDS: '2',
      PORT: '0',
    });
    expect(code).toBe(1);
    const where = `database not reachable at 127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port})`;
    const retries = lines.filter((line) => line.level === 40 && line.msg.startsWith(where));
    // Real time: the pauses are 1 s, then what is left of the 2 s.
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(retries[0].msg).toBe(`${where}, retrying in 1 s (attempt 1)`);
    expect(retries[1].msg).toMatch(/, retrying in [\d.]+ s \(attempt 2\)$/);
    expect(lines.at(-1)!.level).toBe(60);
    expect(lines.at(-1)!.msg).toBe(`${where} after ${retries.length + 1} attempts in 2 s; giving up`);
    expect(JSON.stringify(lines)).not.toContain('not-logged');
    expect(lines.some((line) => line.msg.startsWith('Referwell is ready'))).toBe(false);
  });
});
