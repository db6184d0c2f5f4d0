import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Unfurled links, cached by URL so a chat full of the same link fetches it once. */
export const linkPreviews = pgTable('link_previews', {
  /** SHA-256 of the normalised URL. */
  urlHash: text('url_hash').primaryKey(),
  url: text('url').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
