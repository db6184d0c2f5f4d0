import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { freshDatabase } from '../../test/harness.js';
import { openPostgres, type Database } from '../../db/client.js';
import { jobs } from './jobs.table.js';
import { createJobs, retryDelayMs } from './queue.js';
import { recordingLog as quietLog } from './log.test-support.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await drop?.();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

const row = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
/** Makes every waiting job due now, as if its retry delay had passed. */
const timePasses = () =>
  database.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(sql`done_at is null`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** On PostgreSQL a second instance has its own connection pool; PGlite has one connection to share. */
async function secondInstance(): Promise<Database | undefined> {
  if (database.driver !== 'postgres') return undefined;
  const result = (await database.db.execute<{ name: string }>(sql`select current_database() as name`)) as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0].name}`;
  return openPostgres(url.toString(), { max: 4 });
}

async function until(check: () => Promise<boolean> | boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe('job queue', () => {
  it('runs a job once with its payload and marks it done', async () => {
    const queue = createJobs(database.db, quietLog());
    const seen: unknown[] = [];
    queue.register('test.echo', async (payload, job) => {
      seen.push({ payload, attempts: job.attempts });
    });
    const id = await queue.enqueue('test.echo', { fileId: 7, note: 'hello' });
    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual([{ payload: { fileId: 7, note: 'hello' }, attempts: 1 }]);
    expect(await row(id)).toMatchObject({ attempts: 1, lastError: null, lockedUntil: null, doneAt: expect.any(Date) });
    expect(await queue.drain()).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('keeps a job for later until its runAt', async () => {
    const queue = createJobs(database.db, quietLog());
    let runs = 0;
    queue.register('test.later', async () => {
      runs += 1;
    });
    const id = await queue.enqueue('test.later', {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(0);
    await timePasses();
    expect(await queue.drain()).toBe(1);
    expect(runs).toBe(1);
    expect((await row(id)).doneAt).not.toBeNull();
  });

  it('survives a restart: a new queue over the same database runs what the old one stored', async () => {
    const before = createJobs(database.db, quietLog());
    const id = await before.enqueue('test.durable', { n: 1 });
    await before.stop();

    const after = createJobs(database.db, quietLog());
    const seen: unknown[] = [];
    after.register('test.durable', async (payload) => {
      seen.push(payload);
    });
    expect(await after.drain()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await row(id)).doneAt).not.toBeNull();
  });

  it('retries a failing job with a growing delay, recording the error, until it succeeds', async () => {
    const queue = createJobs(database.db, quietLog());
    let failures = 2;
    queue.register('test.flaky', async () => {
      if (failures-- > 0) throw new Error('scanner unreachable');
    });
    const id = await queue.enqueue('test.flaky', {});

    await queue.drain();
    let job = await row(id);
    expect(job).toMatchObject({ attempts: 1, lastError: 'scanner unreachable', doneAt: null, lockedUntil: null });
    const firstDelay = job.runAt.getTime() - Date.now();
    expect(firstDelay).toBeGreaterThan(3_000);
    expect(firstDelay).toBeLessThanOrEqual(5_000);
    // Not due again before its delay has passed.
    expect(await queue.drain()).toBe(0);

    await timePasses();
    await queue.drain();
    job = await row(id);
    expect(job).toMatchObject({ attempts: 2, doneAt: null });
    expect(job.runAt.getTime() - Date.now()).toBeGreaterThan(8_000);

    await timePasses();
    await queue.drain();
    expect(await row(id)).toMatchObject({ attempts: 3, lastError: null, doneAt: expect.any(Date) });
  });

  it('doubles the delay from 5 s up to 10 minutes', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 320_000, 600_000, 600_000,
    ]);
  });

  it('gives a job up after maxAttempts, keeping its last error', async () => {
    const queue = createJobs(database.db, quietLog());
    let runs = 0;
    queue.register(
      'test.doomed',
      async () => {
        runs += 1;
        throw new Error(`failure ${runs}`);
      },
      { maxAttempts: 2 },
    );
    const id = await queue.enqueue('test.doomed', {});
    await queue.drain();
    await timePasses();
    await queue.drain();
    await timePasses();
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(2);
    expect(await row(id)).toMatchObject({ attempts: 2, lastError: 'failure 2', doneAt: expect.any(Date) });
  });

  it('retries without limit by default', async () => {
    const queue = createJobs(database.db, quietLog());
    queue.register('test.patient', async () => {
      throw new Error('still down');
    });
    const id = await queue.enqueue('test.patient', {});
    for (let i = 0; i < 12; i++) {
      await queue.drain();
      await timePasses();
    }
    expect(await row(id)).toMatchObject({ attempts: 12, doneAt: null, lastError: 'still down' });
  });

  it('leaves kinds it has no handler for to the instances that have one', async () => {
    const queue = createJobs(database.db, quietLog());
    queue.register('test.mine', async () => {});
    const theirs = await queue.enqueue('test.theirs', {});
    await queue.enqueue('test.mine', {});
    expect(await queue.drain()).toBe(1);
    expect(await row(theirs)).toMatchObject({ attempts: 0, doneAt: null, lockedUntil: null });
  });

  it('takes over a job whose worker died once its lease has run out, not before', async () => {
    const queue = createJobs(database.db, quietLog());
    let runs = 0;
    queue.register('test.orphan', async () => {
      runs += 1;
    });
    const id = await queue.enqueue('test.orphan', {});
    // Another worker claimed it and vanished.
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(eq(jobs.id, id));
    expect(await queue.drain()).toBe(0);
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await queue.drain()).toBe(1);
    expect(runs).toBe(1);
    expect(await row(id)).toMatchObject({ attempts: 2, doneAt: expect.any(Date) });
  });

  it('enlists a job in the caller’s transaction: rolled back, it never existed', async () => {
    const queue = createJobs(database.db, quietLog());
    queue.register('test.tx', async () => {});
    await database.db
      .transaction(async (tx) => {
        await queue.enqueue('test.tx', {}, { tx });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await database.db.select().from(jobs)).toEqual([]);
    await database.db.transaction(async (tx) => {
      await queue.enqueue('test.tx', {}, { tx });
    });
    expect(await queue.drain()).toBe(1);
  });

  it('runs a job enqueued in this process at once when started, and polls for others', async () => {
    const queue = createJobs(database.db, quietLog(), { pollMs: 100 });
    const done: number[] = [];
    queue.register('test.live', async (payload) => {
      done.push(payload.n as number);
    });
    queue.start();
    try {
      const startedAt = Date.now();
      await queue.enqueue('test.live', { n: 1 });
      await until(() => done.length === 1);
      expect(Date.now() - startedAt).toBeLessThan(1_000);
      // A job another instance stored is found by polling.
      await database.db.insert(jobs).values({ kind: 'test.live', payload: { n: 2 } });
      await until(() => done.length === 2);
      expect(done).toEqual([1, 2]);
    } finally {
      await queue.stop();
    }
  });

  it('stop() waits for a running handler and then polls no more', async () => {
    const queue = createJobs(database.db, quietLog(), { pollMs: 50 });
    let release!: () => void;
    let runs = 0;
    queue.register('test.slow', async () => {
      runs += 1;
      await new Promise<void>((r) => (release = r));
    });
    queue.start();
    const id = await queue.enqueue('test.slow', {});
    await until(() => runs === 1);
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await sleep(100);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await row(id)).doneAt).not.toBeNull();
    await queue.enqueue('test.slow', {});
    await sleep(200);
    expect(runs).toBe(1);
  });

  it('two queues over one database run each job exactly once', async () => {
    const other = await secondInstance();
    try {
      const ran: { id: number; by: string }[] = [];
      const make = (db: Database['db'], by: string) => {
        const queue = createJobs(db, quietLog(), { pollMs: 20, batchSize: 3 });
        queue.register('test.shared', async (_payload, job) => {
          ran.push({ id: job.id, by });
          await sleep(5);
        });
        return queue;
      };
      const a = make(database.db, 'a');
      const b = make((other ?? database).db, 'b');
      const ids: number[] = [];
      for (let i = 0; i < 40; i++) ids.push(await a.enqueue('test.shared', { i }));
      a.start();
      b.start();
      const [drainedA, drainedB] = await Promise.all([a.drain(), b.drain()]);
      await until(
        async () =>
          (
            await database.db
              .select()
              .from(jobs)
              .where(sql`done_at is null`)
          ).length === 0,
      );
      await Promise.all([a.stop(), b.stop()]);

      expect(ran.map((r) => r.id).sort((x, y) => x - y)).toEqual(ids);
      expect(drainedA + drainedB).toBeLessThanOrEqual(40);
      expect(new Set(ran.map((r) => r.by))).toEqual(new Set(['a', 'b']));
    } finally {
      await other?.close();
    }
  });
});

describe('recurring jobs', () => {
  const pending = (kind: string) =>
    database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt)));

  it('run on one of two instances per interval, with one pending run however many schedule it', async () => {
    const other = await secondInstance();
    try {
      const runs: string[] = [];
      const make = (db: Database['db'], by: string) => {
        const queue = createJobs(db, quietLog());
        queue.every('test.tick', 60_000, async (payload) => {
          expect(payload).toEqual({});
          runs.push(by);
        });
        return queue;
      };
      const a = make(database.db, 'a');
      const b = make((other ?? database).db, 'b');

      await Promise.all([a.drain(), b.drain()]);
      expect(runs).toHaveLength(1);
      let [next] = await pending('test.tick');
      expect(await pending('test.tick')).toHaveLength(1);
      expect(next).toMatchObject({ everyMs: 60_000, attempts: 0 });
      expect(next.runAt.getTime() - Date.now()).toBeGreaterThan(55_000);
      expect(await Promise.all([a.drain(), b.drain()])).toEqual([0, 0]);

      await timePasses();
      await Promise.all([a.drain(), b.drain()]);
      expect(runs).toHaveLength(2);
      expect(await pending('test.tick')).toHaveLength(1);

      // A restart, or a third instance, finds the pending run and adds none.
      const restarted = make(database.db, 'c');
      expect(await restarted.drain()).toBe(0);
      [next] = await pending('test.tick');
      expect(await pending('test.tick')).toHaveLength(1);
      expect(next.runAt.getTime()).toBeGreaterThan(Date.now());
      expect(
        (await database.db.select().from(jobs).where(eq(jobs.kind, 'test.tick'))).filter((j) => j.doneAt),
      ).toHaveLength(2);
    } finally {
      await other?.close();
    }
  });

  it('retries a failing run; one given up still schedules the next', async () => {
    const queue = createJobs(database.db, quietLog());
    let failures = 0;
    queue.every(
      'test.fragile',
      3_600_000,
      async () => {
        failures += 1;
        throw new Error('store unreachable');
      },
      { maxAttempts: 2 },
    );
    await queue.drain();
    const [first] = await pending('test.fragile');
    expect(first).toMatchObject({ attempts: 1, lastError: 'store unreachable' });
    await timePasses();
    await queue.drain();
    expect(failures).toBe(2);
    expect(await row(first.id)).toMatchObject({ attempts: 2, doneAt: expect.any(Date) });
    const [next] = await pending('test.fragile');
    expect(next).toMatchObject({ attempts: 0, lastError: null, everyMs: 3_600_000 });
    expect(next.runAt.getTime() - Date.now()).toBeGreaterThan(3_500_000);
  });

  it('is scheduled by a worker that starts, and leaves one-off jobs of its kind alone', async () => {
    const queue = createJobs(database.db, quietLog(), { pollMs: 50 });
    const runs: unknown[] = [];
    queue.every('test.started', 60_000, async (payload) => {
      runs.push(payload);
    });
    // A one-off run of the same kind (as tests and operators enqueue) neither counts nor blocks.
    await queue.enqueue('test.started', { now: true });
    queue.start();
    try {
      await until(() => runs.length === 2);
    } finally {
      await queue.stop();
    }
    expect(runs).toContainEqual({ now: true });
    expect(await pending('test.started')).toMatchObject([{ everyMs: 60_000 }]);
  });

  it('refuses an interval below a second', () => {
    const queue = createJobs(database.db, quietLog());
    expect(() => queue.every('test.busy', 10, async () => {})).toThrow('cannot recur every 10 ms');
  });
});
