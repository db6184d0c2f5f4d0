import { index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

export const practices = pgTable('practices', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  name: text('name').notNull(),
  address: text('address'),
  phoneNumber: text('phone_number'),
  type: text('type').notNull().default('PRACTICE'),
  logoUrl: text('logo_url'),
  colorScheme: text('color_scheme'),
  alternativeScheduleLink: text('alternative_schedule_link'),
  timezone: text('timezone').notNull().default('America/New_York'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per role a user holds in a practice. */
export const practiceMembers = pgTable(
  'practice_members',
  {
    practiceId: integer('practice_id').notNull().references(() => practices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.userId, t.role] }), index('practice_members_user_idx').on(t.userId)],
);
