import { index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@referwell/contracts';
import { users } from './users.table.js';

/** A group of practices with shared members and, optionally, shared billing. */
export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  name: text('name').notNull(),
  address: text('address'),
  phoneNumber: text('phone_number'),
  logoUrl: text('logo_url'),
  billingEmail: text('billing_email'),
  stripeId: text('stripe_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per role a user holds in an organisation. */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId, t.role] }),
    index('organisation_members_user_idx').on(t.userId),
  ],
);
