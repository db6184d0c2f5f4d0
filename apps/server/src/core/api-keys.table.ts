import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyPermission } from '@referwell/contracts';
import { practices } from './practices.table.js';
import { users } from './users.table.js';

/**
 * A practice's key for integrations. The secret is shown once; only its SHA-256 is kept. A key acts
 * only inside its practice and only for its permissions, whatever its creator may do.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    /** The first characters of the key, shown in lists so people can tell keys apart. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    permissions: text('permissions')
      .array()
      .$type<ApiKeyPermission[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    activated: boolean('activated').notNull().default(true),
    /** Requests made with the key are attributed to this user in the audit log. */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_practice_idx').on(t.practiceId)],
);
