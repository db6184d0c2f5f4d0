import type { UnreadCounter } from '../unread/index.js';
import { countUnreadChats } from './chat-summaries.js';

/** Chats with messages the person has not read, per practice they are seen from; muted chats do not count. */
export const unreadChats: UnreadCounter = async (db, userId, practiceIds) => {
  const entries = await Promise.all(
    practiceIds.map(
      async (practiceId) => [practiceId, { chats: await countUnreadChats(db, { userId, practiceId }) }] as const,
    ),
  );
  return new Map(entries);
};
