import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Durable background work (scans, later reminders and referral tiers). Workers claim due rows with
 * FOR UPDATE SKIP LOCKED, so several instances share the queue and a restart loses nothing.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** A claimed job is someone's until then; after it, another worker may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Set on the runs of a recurring kind (`Jobs.every`): each schedules the next this much later. */
    everyMs: integer('every_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
    // At most one pending run per recurring kind, however many instances schedule it.
    uniqueIndex('jobs_recurring_kind_idx')
      .on(t.kind)
      .where(sql`${t.doneAt} is null and ${t.everyMs} is not null`),
  ],
);
