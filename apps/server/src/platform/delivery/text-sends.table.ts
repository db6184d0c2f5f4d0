import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per text message or voice call the limits let through, kept for the longest limit's
 * window (then pruned) so that every instance counts the same texts. The audit log keeps the
 * lasting record.
 */
export const textSends = pgTable(
  'text_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who had it sent; null for sign-in codes, which nobody signed in asks for. */
    senderUserId: integer('sender_user_id'),
    practiceId: integer('practice_id'),
    /** The number texted or called (E.164). */
    destination: text('destination').notNull(),
    purpose: text('purpose').notNull(),
  },
  (t) => [
    index('text_sends_sender_at_idx').on(t.senderUserId, t.at),
    index('text_sends_practice_at_idx').on(t.practiceId, t.at),
    index('text_sends_destination_at_idx').on(t.destination, t.at),
    index('text_sends_at_idx').on(t.at),
  ],
);
