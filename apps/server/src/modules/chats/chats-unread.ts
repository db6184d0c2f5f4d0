import { and, count, sql } from 'drizzle-orm';
import type { UnreadCounter } from '../unread/counters.js';
import { chats } from './chats.table.js';
import { mutedBy, unreadMessages, visibleChats } from './chat-summaries.js';

/** Chats with messages the person has not read, per practice they are seen from; muted chats do not count. */
export const unreadChats: UnreadCounter = async (db, userId, practiceIds) => {
  const entries = await Promise.all(
    practiceIds.map(async (practiceId) => {
      const viewer = { userId, practiceId };
      const [row] = await db
        .select({ n: count() })
        .from(chats)
        .where(and(visibleChats(viewer), sql`${unreadMessages(viewer)} > 0`, sql`not ${mutedBy(viewer)}`));
      return [practiceId, { chats: row?.n ?? 0 }] as const;
    }),
  );
  return new Map(entries);
};
