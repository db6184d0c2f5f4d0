import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { JoinRequestState } from '@referwell/contracts';
import { practices, users } from '../../core/index.js';

/** A user asking to become a member of a practice; its admins approve or reject it. */
export const practiceJoinRequests = pgTable(
  'practice_join_requests',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    state: text('state').$type<JoinRequestState>().notNull().default('PENDING'),
    acceptingUserId: integer('accepting_user_id').references(() => users.id, { onDelete: 'set null' }),
    rejectingUserId: integer('rejecting_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('join_requests_practice_idx').on(t.practiceId, t.state),
    // One open request per user and practice.
    uniqueIndex('join_requests_pending_uq')
      .on(t.practiceId, t.requestedBy)
      .where(sql`${t.state} = 'PENDING'`),
  ],
);
