import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuthApp, LoginStep } from '@referwell/contracts';
import { users } from '../../core/index.js';

/**
 * VERIFY_PHONE confirms a new account's phone; UPDATE_* move a signed-in user to a new phone or
 * e-mail; SET_PASSWORD is the first password of an account an admin made (password-setup.ts).
 */
export type FlowKind =
  'PASSWORD' | 'PHONE_CODE' | 'PASSWORD_RESET' | 'VERIFY_PHONE' | 'UPDATE_PHONE' | 'UPDATE_EMAIL' | 'SET_PASSWORD';

/** A multi-step sign-in (or reset, or verification) in progress. */
export const authFlows = pgTable('auth_flows', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  app: text('app').$type<AuthApp>().notNull(),
  kind: text('kind').$type<FlowKind>().notNull(),
  identifier: text('identifier').notNull(),
  /** Null when nobody has that e-mail or phone: the flow runs on so as not to reveal it. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  steps: jsonb('steps').$type<LoginStep[]>().notNull(),
  stepIndex: integer('step_index').notNull(),
  /** FAILED: it took MAX_CODE_ATTEMPTS wrong codes and is over. */
  status: text('status').$type<'PENDING' | 'COMPLETE' | 'FAILED'>().notNull().default('PENDING'),
  codeHash: text('code_hash'),
  /** Codes tried in this flow, right or wrong, across resends. */
  codeAttempts: integer('code_attempts').notNull().default(0),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
  delivery: text('delivery').$type<'email' | 'sms' | 'voice'>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Wrong passwords per account and client (sign-in-throttle.ts). `subject` is an HMAC of the
 * account (or of the e-mail typed, when it has none); `client` is `device:<nonce>`, `ip:<address
 * or IPv6 /64>`, or `untrusted` for every client without a device cookie together.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    subject: text('subject').notNull(),
    client: text('client').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.client] }),
    index('sign_in_throttles_last_failure_idx').on(t.lastFailureAt),
  ],
);
