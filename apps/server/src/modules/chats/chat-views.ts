import { inArray } from 'drizzle-orm';
import type { chatRoomApi } from '@referwell/contracts';
import { users, type AppContext } from '../../core/index.js';
import type { ChatUserRow } from './chat-access.js';
import { distinct, pick } from '../../platform/lists.js';
import { fileViewsById } from '../files/index.js';
import { chatMessages, chatUsers } from './chats.table.js';

export type MessageRow = typeof chatMessages.$inferSelect;

/** The profile photos of the participants with an account, by user id. */
export async function photosOf(
  db: AppContext['db'],
  rows: readonly Pick<ChatUserRow, 'userId'>[],
): Promise<Map<number, string>> {
  const ids = distinct(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])));
  const found = ids.length
    ? await db.select({ id: users.id, photoUrl: users.photoUrl }).from(users).where(inArray(users.id, ids))
    : [];
  return new Map(found.flatMap((u) => (u.photoUrl ? [[u.id, u.photoUrl] as const] : [])));
}

const imageOf = (row: Pick<ChatUserRow, 'userId'>, photos: ReadonlyMap<number, string>) =>
  row.userId === null ? null : (photos.get(row.userId) ?? null);

/** A participant as the room shows them; `online` comes from the presence store. */
export function chatUserView(
  row: ChatUserRow,
  online: ReadonlySet<number>,
  photos: ReadonlyMap<number, string>,
): chatRoomApi.ChatUser {
  return {
    chatUserId: row.id,
    name: row.name,
    image: imageOf(row, photos),
    userType: row.userType,
    userId: row.userId,
    practiceId: row.practiceId,
    online: online.has(row.id),
  };
}

/** Views of stored messages, with their senders and files loaded in one query each. */
export async function messageViews(ctx: AppContext, rows: readonly MessageRow[]): Promise<chatRoomApi.ChatMessage[]> {
  const senderIds = distinct(rows.flatMap((r) => (r.chatUserId === null ? [] : [r.chatUserId])));
  const [senders, files] = await Promise.all([
    senderIds.length ? ctx.db.select().from(chatUsers).where(inArray(chatUsers.id, senderIds)) : [],
    fileViewsById(
      ctx,
      rows.map((r) => r.files),
    ),
  ]);
  const senderById = new Map(senders.map((s) => [s.id, s]));
  const photos = await photosOf(ctx.db, senders);
  return rows.map((r) => {
    const sender = r.chatUserId === null ? undefined : senderById.get(r.chatUserId);
    return {
      id: r.id,
      uuid: r.uuid,
      chatId: r.chatId,
      createdAt: r.createdAt.getTime(),
      from: sender ? { chatUserId: sender.id, name: sender.name, image: imageOf(sender, photos) } : null,
      message: r.message,
      files: pick(r.files, files),
      data: r.data ?? null,
      previewData: r.previewData ?? null,
      content: null,
    };
  });
}
