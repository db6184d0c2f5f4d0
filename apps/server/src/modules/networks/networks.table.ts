import { index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { practices, users } from '../../core/index.js';

/**
 * A practice's trusted circle for referrals. The owning practice orders its networks; each is one
 * routing tier, offered a referral for matchingTimeLimit minutes before the next tier.
 */
export const networks = pgTable(
  'networks',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Minutes. */
    matchingTimeLimit: integer('matching_time_limit').notNull(),
    order: integer('order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('networks_practice_idx').on(t.practiceId, t.order)],
);

export const networkPractices = pgTable(
  'network_practices',
  {
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.networkId, t.practiceId] }),
    index('network_practices_practice_idx').on(t.practiceId),
  ],
);

/** Individual providers in a network, with the practice they are reached through. */
export const networkProviders = pgTable(
  'network_providers',
  {
    networkId: integer('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.networkId, t.userId] }), index('network_providers_user_idx').on(t.userId)],
);
