import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { NotificationCategory, NotificationKind } from '@referwell/contracts';
import { practices, users } from '../../core/index.js';

/**
 * A person's in-app notifications. `topic` names what one is about (e.g. `chat:12`) so a later
 * event about the same thing updates it instead of piling up another.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    category: text('category').$type<z.infer<typeof NotificationCategory>>().notNull(),
    type: text('type').$type<z.infer<typeof NotificationKind>>().notNull(),
    topic: text('topic'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.dismissedAt, t.createdAt),
    // One open notification per person and topic, however many events race to write it.
    uniqueIndex('notifications_open_topic_uq')
      .on(t.userId, t.topic)
      .where(sql`${t.dismissedAt} is null and ${t.topic} is not null`),
  ],
);
