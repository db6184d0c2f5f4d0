/**
 * Durable background jobs. `enqueue` stores a job (inside the caller's transaction when given one);
 * handlers registered by kind run on every instance's worker; a handler that throws is retried with
 * a growing delay. Implemented over the `jobs` table (FOR UPDATE SKIP LOCKED).
 */
export type JobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number }) => Promise<void>;

export interface Jobs {
  enqueue(kind: string, payload: Record<string, unknown>, options?: { runAt?: Date }): Promise<number>;
  register(kind: string, handler: JobHandler): void;
  /** Starts polling for due jobs (main.ts and tests that want a worker). */
  start(): void;
  /** Stops polling and waits for running handlers. */
  stop(): Promise<void>;
  /** Runs every due job now, once; tests call it instead of waiting for the poller. */
  drain(): Promise<number>;
}
