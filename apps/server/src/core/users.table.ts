import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuthApp, UserSettings } from '@referwell/contracts';

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
    /** Professional details other practices see (PUT /user/business/settings); null until given. */
    credentials: text('credentials'),
    /** The individual NPI as the person gave it (check digit valid); neither verified nor unique. */
    npi: text('npi'),
    bio: text('bio'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_name_trgm_idx').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)],
);

/** Settings are kept per practice: calendar toggles only make sense within one practice. */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id').notNull(),
    settings: jsonb('settings').$type<Partial<UserSettings>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.practiceId] })],
);

/**
 * A signed-in device. Web sessions are found by the hash of their cookie token; token sessions
 * (mobile, integrations) by the hash of their current access token, renewed with refresh tokens.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    app: text('app').$type<AuthApp>().notNull(),
    kind: text('kind').$type<'web' | 'token'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Each refresh token is used once; presenting a used one revokes its session (the token family). */
export const refreshTokens = pgTable('refresh_tokens', {
  id: serial('id').primaryKey(),
  sessionId: integer('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
