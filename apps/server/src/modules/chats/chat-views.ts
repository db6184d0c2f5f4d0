import { inArray } from 'drizzle-orm';
import type { chatRoomApi } from '@referwell/contracts';
import type { AppContext } from '../../platform/context.js';
import type { ChatUserRow } from '../../platform/access/chats.js';
import { distinct, fileViewsById, pick } from '../referral-comments/views.js';
import { chatMessages, chatUsers } from './chats.table.js';

export type MessageRow = typeof chatMessages.$inferSelect;

/** A participant as the room shows them; `online` comes from the presence store. */
export function chatUserView(row: ChatUserRow, online: ReadonlySet<number>): chatRoomApi.ChatUser {
  return {
    chatUserId: row.id, name: row.name, image: null, userType: row.userType, userId: row.userId, practiceId: row.practiceId,
    online: online.has(row.id),
  };
}

/** Views of stored messages, with their senders and files loaded in one query each. */
export async function messageViews(ctx: AppContext, rows: readonly MessageRow[]): Promise<chatRoomApi.ChatMessage[]> {
  const senderIds = distinct(rows.flatMap((r) => (r.chatUserId === null ? [] : [r.chatUserId])));
  const [senders, files] = await Promise.all([
    senderIds.length ? ctx.db.select().from(chatUsers).where(inArray(chatUsers.id, senderIds)) : [],
    fileViewsById(ctx, rows.map((r) => r.files)),
  ]);
  const senderById = new Map(senders.map((s) => [s.id, s]));
  return rows.map((r) => {
    const sender = r.chatUserId === null ? undefined : senderById.get(r.chatUserId);
    return {
      id: r.id,
      uuid: r.uuid,
      chatId: r.chatId,
      createdAt: r.createdAt.getTime(),
      from: sender ? { chatUserId: sender.id, name: sender.name, image: null } : null,
      message: r.message,
      files: pick(r.files, files),
      data: r.data ?? null,
      previewData: r.previewData ?? null,
      content: null,
    };
  });
}
