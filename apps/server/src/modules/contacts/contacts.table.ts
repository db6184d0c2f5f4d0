import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../core/index.js';

/** People a user keeps in their address book. */
export const userContacts = pgTable(
  'user_contacts',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    contactUserId: integer('contact_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactUserId] })],
);
