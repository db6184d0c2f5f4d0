import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chats, chatUsers } from './chats.table.js';
import {
  authorizePractice,
  liveSession,
  practiceIdsOf,
  practiceMembers,
  sessions,
  users,
  type AppContext,
  type Caller,
  type SessionCaller,
} from '../../core/index.js';
import { verifyRoomToken, type RoomTokenClaim } from '../../platform/auth/room-tokens.js';
import { AppError } from '../../platform/errors.js';

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

/** A participant with a room token that verified: who they are, and what issued the token. */
export type RoomClaim = Pick<RoomTokenClaim, 'chatUserId' | 'binding'>;

/**
 * The participants behind room-token claims, each still allowed or null: in the chat; for a staff
 * token, the session that fetched it still live and the staff member still in the practice they
 * spoke for (signing out or leaving the practice ends their part at once, not when the token runs
 * out); for a texted link, its generation still the participant's (the practice has not revoked
 * it). Answers one entry per claim, in order. Two queries however many there are, so every open
 * socket can be checked again at once.
 */
export async function roomCallers(
  db: Db,
  claims: readonly RoomClaim[],
  sessionIdleMs: number,
): Promise<(RoomCaller | null)[]> {
  const found: (RoomCaller | null)[] = [];
  for (let i = 0; i < claims.length; i += 1000) {
    const batch = claims.slice(i, i + 1000);
    const rows = await db
      .select({ chat: chats, chatUser: chatUsers })
      .from(chatUsers)
      .innerJoin(chats, eq(chats.id, chatUsers.chatId))
      .where(and(inArray(chatUsers.id, [...new Set(batch.map((c) => c.chatUserId))]), isNull(chatUsers.leftAt)));
    const byId = new Map(rows.map((r) => [r.chatUser.id, r]));
    const sessionIds = [...new Set(batch.flatMap((c) => ('session' in c.binding ? [c.binding.session] : [])))];
    // A live session of an account not locked, with the practices its person belongs to.
    const live = sessionIds.length
      ? await db
          .select({ sessionId: sessions.id, userId: sessions.userId, practiceId: practiceMembers.practiceId })
          .from(sessions)
          .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.lockedAt)))
          .leftJoin(practiceMembers, eq(practiceMembers.userId, sessions.userId))
          .where(and(inArray(sessions.id, sessionIds), liveSession(sessionIdleMs)))
      : [];
    const sessionOf = new Map(live.map((l) => [l.sessionId, l.userId]));
    const member = new Set(live.map((l) => `${l.sessionId}:${l.practiceId}`));
    for (const claim of batch) {
      const row = byId.get(claim.chatUserId);
      const { userId, practiceId, phone, linkGeneration } = row?.chatUser ?? {};
      let allowed = false;
      if (row && 'session' in claim.binding) {
        const session = claim.binding.session;
        allowed =
          userId !== null &&
          sessionOf.get(session) === userId &&
          (practiceId === null || member.has(`${session}:${practiceId}`));
      } else if (row && 'linkGeneration' in claim.binding) {
        allowed = userId === null && phone !== null && linkGeneration === claim.binding.linkGeneration;
      }
      found.push(allowed ? row! : null);
    }
  }
  return found;
}

/** The participant behind a room token, or null when the token is not genuine, has expired or is no longer any use. */
export async function resolveRoomCaller(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'sessions' | 'clock'>,
  token: string,
): Promise<RoomCaller | null> {
  const claim = verifyRoomToken(ctx.secrets.sessionSecret, token, ctx.clock.now().getTime());
  if (!claim) return null;
  const [caller] = await roomCallers(ctx.db, [claim], ctx.sessions.idleMs);
  return caller ?? null;
}

/** Room calls name the chat by its room: a token opens its own chat only. */
export function assertRoom(caller: RoomCaller, room: string) {
  if (caller.chat.room !== room) throw new AppError('FORBIDDEN', 'This access token is for another chat');
}

const noSuchChat = () => new AppError('OBJECT_NOT_FOUND', 'No such chat');

/** The caller's own place in a chat, if they are in it. */
export async function activeChatUser(db: Db, chatId: number, userId: number): Promise<ChatUserRow | null> {
  const [row] = await db
    .select()
    .from(chatUsers)
    .where(and(eq(chatUsers.chatId, chatId), eq(chatUsers.userId, userId), isNull(chatUsers.leftAt)));
  return row ?? null;
}

/**
 * A chat as seen from one of the caller's practices: a practice chat of that practice (its staff
 * share it), or any chat the caller takes part in. Anyone else is told it does not exist.
 * `manage` (closing, changing who is in it) needs the same reach plus `chats.manage`.
 */
export async function authorizeChat(
  db: Db,
  caller: SessionCaller,
  chatId: number,
  practiceId: number,
  action: 'view' | 'manage',
) {
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
