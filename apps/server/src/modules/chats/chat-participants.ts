import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fullName, practiceMembers, users, type SessionCaller } from '../../core/index.js';
import type { ChatRow, ChatUserRow } from './chat-access.js';
import { AppError } from '../../platform/errors.js';
import { visibleTo } from '../directory/index.js';
import { chatUsers } from './chats.table.js';

/** Someone to add to a chat, and the practice they speak for there (null: themselves). */
export interface Joiner {
  user: { id: number; firstName: string; lastName: string };
  practiceId: number | null;
}

/**
 * Adds a person to a chat, or brings them back if they had left (their earlier messages and read
 * position stay theirs). Answers their participant row.
 */
export async function joinChat(tx: Db, chatId: number, joiner: Joiner, now: Date): Promise<ChatUserRow> {
  const [row] = await tx
    .insert(chatUsers)
    .values({
      chatId,
      userId: joiner.user.id,
      practiceId: joiner.practiceId,
      name: fullName(joiner.user),
      joinedAt: now,
    })
    .onConflictDoUpdate({
      target: [chatUsers.chatId, chatUsers.userId],
      targetWhere: sql`${chatUsers.userId} is not null`,
      set: { leftAt: null, practiceId: joiner.practiceId, name: fullName(joiner.user) },
    })
    .returning();
  return row;
}

/**
 * A person invited by text message (a patient); `name` is what the chat shows for them. Inviting
 * them again (the invitation is texted again) lifts a revocation: links may be texted to them again.
 */
export async function invitePhone(
  tx: Db,
  chatId: number,
  invitee: { phone: string; name: string; patientId: number | null },
  now: Date,
) {
  const [row] = await tx
    .insert(chatUsers)
    .values({ chatId, phone: invitee.phone, name: invitee.name, patientId: invitee.patientId, joinedAt: now })
    .onConflictDoUpdate({
      target: [chatUsers.chatId, chatUsers.phone],
      targetWhere: sql`${chatUsers.phone} is not null`,
      set: { leftAt: null, linksRevokedAt: null },
    })
    .returning();
  return row;
}

function refuse(ids: number[]): never {
  const message = `${ids.length > 1 ? 'People' : 'Person'} ${ids.join(', ')} cannot be added to this chat`;
  throw new AppError('BAD_REQUEST', message, [{ path: ['body', 'users'], message }]);
}

/**
 * Who may be added, by kind of chat: to a practice-to-practice chat, staff of either practice; to
 * a patient chat, staff of the practice; to a practice-to-user chat, its staff or anyone the caller
 * can see (who then speaks for themselves); to a person-to-person chat, anyone the caller can see.
 * Refuses the whole list, naming who cannot be added, when one does not qualify.
 */
export async function joinersFor(
  db: Db,
  caller: SessionCaller,
  chat: Pick<ChatRow, 'type' | 'practiceId' | 'targetPracticeId'>,
  userIds: readonly number[],
  callerPracticeId: number,
): Promise<Joiner[]> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return [];
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.id, ids), visibleTo(caller.user)));
  const staffPractices =
    chat.type === 'USER_TO_USER'
      ? []
      : [
          chat.practiceId,
          ...(chat.type === 'PRACTICE_TO_PRACTICE' && chat.targetPracticeId ? [chat.targetPracticeId] : []),
        ];
  const memberships = staffPractices.length
    ? await db
        .selectDistinct({ userId: practiceMembers.userId, practiceId: practiceMembers.practiceId })
        .from(practiceMembers)
        .where(and(inArray(practiceMembers.userId, ids), inArray(practiceMembers.practiceId, staffPractices)))
    : [];
  const joiners: Joiner[] = [];
  const refused: number[] = [];
  for (const id of ids) {
    const user = found.find((u) => u.id === id);
    const theirs = memberships.filter((m) => m.userId === id).map((m) => m.practiceId);
    // Staff of both practices speak for the caller's.
    const practiceId = theirs.includes(callerPracticeId) ? callerPracticeId : (theirs[0] ?? null);
    const allowed = user && (practiceId !== null || chat.type === 'USER_TO_USER' || chat.type === 'PRACTICE_TO_USER');
    if (allowed) joiners.push({ user, practiceId });
    else refused.push(id);
  }
  if (refused.length) refuse(refused);
  return joiners;
}

/** The account details a participant row is made from. */
export async function joinerOf(db: Db, userId: number, practiceId: number | null): Promise<Joiner> {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('OBJECT_NOT_FOUND', 'No such user');
  return { user, practiceId };
}

/** The accounts of the people in a chat now (patients by phone have none). */
export async function participantUserIds(db: Db, chatId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: chatUsers.userId })
    .from(chatUsers)
    .where(and(eq(chatUsers.chatId, chatId), isNull(chatUsers.leftAt)));
  return rows.flatMap((r) => (r.userId === null ? [] : [r.userId]));
}
