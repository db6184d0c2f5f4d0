import { and, desc } from 'drizzle-orm';
import type { worklistApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type SessionCaller } from '../../core/index.js';
import { chats } from './chats.table.js';
import { chatSummaries, countUnreadChats, hasUnread, visibleChats } from './chat-summaries.js';

/**
 * The chats the caller has not read, from the practice, for its worklist: the same chats and count
 * as the navigation's Chats badge (muted chats left out), latest message first.
 */
export async function unreadChatsOf(
  ctx: AppContext,
  caller: SessionCaller,
  practiceId: number,
  limit: number,
): Promise<worklistApi.Worklist['unreadChats']> {
  await authorizePractice(ctx.db, caller, practiceId, 'chats.view');
  const viewer = { userId: caller.user.id, practiceId };
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(chats)
      .where(and(visibleChats(viewer), hasUnread(viewer)))
      .orderBy(desc(chats.lastMessageAt), desc(chats.id))
      .limit(limit),
    countUnreadChats(ctx.db, viewer),
  ]);
  const summaries = await chatSummaries(ctx, rows, viewer);
  return {
    count: total,
    items: summaries.map((chat) => ({
      id: chat.id,
      title: chat.title,
      unreadCount: chat.unreadCount,
      lastMessageAt: chat.lastMessage?.createdAt ?? null,
      lastMessageFrom: chat.lastMessage?.fromName ?? null,
    })),
  };
}
