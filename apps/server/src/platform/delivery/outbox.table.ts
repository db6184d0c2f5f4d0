import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Development outbox: messages that would have gone out by e-mail, SMS or voice call. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'email' | 'sms' | 'voice'>().notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_idx').on(t.to)],
);
