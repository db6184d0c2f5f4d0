import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { practices, users } from '../../core/index.js';

/** People a user keeps in their address book. */
export const userContacts = pgTable(
  'user_contacts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactUserId: integer('contact_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactUserId] })],
);

/** Practices a practice keeps in its address book. */
export const practiceContacts = pgTable(
  'practice_contacts',
  {
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    contactPracticeId: integer('contact_practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.contactPracticeId] })],
);
