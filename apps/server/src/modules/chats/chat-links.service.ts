import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext, SessionCaller } from '../../core/index.js';
import type { Db } from '../../db/client.js';
import type { ClientInfo } from '../../platform/http.js';
import { authorizeChat } from './chat-access.js';
import { AppError } from '../../platform/errors.js';
import { chats, chatUsers } from './chats.table.js';
import { auditChat } from './chat-records.js';
import { kickFromRoom } from './chat-events.js';
import { CHAT_INVITE_JOB } from './chat-jobs.js';

/**
 * The links texted to a patient chat's patients (room tokens bound to a link generation, see
 * platform/auth/room-tokens.ts): the practice revokes them, or texts a fresh one. Both need
 * `chats.manage` in the chat's own practice and are audited.
 */
export function createChatLinksService(ctx: AppContext) {
  const { db } = ctx;

  async function patientChat(caller: SessionCaller, chatId: number, practiceId: number) {
    const { chat } = await authorizeChat(db, caller, chatId, practiceId, 'manage');
    // The practice whose patient it is decides, not a participant speaking for another practice.
    if (chat.practiceId !== practiceId) throw new AppError('OBJECT_NOT_FOUND', 'No such chat');
    if (chat.type !== 'PATIENT') throw new AppError('BAD_REQUEST', 'Only chats with patients have texted links');
    return chat;
  }

  /** Who was invited by text message and is still in the chat. */
  const invited = (chatId: number) =>
    and(eq(chatUsers.chatId, chatId), isNotNull(chatUsers.phone), isNull(chatUsers.leftAt));

  /** New links are texts like any other: they count against the sender's, practice's and numbers' limits (429 rolls back). */
  const reserveTexts = (
    tx: Db,
    caller: SessionCaller,
    practiceId: number,
    invitees: { phone: string | null; patientId: number | null }[],
  ) =>
    ctx.texts.reserve(
      tx,
      invitees.map((i) => ({
        purpose: 'chat_link' as const,
        channel: 'sms' as const,
        to: i.phone!,
        senderUserId: caller.user.id,
        practiceId,
        patientId: i.patientId,
      })),
    );

  const nobodyInvited = () => new AppError('BAD_REQUEST', 'Nobody in this chat was invited by text message');

  return {
    /**
     * Every link the chat's patients hold stops working (the generation moves on) and their open
     * sockets close with 4000 on every instance. Without `sendNewLink` nothing texts them a new
     * link until the practice sends one (a message from staff does not); with it, a fresh link
     * goes out at once through the invitation's job.
     */
    async revoke(caller: SessionCaller, chatId: number, practiceId: number, sendNewLink: boolean, client: ClientInfo) {
      const chat = await patientChat(caller, chatId, practiceId);
      const now = ctx.clock.now();
      const revoked = await db.transaction(async (tx) => {
        const rows = await tx
          .update(chatUsers)
          .set({ linkGeneration: sql`${chatUsers.linkGeneration} + 1`, linksRevokedAt: sendNewLink ? null : now })
          .where(invited(chat.id))
          .returning({ id: chatUsers.id, phone: chatUsers.phone, patientId: chatUsers.patientId });
        if (!rows.length) throw nobodyInvited();
        if (sendNewLink) {
          await reserveTexts(tx, caller, chat.practiceId, rows);
          // The new link is the patients' text for now: a message right after it does not text them again.
          await tx.update(chats).set({ patientTextedAt: now }).where(eq(chats.id, chat.id));
          for (const row of rows) await ctx.jobs.enqueue(CHAT_INVITE_JOB, { chatUserId: row.id }, { tx });
        }
        return rows.map((r) => r.id);
      });
      await auditChat(ctx, { userId: caller.user.id }, client, 'link_revoked', chat.id, {
        practiceId,
        chatUserIds: revoked,
        newLinkSent: sendNewLink,
      });
      await kickFromRoom(ctx, { chatId: chat.id, chatUserIds: revoked });
    },

    /** Texts the chat's patients a fresh link, as the invitation did; texting them resumes after a revocation. */
    async send(caller: SessionCaller, chatId: number, practiceId: number, client: ClientInfo) {
      const chat = await patientChat(caller, chatId, practiceId);
      if (chat.status !== 'ACTIVE')
        throw new AppError('BAD_REQUEST', 'This chat is closed: start a new chat with the patient to write to them');
      const now = ctx.clock.now();
      const sent = await db.transaction(async (tx) => {
        const rows = await tx
          .update(chatUsers)
          .set({ linksRevokedAt: null })
          .where(invited(chat.id))
          .returning({ id: chatUsers.id, phone: chatUsers.phone, patientId: chatUsers.patientId });
        if (!rows.length) throw nobodyInvited();
        await reserveTexts(tx, caller, chat.practiceId, rows);
        await tx.update(chats).set({ patientTextedAt: now }).where(eq(chats.id, chat.id));
        for (const row of rows) await ctx.jobs.enqueue(CHAT_INVITE_JOB, { chatUserId: row.id }, { tx });
        return rows.map((r) => r.id);
      });
      await auditChat(ctx, { userId: caller.user.id }, client, 'link_sent', chat.id, { practiceId, chatUserIds: sent });
    },
  };
}

export type ChatLinksService = ReturnType<typeof createChatLinksService>;
