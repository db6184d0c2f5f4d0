import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chats, chatUsers } from '../../modules/chats/chats.table.js';
import { practiceMembers } from '../../modules/practices/practices.table.js';
import type { Caller, SessionCaller } from '../auth/sessions.js';
import { verifyRoomToken } from '../auth/room-tokens.js';
import { AppError } from '../errors.js';
import { authorizePractice, practiceIdsOf } from './index.js';

export type ChatRow = typeof chats.$inferSelect;
export type ChatUserRow = typeof chatUsers.$inferSelect;

/** A chat participant calling with a room token (the chat room, spec 3 §7). */
export interface RoomCaller {
  chat: ChatRow;
  chatUser: ChatUserRow;
}

/** Whether a chat is shared by the staff of the practices in it, or only its participants'. */
export const isPracticeChat = (chat: Pick<ChatRow, 'type'>) => chat.type !== 'USER_TO_USER';

/** The practices whose members see a practice chat. */
export const practicesOfChat = (chat: Pick<ChatRow, 'type' | 'practiceId' | 'targetPracticeId'>) =>
  isPracticeChat(chat) ? [chat.practiceId, ...(chat.targetPracticeId === null ? [] : [chat.targetPracticeId])] : [];

/**
 * The participants behind signed room-token ids, if still allowed: in the chat, and a staff
 * member still in the practice they spoke for (leaving a practice ends one's part in its chats at
 * once, not when the token runs out). Two queries however many there are, so every open socket
 * can be checked again at once.
 */
export async function roomCallersById(db: Db, chatUserIds: readonly number[]): Promise<Map<number, RoomCaller>> {
  const found = new Map<number, RoomCaller>();
  for (let i = 0; i < chatUserIds.length; i += 1000) {
    const ids = chatUserIds.slice(i, i + 1000);
    const rows = await db
      .select({ chat: chats, chatUser: chatUsers })
      .from(chatUsers)
      .innerJoin(chats, eq(chats.id, chatUsers.chatId))
      .where(and(inArray(chatUsers.id, ids), isNull(chatUsers.leftAt)));
    const staff = rows.flatMap((r) => (r.chatUser.userId !== null && r.chatUser.practiceId !== null ? [r.chatUser.userId] : []));
    const memberships = staff.length
      ? await db.selectDistinct({ userId: practiceMembers.userId, practiceId: practiceMembers.practiceId }).from(practiceMembers)
        .where(inArray(practiceMembers.userId, [...new Set(staff)]))
      : [];
    const member = new Set(memberships.map((m) => `${m.userId}:${m.practiceId}`));
    for (const row of rows) {
      const { userId, practiceId } = row.chatUser;
      if (userId === null || practiceId === null || member.has(`${userId}:${practiceId}`)) found.set(row.chatUser.id, row);
    }
  }
  return found;
}

/** The participant behind a room token, or null when the token is not genuine, has expired or is no longer any use. */
export async function resolveRoomCaller(db: Db, secret: string, token: string, now: number): Promise<RoomCaller | null> {
  const verified = verifyRoomToken(secret, token, now);
  if (!verified) return null;
  return (await roomCallersById(db, [verified.chatUserId])).get(verified.chatUserId) ?? null;
}

/** Room calls name the chat by its room: a token opens its own chat only. */
export function assertRoom(caller: RoomCaller, room: string) {
  if (caller.chat.room !== room) throw new AppError('FORBIDDEN', 'This access token is for another chat');
}

const noSuchChat = () => new AppError('OBJECT_NOT_FOUND', 'No such chat');

/** The caller's own place in a chat, if they are in it. */
export async function activeChatUser(db: Db, chatId: number, userId: number): Promise<ChatUserRow | null> {
  const [row] = await db.select().from(chatUsers).where(and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId), isNull(chatUsers.leftAt)));
  return row ?? null;
}

/**
 * A chat as seen from one of the caller's practices: a practice chat of that practice (its staff
 * share it), or any chat the caller takes part in. Anyone else is told it does not exist.
 * `manage` (closing, changing who is in it) needs the same reach plus `chats.manage`.
 */
export async function authorizeChat(db: Db, caller: SessionCaller, chatId: number, practiceId: number, action: 'view' | 'manage') {
  await authorizePractice(db, caller, practiceId, action === 'view' ? 'chats.view' : 'chats.manage');
  const [chat] = await db.select().from(chats).where(eq(chats.id, chatId));
  if (!chat) throw noSuchChat();
  const chatUser = await activeChatUser(db, chat.id, caller.user.id);
  if (!chatUser && !practicesOfChat(chat).includes(practiceId)) throw noSuchChat();
  return { chat, chatUser };
}

/** Whether the caller sees a chat from any of their practices (files attached to it follow this). */
export async function callerSeesChat(db: Db, caller: Caller, chatId: number): Promise<boolean> {
  if (caller.apiKey) return false;
  const [chat] = await db.select().from(chats).where(eq(chats.id, chatId));
  if (!chat) return false;
  if (await activeChatUser(db, chat.id, caller.user.id)) return true;
  const mine = new Set(await practiceIdsOf(db, caller.user.id));
  return practicesOfChat(chat).some((id) => mine.has(id));
}
