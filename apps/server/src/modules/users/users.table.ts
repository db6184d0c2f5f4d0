import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { UserSettings } from '@referwell/contracts';

export const users = pgTable(
  'users',
  {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  kind: text('kind').notNull(),
  /** Stored lower-cased; unique across accounts. */
  email: text('email').unique(),
  /** E.164; unique across accounts. */
  phone: text('phone').unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  title: text('title'),
  passwordHash: text('password_hash'),
  isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  /** No FK: practices reference users through memberships, and the current practice is re-checked on read. */
  currentPracticeId: integer('current_practice_id'),
  dateOfBirth: date('date_of_birth'),
  gender: text('gender'),
  addressPlaceId: text('address_place_id'),
  /** The role a provider chose at signup, granted when they first join a practice. */
  signupRole: text('signup_role'),
  /** Where the user's profile photo is served (files' public image path); set once an upload is scanned clean. */
  photoUrl: text('photo_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_name_trgm_idx').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)],
);

/** Settings are kept per practice: calendar toggles only make sense within one practice. */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id').notNull(),
    settings: jsonb('settings').$type<Partial<UserSettings>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.practiceId] })],
);
