import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { InviteStatus, InviteType, Role } from '@referwell/contracts';
import { networks } from '../networks/networks.table.js';
import { organisations, practices, users } from '../../core/index.js';

/**
 * An invitation to a practice, a network or an organisation, sent by e-mail or SMS. The code in the
 * link is a bearer secret, so only its hash is kept; resending issues a fresh code.
 */
export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    type: text('type').$type<InviteType>().notNull(),
    /** The role granted on acceptance (PROVIDER and VENDOR invites). */
    role: text('role').$type<Role>(),
    email: text('email'),
    phone: text('phone'),
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    networkId: integer('network_id').references(() => networks.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** The existing account the invite was addressed to, when there was one. */
    inviteeUserId: integer('invitee_user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<InviteStatus>().notNull().default('PENDING'),
    respondedBy: integer('responded_by').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invites_practice_pending_idx')
      .on(t.practiceId)
      .where(sql`${t.status} = 'PENDING'`),
    index('invites_email_idx').on(t.email),
    index('invites_phone_idx').on(t.phone),
  ],
);
