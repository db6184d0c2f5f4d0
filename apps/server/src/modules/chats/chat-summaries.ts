import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { chatsApi } from '@referwell/contracts';
import {
  containsPattern,
  practices,
  practiceSummaryColumns,
  toPracticeSummary,
  type AppContext,
} from '../../core/index.js';
import { practicesOfChat, type ChatRow, type ChatUserRow } from './chat-access.js';
import { distinct } from '../../platform/lists.js';
import { chatMessages, chats, chatUsers } from './chats.table.js';
import { chatUserView, photosOf } from './chat-views.js';

/** Whose eyes a chat is listed for: a person, from one of their practices. */
export interface Viewer {
  userId: number;
  practiceId: number;
}

/** The listed chat's id inside subqueries; spelled out, since Drizzle leaves columns in a select list unqualified. */
const chatId = sql.raw('"chats"."id"');

/** Chats the person is in now. */
export function takesPart(userId: number): SQL {
  return sql`exists (select 1 from chat_users cu where cu.chat_id = ${chatId} and cu.user_id = ${userId} and cu.left_at is null)`;
}

/**
 * The chats a person sees from a practice: the practice's own chats with others (its staff share
 * them) and every chat they take part in themselves.
 */
export function visibleChats(viewer: Viewer): SQL {
  return sql`((${chats.type} <> 'USER_TO_USER' and (${chats.practiceId} = ${viewer.practiceId} or ${chats.targetPracticeId} = ${viewer.practiceId}))
    or ${takesPart(viewer.userId)})`;
}

/** Messages from others after the viewer's last read one (all of them before they ever opened it). */
export function unreadMessages(viewer: Pick<Viewer, 'userId'>): SQL<number> {
  return sql<number>`(select count(*)::int from chat_messages m
    left join chat_users me on me.chat_id = m.chat_id and me.user_id = ${viewer.userId}
    where m.chat_id = ${chatId} and m.id > coalesce(me.last_read_message_id, 0) and m.chat_user_id is distinct from me.id)`;
}

/** Whether the viewer muted the chat. */
export function mutedBy(viewer: Pick<Viewer, 'userId'>): SQL<boolean> {
  return sql<boolean>`exists (select 1 from chat_users me where me.chat_id = ${chatId} and me.user_id = ${viewer.userId} and me.muted)`;
}

/** Chats with messages the viewer has not read, and not muted by them: what counts as unread. */
export function hasUnread(viewer: Pick<Viewer, 'userId'>): SQL {
  return sql`(${unreadMessages(viewer)} > 0 and not ${mutedBy(viewer)})`;
}

/** How many of the chats the viewer sees from the practice count as unread. */
export async function countUnreadChats(db: Db, viewer: Viewer): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chats)
    .where(and(visibleChats(viewer), hasUnread(viewer)));
  return row?.n ?? 0;
}

/** A name, phone or practice in the chat contains the text. */
export function chatMatches(text: string): SQL {
  const pattern = containsPattern(text);
  return sql`(exists (select 1 from chat_users cu where cu.chat_id = ${chatId} and (lower(cu.name) like ${pattern} or cu.phone like ${pattern}))
    or exists (select 1 from practices p where p.id in (${chats.practiceId}, ${chats.targetPracticeId}) and lower(p.name) like ${pattern}))`;
}

/** Who the chat is with, seen from the viewer's side. */
function titleOf(chat: ChatRow, people: ChatUserRow[], practiceNames: Map<number, string>, viewer: Viewer): string {
  const names = (rows: ChatUserRow[]) => rows.map((u) => u.name).join(', ');
  const onPracticeSide = practicesOfChat(chat).includes(viewer.practiceId);
  switch (chat.type) {
    case 'PRACTICE_TO_PRACTICE': {
      const other = chat.practiceId === viewer.practiceId ? chat.targetPracticeId : chat.practiceId;
      return practiceNames.get(other ?? chat.practiceId) ?? 'Practice';
    }
    case 'USER_TO_USER':
      return names(people.filter((u) => u.userId !== viewer.userId)) || 'Only you';
    case 'PRACTICE_TO_USER':
    case 'PATIENT':
      if (!onPracticeSide) return practiceNames.get(chat.practiceId) ?? 'Practice';
      return names(people.filter((u) => u.practiceId === null)) || (chat.type === 'PATIENT' ? 'Patient' : 'No one yet');
  }
}

/** List entries for chats, seen by the viewer: people, last message, unread count and mute. */
export async function chatSummaries(
  ctx: AppContext,
  rows: readonly ChatRow[],
  viewer: Viewer,
): Promise<chatsApi.ChatSummary[]> {
  if (!rows.length) return [];
  const { db } = ctx;
  const ids = rows.map((c) => c.id);
  const practiceIds = distinct(
    rows.flatMap((c) => [c.practiceId, ...(c.targetPracticeId === null ? [] : [c.targetPracticeId])]),
  );
  const [people, practiceRows, lastMessages, counts, online] = await Promise.all([
    db
      .select()
      .from(chatUsers)
      .where(and(inArray(chatUsers.chatId, ids), isNull(chatUsers.leftAt)))
      .orderBy(chatUsers.id),
    db.select(practiceSummaryColumns).from(practices).where(inArray(practices.id, practiceIds)),
    db
      .selectDistinctOn([chatMessages.chatId], {
        chatId: chatMessages.chatId,
        text: chatMessages.message,
        files: chatMessages.files,
        createdAt: chatMessages.createdAt,
        fromName: chatUsers.name,
      })
      .from(chatMessages)
      .leftJoin(chatUsers, eq(chatUsers.id, chatMessages.chatUserId))
      .where(inArray(chatMessages.chatId, ids))
      .orderBy(chatMessages.chatId, desc(chatMessages.id)),
    db
      .select({ id: chats.id, unread: unreadMessages(viewer), muted: mutedBy(viewer) })
      .from(chats)
      .where(inArray(chats.id, ids)),
    Promise.all(rows.map(async (c) => [c.id, new Set(await ctx.presence.online(c.id))] as const)),
  ]);
  const practiceById = new Map(practiceRows.map((p) => [p.id, toPracticeSummary(p)]));
  const practiceNames = new Map(practiceRows.map((p) => [p.id, p.name]));
  const lastByChat = new Map(lastMessages.map((m) => [m.chatId, m]));
  const countsByChat = new Map(counts.map((c) => [c.id, c]));
  const onlineByChat = new Map(online);
  const photos = await photosOf(db, people);
  return rows.map((chat) => {
    const inChat = people.filter((u) => u.chatId === chat.id);
    const last = lastByChat.get(chat.id);
    const count = countsByChat.get(chat.id);
    return {
      id: chat.id,
      room: chat.room,
      type: chat.type,
      status: chat.status,
      title: titleOf(chat, inChat, practiceNames, viewer),
      practice: practiceById.get(chat.practiceId)!,
      targetPractice: chat.targetPracticeId === null ? null : (practiceById.get(chat.targetPracticeId) ?? null),
      patientId: chat.patientId,
      users: inChat.map((u) => chatUserView(u, onlineByChat.get(chat.id) ?? new Set(), photos)),
      lastMessage: last
        ? {
            text: last.text || (last.files.length ? 'Sent a file' : ''),
            fromName: last.fromName ?? null,
            createdAt: last.createdAt.getTime(),
          }
        : null,
      unreadCount: count?.unread ?? 0,
      muted: count?.muted ?? false,
      createdAt: chat.createdAt.getTime(),
      updatedAt: chat.updatedAt.getTime(),
    };
  });
}
