import { and, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { practices, type AppContext } from '../../core/index.js';
import { signRoomToken } from '../../platform/auth/room-tokens.js';
import { createLinkPreviewsService } from '../link-previews/index.js';
import { notifyUser } from '../notifications/index.js';
import { chatMessages, chats, chatUsers } from './chats.table.js';
import { messageViews } from './chat-views.js';
import { publishToRoom } from './chat-events.js';

/** Texts a patient the link to their chat room. Payload `{ chatUserId }`. */
export const CHAT_INVITE_JOB = 'chat.invite';
/** Texts a patient who is away that the practice wrote, with the link to their chat room. Payload `{ chatUserId }`. */
export const CHAT_REPLY_TEXT_JOB = 'chat.reply-text';
/** Fetches the preview of a message's first link and updates the message. Payload `{ messageId, url }`. */
export const CHAT_PREVIEW_JOB = 'chat.preview';
/**
 * Tells the participants who were away (not connected, or only in the background) when a message
 * came: a notification for those with an account; a text for patients, when staff wrote and the
 * chat's patients were not texted in the last PATIENT_TEXT_GAP_MS. Payload `{ messageId }`.
 */
export const CHAT_NOTIFY_JOB = 'chat.notify';

/**
 * Decided: a patient is texted about the practice's messages at most once per chat in this time.
 * One text tells them there is something to read; a text per message would flood the phone and
 * show whoever holds it the conversation's rhythm.
 */
export const PATIENT_TEXT_GAP_MS = 30 * 60_000;

/** Where the web app shows a chat. */
export const chatPath = (chatId: number) => `/chats/${chatId}`;

/** What a chat's notifications are about: one open per person and chat, dismissed once it is read or left. */
export const chatTopic = (chatId: number) => `chat:${chatId}`;

/** The chat room page for a token (what the text message and the provider app open). */
export const chatRoomUrl = (publicUrl: string, room: string, token: string) =>
  `${publicUrl}/chat/?${new URLSearchParams({ room, token }).toString()}`;

export function registerChatJobs(ctx: AppContext) {
  const { db } = ctx;
  const previews = createLinkPreviewsService(ctx);

  /**
   * Texts a participant invited by phone a fresh link to their chat room, valid CHAT_LINK_TTL_DAYS
   * (a patient may come back to the conversation for weeks) and until their links are revoked.
   * The text names the practice, never the patient or the subject: phones are read over shoulders.
   * Revoked links are not replaced until the practice sends a new one.
   */
  async function textRoomLink(chatUserId: number, wording: (practiceName: string) => string) {
    const [row] = await db
      .select({ participant: chatUsers, room: chats.room, practiceName: practices.name })
      .from(chatUsers)
      .innerJoin(chats, eq(chats.id, chatUsers.chatId))
      .innerJoin(practices, eq(practices.id, chats.practiceId))
      .where(
        and(
          eq(chatUsers.id, chatUserId),
          isNull(chatUsers.leftAt),
          isNotNull(chatUsers.phone),
          isNull(chatUsers.linksRevokedAt),
        ),
      );
    // Removed from the chat (or their links revoked) before the text went: nothing to send.
    if (!row) return;
    const { id, linkGeneration } = row.participant;
    const token = signRoomToken(
      ctx.secrets.sessionSecret,
      id,
      { linkGeneration },
      ctx.clock.now().getTime() + ctx.config.chatLinkTtlMs,
    );
    await ctx.delivery.sms(
      row.participant.phone!,
      `${wording(row.practiceName)} Open your chat: ${chatRoomUrl(ctx.config.publicUrl, row.room, token)}`,
    );
  }

  ctx.jobs.register(
    CHAT_INVITE_JOB,
    (payload) =>
      textRoomLink(Number(payload.chatUserId), (practice) => `${practice} sent you a secure message on Referwell.`),
    {
      maxAttempts: 10,
    },
  );
  ctx.jobs.register(
    CHAT_REPLY_TEXT_JOB,
    (payload) =>
      textRoomLink(Number(payload.chatUserId), (practice) => `${practice} sent you a new secure message on Referwell.`),
    {
      maxAttempts: 10,
    },
  );

  ctx.jobs.register(
    CHAT_PREVIEW_JOB,
    async (payload) => {
      const messageId = Number(payload.messageId);
      const url = String(payload.url);
      let preview;
      try {
        preview = await previews.preview(url);
      } catch {
        // A link the fetcher refuses stays a plain link.
        return;
      }
      const [row] = await db
        .update(chatMessages)
        .set({ previewData: preview, updatedAt: ctx.clock.now() })
        .where(eq(chatMessages.id, messageId))
        .returning();
      if (!row) return;
      const [message] = await messageViews(ctx, [row]);
      await publishToRoom(ctx, { chatId: row.chatId, event: { event: 'MESSAGE_UPDATED', data: message } });
    },
    { maxAttempts: 3 },
  );

  /**
   * Claims the chat's next patient text (one per PATIENT_TEXT_GAP_MS, however many instances and
   * messages race for it) and queues the texts with the claim, so a claimed text is never lost.
   */
  async function textPatients(chatId: number, patientIds: number[]) {
    const now = ctx.clock.now();
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(chats)
        .set({ patientTextedAt: now })
        .where(
          and(
            eq(chats.id, chatId),
            or(
              isNull(chats.patientTextedAt),
              lte(chats.patientTextedAt, new Date(now.getTime() - PATIENT_TEXT_GAP_MS)),
            ),
          ),
        )
        .returning({ id: chats.id });
      if (!claimed) return;
      for (const chatUserId of patientIds) await ctx.jobs.enqueue(CHAT_REPLY_TEXT_JOB, { chatUserId }, { tx });
    });
  }

  ctx.jobs.register(CHAT_NOTIFY_JOB, async (payload) => {
    const [message] = await db
      .select({ id: chatMessages.id, chatId: chatMessages.chatId, chatUserId: chatMessages.chatUserId })
      .from(chatMessages)
      .where(eq(chatMessages.id, Number(payload.messageId)));
    if (!message || message.chatUserId === null) return;
    const [sender] = await db
      .select({ name: chatUsers.name, userId: chatUsers.userId })
      .from(chatUsers)
      .where(eq(chatUsers.id, message.chatUserId));
    const others = await db
      .select()
      .from(chatUsers)
      .where(
        and(
          eq(chatUsers.chatId, message.chatId),
          ne(chatUsers.id, message.chatUserId),
          isNull(chatUsers.leftAt),
          eq(chatUsers.muted, false),
        ),
      );
    // Connected with the chat in front of them: they saw it. Connected only in the background
    // (a hidden tab, an app behind another) is away.
    const looking = new Set(others.length ? await ctx.presence.inForeground(message.chatId) : []);
    // Read meanwhile (on another device): nothing to tell.
    const away = others.filter((other) => !looking.has(other.id) && (other.lastReadMessageId ?? 0) < message.id);
    for (const other of away) {
      if (other.userId === null) continue;
      const link = chatPath(message.chatId);
      await notifyUser(
        ctx,
        {
          userId: other.userId,
          practiceId: other.practiceId,
          category: 'GENERAL',
          type: 'notification',
          topic: chatTopic(message.chatId),
          title: 'New Message',
          text: `You have a new chat message from ${sender?.name ?? 'Someone'}`,
          link,
        },
        [{ title: 'Open chat', link }],
      );
    }
    // Patients (by phone) hear of what staff wrote, not of each other.
    const patients = away.filter((other) => other.phone !== null).map((other) => other.id);
    if (sender && sender.userId !== null && patients.length) await textPatients(message.chatId, patients);
  });
}
