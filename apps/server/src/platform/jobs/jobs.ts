import type { Db } from '../../db/client.js';

/**
 * Durable background jobs. `enqueue` stores a job (inside the caller's transaction when given one);
 * handlers registered by kind run on every instance's worker; a handler that throws is retried with
 * a growing delay. Implemented over the `jobs` table (FOR UPDATE SKIP LOCKED).
 */
/** `job.attempts` is the number of this run, from 1 (a run cut short by a crash counts too). */
export type JobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number }) => Promise<void>;

export interface EnqueueOptions {
  /** Not before then; default now. */
  runAt?: Date;
  /** The caller's transaction: the job exists only if it commits. */
  tx?: Db;
}

export interface JobKindOptions {
  /**
   * Runs before the job is given up (marked done with its last error). Unlimited by default:
   * work such as a file scan must wait out an outage rather than be lost.
   */
  maxAttempts?: number;
}

export interface Jobs {
  enqueue(kind: string, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<number>;
  register(kind: string, handler: JobHandler, options?: JobKindOptions): void;
  /**
   * Registers `kind` to run every `intervalMs` on exactly one instance: a worker that starts (or
   * drains) makes sure one pending run exists (a unique index keeps it to one across instances
   * and restarts), and each run, once done or given up, schedules the next `intervalMs` later.
   * The handler gets an empty payload. Failures are retried like any job.
   */
  every(kind: string, intervalMs: number, handler: JobHandler, options?: JobKindOptions): void;
  /** Starts polling for due jobs (main.ts and tests that want a worker). */
  start(): void;
  /** Stops polling and waits for running handlers. */
  stop(): Promise<void>;
  /** Runs every due job now, once; tests call it instead of waiting for the poller. */
  drain(): Promise<number>;
}
