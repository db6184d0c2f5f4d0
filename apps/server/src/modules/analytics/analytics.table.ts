import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { practices, users } from '../../core/index.js';

/**
 * Countable product events (spec 2 §6 analytics event types), recorded where they happen; the
 * analytics calls that sum them arrive with their own issue.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    /** e.g. `referral created`, as spec 2 names them. */
    type: text('type').notNull(),
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What it is about, e.g. `{ referralId }`. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_practice_type_idx').on(t.practiceId, t.type, t.at)],
);
