import { and, count, desc, eq, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { chatRoomApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { assertSelf } from '../../platform/access/index.js';
import { authorizeChat, practicesOfChat, type ChatRow } from './chat-access.js';
import { signRoomToken } from '../../platform/auth/room-tokens.js';
import { AppError } from '../../platform/errors.js';
import { patientIn } from '../patients/index.js';
import { chatMessages, chats, chatUsers } from './chats.table.js';
import {
  chatMatches,
  chatSummaries,
  countUnreadChats,
  hasUnread,
  takesPart,
  visibleChats,
  type Viewer,
} from './chat-summaries.js';
import { joinChat, joinerOf, joinersFor, participantUserIds } from './chat-participants.js';
import { messageViews } from './chat-views.js';
import { auditChat } from './chat-records.js';
import { kickFromRoom, publishChatNotice, publishToRoom } from './chat-events.js';
import { dismissTopic } from '../notifications/index.js';
import { chatTopic } from './chat-jobs.js';

/**
 * A room token for staff lasts a working day, and no longer than the session that fetched it (it
 * names that session); the app asks for another when it runs out.
 */
export const STAFF_TOKEN_TTL_MS = 12 * 60 * 60_000;
/** The unread list stops here; the count says how many there are in all. */
const UNREAD_LIST_MAX = 50;

interface MessagesQuery {
  practiceId: number;
  page: number;
  userId?: number;
  userType?: chatRoomApi.ChatUserType;
}

interface Page {
  page: number;
  pageSize: number;
}

/** The provider app's chat calls: lists, tokens and managing chats (starting them is in chat-creation). */
export function createChatsService(ctx: AppContext) {
  const { db } = ctx;

  async function page(viewer: Viewer, where: SQL | undefined, p: Page, withCount = true) {
    const filter = and(visibleChats(viewer), where);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(chats)
        .where(filter)
        .orderBy(desc(chats.lastMessageAt), desc(chats.id))
        .limit(p.pageSize)
        .offset(p.page * p.pageSize),
      withCount ? db.select({ n: count() }).from(chats).where(filter) : Promise.resolve(null),
    ]);
    return { data: await chatSummaries(ctx, rows, viewer), count: total?.[0]?.n ?? null };
  }

  async function summary(caller: SessionCaller, chat: ChatRow, practiceId: number) {
    return (await chatSummaries(ctx, [chat], { userId: caller.user.id, practiceId }))[0];
  }

  async function reload(chatId: number) {
    const [chat] = await db.select().from(chats).where(eq(chats.id, chatId));
    return chat;
  }

  async function announce(chat: ChatRow, alsoUserIds: number[] = []) {
    await publishChatNotice(ctx, {
      chatId: chat.id,
      practiceIds: practicesOfChat(chat),
      userIds: [...(await participantUserIds(db, chat.id)), ...alsoUserIds],
    });
  }

  async function readMessages(caller: SessionCaller, chat: ChatRow, q: MessagesQuery, client: ClientInfo) {
    const from =
      q.userId === undefined && q.userType === undefined
        ? undefined
        : sql`${chatMessages.chatUserId} in (select id from chat_users where chat_id = ${chat.id}
          ${q.userId === undefined ? sql`` : sql`and user_id = ${q.userId}`} ${q.userType === undefined ? sql`` : sql`and user_type = ${q.userType}`})`;
    const where = and(eq(chatMessages.chatId, chat.id), from);
    const size = chatRoomApi.MESSAGES_PAGE_SIZE;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(chatMessages)
        .where(where)
        .orderBy(desc(chatMessages.id))
        .limit(size)
        .offset(q.page * size),
      db.select({ n: count() }).from(chatMessages).where(where),
    ]);
    await auditChat(ctx, { userId: caller.user.id }, client, 'messages_read', chat.id, {
      practiceId: q.practiceId,
      page: q.page,
      count: rows.length,
    });
    return { data: await messageViews(ctx, rows.reverse()), count: total?.n ?? 0 };
  }

  /** Person-to-person chats are changed by the people in them; practice chats by the practices' staff. */
  async function authorizeChange(caller: SessionCaller, chatId: number, practiceId: number) {
    const found = await authorizeChat(db, caller, chatId, practiceId, 'manage');
    if (found.chat.type === 'USER_TO_USER' && !found.chatUser) throw new AppError('OBJECT_NOT_FOUND', 'No such chat');
    return found;
  }

  return {
    /** Opening a practice chat puts the caller in it; a closed chat still opens, to be read. */
    async token(caller: SessionCaller, chatId: number, practiceId: number, client: ClientInfo) {
      const { chat, chatUser } = await authorizeChat(db, caller, chatId, practiceId, 'view');
      const me =
        chatUser ?? (await joinChat(db, chat.id, await joinerOf(db, caller.user.id, practiceId), ctx.clock.now()));
      const expiresAt = ctx.clock.now().getTime() + STAFF_TOKEN_TTL_MS;
      await auditChat(ctx, { userId: caller.user.id, chatUserId: me.id }, client, 'opened', chat.id, { practiceId });
      return {
        token: signRoomToken(ctx.secrets.sessionSecret, me.id, { session: caller.session.id }, expiresAt),
        room: chat.room,
        chatId: chat.id,
        chatUserId: me.id,
        expiresAt,
      };
    },

    async list(caller: SessionCaller, q: Page & { practiceId: number; query?: string; includeCount: boolean }) {
      await authorizePractice(db, caller, q.practiceId, 'chats.view');
      return page(
        { userId: caller.user.id, practiceId: q.practiceId },
        q.query ? chatMatches(q.query) : undefined,
        q,
        q.includeCount,
      );
    },

    async practiceChats(caller: SessionCaller, practiceId: number, q: Page & { query?: string }) {
      await authorizePractice(db, caller, practiceId, 'chats.view');
      const { data, count: n } = await page(
        { userId: caller.user.id, practiceId },
        q.query ? chatMatches(q.query) : undefined,
        q,
      );
      return { data, count: n ?? 0 };
    },

    /** The chats the caller takes part in (not every chat of the practice). */
    async userChats(caller: SessionCaller, userId: number, q: Page & { practiceId: number; unread: boolean }) {
      assertSelf(caller, userId);
      await authorizePractice(db, caller, q.practiceId, 'chats.view');
      const viewer = { userId, practiceId: q.practiceId };
      const { data, count: n } = await page(
        viewer,
        and(takesPart(userId), q.unread ? hasUnread(viewer) : undefined),
        q,
      );
      return { data, count: n ?? 0 };
    },

    async unread(caller: SessionCaller, practiceId: number) {
      await authorizePractice(db, caller, practiceId, 'chats.view');
      const viewer = { userId: caller.user.id, practiceId };
      return (await page(viewer, hasUnread(viewer), { page: 0, pageSize: UNREAD_LIST_MAX }, false)).data;
    },

    async unreadCount(caller: SessionCaller, practiceId: number) {
      await authorizePractice(db, caller, practiceId, 'chats.view');
      const viewer = { userId: caller.user.id, practiceId };
      return { count: await countUnreadChats(db, viewer) };
    },

    async byRoom(caller: SessionCaller, room: string, practiceId: number) {
      const [found] = await db.select({ id: chats.id }).from(chats).where(eq(chats.room, room));
      if (!found) throw new AppError('OBJECT_NOT_FOUND', 'No such chat');
      const { chat } = await authorizeChat(db, caller, found.id, practiceId, 'view');
      return summary(caller, chat, practiceId);
    },

    /** Page 0 is the newest messages; each page reads oldest first. userId/userType narrow to one participant's. */
    async messages(caller: SessionCaller, chatId: number, q: MessagesQuery, client: ClientInfo) {
      const { chat } = await authorizeChat(db, caller, chatId, q.practiceId, 'view');
      return readMessages(caller, chat, q, client);
    },

    async conversation(caller: SessionCaller, chatId: number, practiceId: number, client: ClientInfo) {
      const { chat } = await authorizeChat(db, caller, chatId, practiceId, 'view');
      const { data, count: n } = await readMessages(caller, chat, { practiceId, page: 0 }, client);
      return { chat: await summary(caller, chat, practiceId), messages: data, count: n };
    },

    /** Reading a patient's record, like listing their referrals, is audited. */
    async patientChats(caller: SessionCaller, patientId: number, practiceId: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'chats.view');
      await authorizePractice(db, caller, practiceId, 'patients.view');
      const patient = await patientIn(db, practiceId, patientId);
      if (!patient) throw new AppError('OBJECT_NOT_FOUND', 'No such patient');
      const rows = await db
        .select()
        .from(chats)
        .where(and(eq(chats.practiceId, practiceId), eq(chats.patientId, patientId)))
        .orderBy(desc(chats.lastMessageAt));
      await ctx.audit.record({
        action: 'patient.chats_listed',
        actorUserId: caller.user.id,
        targetType: 'patient',
        targetId: patientId,
        ip: client.ip,
        practiceId,
        patientId,
        userAgent: client.userAgent,
        details: { practiceId, chatIds: rows.map((r) => r.id) },
      });
      return chatSummaries(ctx, rows, { userId: caller.user.id, practiceId });
    },

    /** The people (accounts) in the chat become `users` and the caller: others leave, new ones join. Invited phones stay. */
    async setUsers(caller: SessionCaller, chatId: number, practiceId: number, userIds: number[], client: ClientInfo) {
      const { chat } = await authorizeChange(caller, chatId, practiceId);
      const wanted = [...new Set(userIds.filter((id) => id !== caller.user.id))];
      const joiners = await joinersFor(db, caller, chat, wanted, practiceId);
      const now = ctx.clock.now();
      const keep = [caller.user.id, ...wanted];
      const { removed, added } = await db.transaction(async (tx) => {
        const before = await tx
          .select()
          .from(chatUsers)
          .where(and(eq(chatUsers.chatId, chat.id), isNull(chatUsers.leftAt)));
        const gone = await tx
          .update(chatUsers)
          .set({ leftAt: now })
          .where(and(eq(chatUsers.chatId, chat.id), isNull(chatUsers.leftAt), notInArray(chatUsers.userId, keep)))
          .returning();
        const self = before.some((u) => u.userId === caller.user.id)
          ? []
          : [await joinerOf(db, caller.user.id, chat.type === 'USER_TO_USER' ? null : practiceId)];
        const fresh = joiners.filter((j) => !before.some((u) => u.userId === j.user.id));
        for (const joiner of [...self, ...fresh]) await joinChat(tx, chat.id, joiner, now);
        await tx.update(chats).set({ updatedAt: now }).where(eq(chats.id, chat.id));
        return { removed: gone, added: fresh.map((j) => j.user.id) };
      });
      await auditChat(ctx, { userId: caller.user.id }, client, 'users_changed', chat.id, {
        practiceId,
        added,
        removed: removed.map((u) => u.userId),
      });
      if (removed.length) await kickFromRoom(ctx, { chatId: chat.id, chatUserIds: removed.map((u) => u.id) });
      // Taken out, they cannot open the chat a notification would lead to.
      for (const u of removed) if (u.userId !== null) await dismissTopic(ctx, u.userId, chatTopic(chat.id));
      await announce(
        chat,
        removed.flatMap((u) => (u.userId === null ? [] : [u.userId])),
      );
      return summary(caller, await reload(chat.id), practiceId);
    },

    async close(caller: SessionCaller, chatId: number, practiceId: number, client: ClientInfo) {
      const { chat } = await authorizeChange(caller, chatId, practiceId);
      if (chat.status === 'ACTIVE') {
        const now = ctx.clock.now();
        await db
          .update(chats)
          .set({ status: 'INACTIVE', closedAt: now, closedBy: caller.user.id, updatedAt: now })
          .where(eq(chats.id, chat.id));
        await auditChat(ctx, { userId: caller.user.id }, client, 'closed', chat.id, { practiceId });
        await publishToRoom(ctx, { chatId: chat.id, event: { event: 'CHAT_CLOSED', data: { chatId: chat.id } } });
        await announce(chat);
      }
      return summary(caller, await reload(chat.id), practiceId);
    },

    async leave(caller: SessionCaller, chatId: number, practiceId: number, client: ClientInfo) {
      const { chat, chatUser } = await authorizeChat(db, caller, chatId, practiceId, 'view');
      if (!chatUser) throw new AppError('BAD_REQUEST', 'You are not in this chat');
      await db.update(chatUsers).set({ leftAt: ctx.clock.now() }).where(eq(chatUsers.id, chatUser.id));
      await auditChat(ctx, { userId: caller.user.id, chatUserId: chatUser.id }, client, 'left', chat.id, {
        practiceId,
      });
      await kickFromRoom(ctx, { chatId: chat.id, chatUserIds: [chatUser.id] });
      await dismissTopic(ctx, caller.user.id, chatTopic(chat.id));
      await announce(chat, [caller.user.id]);
    },

    async mute(caller: SessionCaller, chatId: number, practiceId: number, mute: boolean) {
      const { chat, chatUser } = await authorizeChat(db, caller, chatId, practiceId, 'view');
      const me =
        chatUser ?? (await joinChat(db, chat.id, await joinerOf(db, caller.user.id, practiceId), ctx.clock.now()));
      await db.update(chatUsers).set({ muted: mute }).where(eq(chatUsers.id, me.id));
      await publishChatNotice(ctx, { chatId: chat.id, practiceIds: [], userIds: [caller.user.id] });
      return summary(caller, chat, practiceId);
    },
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
