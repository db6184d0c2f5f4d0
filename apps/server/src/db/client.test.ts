import { describe, expect, it } from 'vitest';
import { closedPort } from '../platform/scanner/clamd.test-server.js';
import { recordingLog } from '../platform/jobs/log.test-support.js';
import { openPostgres, waitForDatabase, type Database } from './client.js';

/** A clock that moves only when the code under test sleeps, so no test waits for real. */
function fakeTime() {
  let now = 0;
  const pauses: number[] = [];
  return { now: () => now, pauses, sleep: async (ms: number) => void (pauses.push(ms), (now += ms)) };
}

/** A database that fails to answer `failures` times, then answers. */
function comingUp(failures: number): Database & { pings: number } {
  const database = {
    pings: 0,
    location: 'db.internal:5432',
    async ping() {
      database.pings += 1;
      if (database.pings <= failures)
        throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), { code: 'ECONNREFUSED' });
    },
  };
  return database as unknown as Database & { pings: number };
}

describe('waitForDatabase', () => {
  it('retries a database that is not up yet with growing pauses, saying so each time, until it answers', async () => {
    const time = fakeTime();
    const log = recordingLog();
    const database = comingUp(5);
    await waitForDatabase(database, { timeoutMs: 60_000, log, ...time });
    expect(database.pings).toBe(6);
    expect(time.pauses).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
    expect(log.lines.map((l) => [l.level, l.msg])).toEqual([
      [
        'warn',
        'database not reachable at db.internal:5432 (connect ECONNREFUSED 10.0.0.7:5432), retrying in 1 s (attempt 1)',
      ],
      [
        'warn',
        'database not reachable at db.internal:5432 (connect ECONNREFUSED 10.0.0.7:5432), retrying in 2 s (attempt 2)',
      ],
      [
        'warn',
        'database not reachable at db.internal:5432 (connect ECONNREFUSED 10.0.0.7:5432), retrying in 4 s (attempt 3)',
      ],
      [
        'warn',
        'database not reachable at db.internal:5432 (connect ECONNREFUSED 10.0.0.7:5432), retrying in 8 s (attempt 4)',
      ],
      [
        'warn',
        'database not reachable at db.internal:5432 (connect ECONNREFUSED 10.0.0.7:5432), retrying in 10 s (attempt 5)',
      ],
    ]);
  });

  it('gives up once the time allowed has passed, with a message naming where, why and how long', async () => {
    const time = fakeTime();
    const log = recordingLog();
    await expect(waitForDatabase(comingUp(Infinity), { timeoutMs: 30_000, log, ...time })).rejects.toThrow(
      'database not reachable at db.internal:5432 (connect ECONNREFUSED 10.0.0.7:5432) after 7 attempts in 30 s; giving up',
    );
    // The last pause is cut short so that the last attempt falls on the deadline.
    expect(time.pauses).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 5_000]);
    expect(log.lines).toHaveLength(6);
  });

  it('asks once when no time is allowed, and answers at once when the database does', async () => {
    const time = fakeTime();
    await expect(waitForDatabase(comingUp(1), { timeoutMs: 0, log: recordingLog(), ...time })).rejects.toThrow(
      'after 1 attempt in 0 s; giving up',
    );
    const up = comingUp(0);
    await waitForDatabase(up, { timeoutMs: 0, log: recordingLog(), ...time });
    expect(up.pings).toBe(1);
    expect(time.pauses).toEqual([]);
  });

  it('names a real PostgreSQL address that nothing listens on by host and port, without credentials', async () => {
    const port = await closedPort();
    const database = await openPostgres(`postgres://admin:s3cret-password@127.0.0.1:${port}/referwell`);
    const log = recordingLog();
    try {
      await expect(waitForDatabase(database, { timeoutMs: 1_500, log, ...fakeTime() })).rejects.toThrow(
        `database not reachable at 127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port}) after 3 attempts in 1.5 s; giving up`,
      );
      expect(log.lines[0].msg).toBe(
        `database not reachable at 127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port}), retrying in 1 s (attempt 1)`,
      );
      expect(JSON.stringify(log.lines)).not.toContain('s3cret');
    } finally {
      await database.close();
    }
  });
});
