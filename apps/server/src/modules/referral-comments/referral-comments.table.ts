import { index, integer, pgTable, serial, text, timestamp, boolean, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { practices, users } from '../../core/index.js';
import { referrals } from '../referrals/referrals.table.js';

/** The discussion on a referral, seen by every practice on it; replies point at their root. */
export const referralComments = pgTable(
  'referral_comments',
  {
    id: serial('id').primaryKey(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    /** File ids (owned by the referral). */
    files: integer('files').array().notNull().default([]),
    needsResponse: boolean('needs_response').notNull().default(false),
    notifyPracticeUsers: boolean('notify_practice_users').notNull().default(false),
    usersMentioned: integer('users_mentioned').array().notNull().default([]),
    parentId: integer('parent_id').references((): AnyPgColumn => referralComments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_comments_referral_idx').on(t.referralId, t.id)],
);

/** A practice's internal notes on a referral; only their author edits or deletes them. */
export const referralNotes = pgTable(
  'referral_notes',
  {
    id: serial('id').primaryKey(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    files: integer('files').array().notNull().default([]),
    usersMentioned: integer('users_mentioned').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_notes_referral_idx').on(t.referralId, t.practiceId, t.id)],
);
