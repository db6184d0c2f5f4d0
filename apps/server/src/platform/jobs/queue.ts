import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobs } from './jobs.table.js';
import type { JobHandler, JobKindOptions, Jobs } from './jobs.js';

export interface QueueOptions {
  /** How often the worker looks for due jobs; an enqueue in this process wakes it at once. */
  pollMs?: number;
  /** How long a claimed job stays its worker's; renewed while the handler runs. */
  leaseMs?: number;
  /** Jobs claimed (and run side by side) at a time. */
  batchSize?: number;
}

const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 10 * 60_000;
const ERROR_MAX_CHARS = 2_000;

/** Delay before the next run of a job that failed its `attempts`-th run: 5 s, 10 s, 20 s … 10 min. */
export const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RETRY_MAX_MS);

const msFromNow = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

type Claimed = { id: number; kind: string; payload: Record<string, unknown>; attempts: number; everyMs: number | null };

/**
 * The queue over the `jobs` table. A claim is one UPDATE (no transaction stays open while a
 * handler runs, which PGlite's single connection needs): it takes due, unleased rows of the kinds
 * this process handles with FOR UPDATE SKIP LOCKED, so two instances never claim the same job, and
 * leases them. `attempts` counts runs started, so a job whose worker died also counts towards
 * `maxAttempts`; a job given up keeps `last_error` and gets `done_at`. A recurring run is marked
 * done and its successor stored in one transaction, so the chain survives crashes.
 */
export function createJobs(db: Db, log: FastifyBaseLogger, options: QueueOptions = {}): Jobs {
  const { pollMs = 500, leaseMs = 5 * 60_000, batchSize = 4 } = options;
  const handlers = new Map<string, { handler: JobHandler; maxAttempts: number }>();
  /** Recurring kinds and their intervals. */
  const recurring = new Map<string, number>();
  /** Set by start(): the first poll makes sure each recurring kind has its pending run. */
  let ensurePending = false;
  const running = new Set<Promise<unknown>>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let wakeAgain = false;

  async function claim(): Promise<Claimed[]> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return [];
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
          inArray(jobs.kind, kinds),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({ lockedUntil: msFromNow(leaseMs), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning({
        id: jobs.id,
        kind: jobs.kind,
        payload: jobs.payload,
        attempts: jobs.attempts,
        everyMs: jobs.everyMs,
      });
  }

  /** One pending run per recurring kind; the unique index turns every other instance's insert into nothing. */
  async function ensureRecurring() {
    for (const [kind, everyMs] of recurring) {
      await db.insert(jobs).values({ kind, payload: {}, everyMs }).onConflictDoNothing();
    }
  }

  /** Marks a job finished; a recurring run stores its successor in the same transaction. */
  async function finish(job: Claimed, outcome: { doneAt: SQL; lockedUntil: null; lastError: string | null }) {
    const everyMs = job.everyMs === null ? null : (recurring.get(job.kind) ?? job.everyMs);
    if (everyMs === null) {
      await db.update(jobs).set(outcome).where(eq(jobs.id, job.id));
      return;
    }
    await db.transaction(async (tx) => {
      // Done first: the unique index only counts pending runs.
      await tx.update(jobs).set(outcome).where(eq(jobs.id, job.id));
      await tx
        .insert(jobs)
        .values({ kind: job.kind, payload: {}, everyMs, runAt: msFromNow(everyMs) })
        .onConflictDoNothing();
    });
  }

  async function run(job: Claimed) {
    const { handler, maxAttempts } = handlers.get(job.kind)!;
    const renew = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: msFromNow(leaseMs) })
        .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)))
        .catch((err: unknown) => log.warn({ err, jobId: job.id }, 'job lease not renewed'));
    }, leaseMs / 3);
    try {
      await handler(job.payload, { id: job.id, attempts: job.attempts });
      await finish(job, { doneAt: sql`now()`, lockedUntil: null, lastError: null });
    } catch (err) {
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX_CHARS) || 'failed';
      const giveUp = job.attempts >= maxAttempts;
      const delay = retryDelayMs(job.attempts);
      if (giveUp)
        log.error(
          { err, jobId: job.id, kind: job.kind, attempts: job.attempts },
          'job failed for the last time; given up',
        );
      else
        log.warn(
          { err, jobId: job.id, kind: job.kind, attempts: job.attempts },
          `job failed; retrying in ${delay / 1000} s`,
        );
      // If this write fails too, the lease runs out and the job is claimed again.
      await (
        giveUp
          ? finish(job, { doneAt: sql`now()`, lockedUntil: null, lastError })
          : db
              .update(jobs)
              .set({ lastError, lockedUntil: null, runAt: msFromNow(delay) })
              .where(eq(jobs.id, job.id))
      ).catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'job outcome not recorded'));
    } finally {
      clearInterval(renew);
    }
  }

  /** Claims and runs batches until nothing is due; a failed job is pushed into the future, so this ends. */
  async function runDue(): Promise<number> {
    let count = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return count;
      const work = Promise.all(batch.map(run));
      running.add(work);
      try {
        await work;
      } finally {
        running.delete(work);
      }
      count += batch.length;
    }
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (started) timer = setTimeout(poll, delay);
  }

  function poll() {
    if (polling) {
      wakeAgain = true;
      return;
    }
    polling = (async () => {
      do {
        wakeAgain = false;
        try {
          if (ensurePending) {
            await ensureRecurring();
            ensurePending = false;
          }
          await runDue();
        } catch (err) {
          log.error({ err }, 'job queue: looking for due jobs failed');
        }
      } while (wakeAgain && started);
    })().finally(() => {
      polling = undefined;
      schedule(pollMs);
    });
  }

  function register(kind: string, handler: JobHandler, { maxAttempts = Infinity }: JobKindOptions = {}) {
    if (handlers.has(kind)) throw new Error(`a handler for job kind "${kind}" is already registered`);
    handlers.set(kind, { handler, maxAttempts });
  }

  return {
    async enqueue(kind, payload, { runAt, tx } = {}) {
      const [row] = await (tx ?? db)
        .insert(jobs)
        .values({ kind, payload, ...(runAt ? { runAt } : {}) })
        .returning({ id: jobs.id });
      // Inside an uncommitted transaction the row is not visible yet; the next poll finds it.
      if (started) schedule(0);
      return row.id;
    },
    register,
    every(kind, intervalMs, handler, options) {
      if (!Number.isInteger(intervalMs) || intervalMs < 1_000)
        throw new Error(`job kind "${kind}" cannot recur every ${intervalMs} ms`);
      register(kind, handler, options);
      recurring.set(kind, intervalMs);
    },
    start() {
      if (started) return;
      started = true;
      ensurePending = recurring.size > 0;
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await polling;
      await Promise.all(running);
    },
    async drain() {
      await ensureRecurring();
      return runDue();
    },
  };
}
