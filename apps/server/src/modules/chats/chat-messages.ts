import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { chatRoomApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { practicesOfChat, type RoomCaller } from './chat-access.js';
import { isLiveFile } from '../files/index.js';
import { chatFiles, chatMessages, chats, chatUsers } from './chats.table.js';
import { messageViews, type MessageRow } from './chat-views.js';
import { auditChat } from './chat-records.js';
import { publishChatNotice, publishToRoom } from './chat-events.js';
import { dismissTopic } from '../notifications/index.js';
import { CHAT_NOTIFY_JOB, CHAT_PREVIEW_JOB, chatTopic } from './chat-jobs.js';
import { participantUserIds } from './chat-participants.js';

/** Why a message was not stored; the sender is told with FAILED_TO_SEND_MESSAGE. */
export class MessageRefused extends Error {}

/** The first http(s) link in a text: the message's preview. */
export const firstLink = (text: string) => /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/i.exec(text)?.[0] ?? null;

/** Whether the participant may write now: open chats, and practice-to-user chats even once closed (writing reopens them). */
export const canWrite = (chat: Pick<RoomCaller['chat'], 'status' | 'type'>) =>
  chat.status === 'ACTIVE' || chat.type === 'PRACTICE_TO_USER';

/** Storing and reading messages; the socket calls these for its participants. */
export function createChatMessages(ctx: AppContext) {
  const { db } = ctx;

  async function view(row: MessageRow) {
    return (await messageViews(ctx, [row]))[0];
  }

  return {
    /**
     * Stores a message, stamped with its id and time, then publishes it to the room. The uuid is
     * the sender's idempotency key: a message sent again (after a reconnect) is stored once, and
     * only the sender is answered again. Throws MessageRefused for what cannot be sent, and throws
     * only while the message is not stored: once it is, a failure after (publishing, the audit, the
     * notices) is logged and `published` says whether the room was told, so the socket can hand
     * the sender their message itself rather than report a stored message as failed.
     */
    async send(caller: RoomCaller, outgoing: chatRoomApi.OutgoingMessage) {
      const text = outgoing.message.trim();
      const fileIds = [...new Set(outgoing.files)];
      if (!text && !fileIds.length) throw new MessageRefused('Write a message or attach a file');
      if (outgoing.message.length > chatRoomApi.MESSAGE_MAX)
        throw new MessageRefused(
          `Messages can be at most ${chatRoomApi.MESSAGE_MAX.toLocaleString('en-US')} characters`,
        );
      if (fileIds.length > chatRoomApi.MESSAGE_FILES_MAX)
        throw new MessageRefused(`At most ${chatRoomApi.MESSAGE_FILES_MAX} files go with one message`);
      const now = ctx.clock.now();
      const link = firstLink(text);

      const outcome = await db.transaction(async (tx) => {
        // Locks the chat: a message and a close cannot cross, and the participant is checked as of now.
        const [chat] = await tx.select().from(chats).where(eq(chats.id, caller.chat.id)).for('update');
        const [me] = await tx
          .select()
          .from(chatUsers)
          .where(and(eq(chatUsers.id, caller.chatUser.id), isNull(chatUsers.leftAt)));
        if (!chat || !me) throw new MessageRefused('You are no longer in this chat');
        const [existing] = await tx
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.uuid, outgoing.uuid)));
        if (existing) return { row: existing, repeated: true, chat };
        if (!canWrite(chat)) throw new MessageRefused('This chat is closed');
        if (fileIds.length) {
          const attachable = await tx
            .select({ id: chatFiles.fileId })
            .from(chatFiles)
            .where(
              and(
                inArray(chatFiles.fileId, fileIds),
                eq(chatFiles.chatUserId, me.id),
                isNull(chatFiles.messageId),
                isLiveFile(chatFiles.fileId),
              ),
            );
          if (attachable.length !== fileIds.length)
            throw new MessageRefused('A file could not be attached: attach files you uploaded to this chat');
        }
        const [row] = await tx
          .insert(chatMessages)
          .values({
            chatId: chat.id,
            chatUserId: me.id,
            uuid: outgoing.uuid,
            message: text,
            files: fileIds,
            data: outgoing.data ?? null,
            previewData: link ? { url: link } : null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const message = row;
        if (fileIds.length)
          await tx.update(chatFiles).set({ messageId: message.id }).where(inArray(chatFiles.fileId, fileIds));
        // Writing in a closed practice-to-user chat opens it again.
        await tx
          .update(chats)
          .set({ lastMessageAt: now, updatedAt: now, status: 'ACTIVE', closedAt: null, closedBy: null })
          .where(eq(chats.id, chat.id));
        // One's own message is read.
        await tx
          .update(chatUsers)
          .set({ lastReadMessageId: message.id, lastReadAt: now })
          .where(eq(chatUsers.id, me.id));
        if (link) await ctx.jobs.enqueue(CHAT_PREVIEW_JOB, { messageId: message.id, url: link }, { tx });
        await ctx.jobs.enqueue(CHAT_NOTIFY_JOB, { messageId: message.id }, { tx });
        return { row: message, repeated: false, chat };
      });

      const message = await view(outcome.row);
      const settled = (step: string, work: () => Promise<unknown>) =>
        work().then(
          () => true,
          (err: unknown) => {
            ctx.log.error(
              { err, chatId: caller.chat.id, messageId: message.id },
              `chat message stored, but ${step} failed`,
            );
            return false;
          },
        );
      if (outcome.repeated) {
        const published = await settled('answering the sender', () =>
          publishToRoom(ctx, {
            chatId: caller.chat.id,
            event: { event: 'NEW_MESSAGE', data: message },
            toChatUserId: caller.chatUser.id,
          }),
        );
        return { message, published };
      }
      await settled('the audit', () =>
        auditChat(
          ctx,
          { userId: caller.chatUser.userId, chatUserId: caller.chatUser.id },
          undefined,
          'message_sent',
          caller.chat.id,
          {
            messageId: message.id,
            files: fileIds,
          },
        ),
      );
      // The others catch up from the store when the room could not be told (reconnecting, or the notice below).
      const published = await settled('publishing', () =>
        publishToRoom(ctx, { chatId: caller.chat.id, event: { event: 'NEW_MESSAGE', data: message } }),
      );
      await settled('the notices', async () => {
        // Answering is reading: the sender's notification about the chat has nothing left to tell.
        if (caller.chatUser.userId !== null) await dismissTopic(ctx, caller.chatUser.userId, chatTopic(caller.chat.id));
        const userIds = await participantUserIds(db, caller.chat.id);
        await publishChatNotice(ctx, { chatId: caller.chat.id, practiceIds: practicesOfChat(outcome.chat), userIds });
      });
      return { message, published };
    },

    /**
     * Moves the participant's read position forward (never back, never past the chat's last
     * message) and tells the room. Read to the newest message, their notification about the chat
     * is dismissed. Answers false when nothing changed.
     */
    async markRead(caller: RoomCaller, lastId: number) {
      const now = ctx.clock.now();
      const [updated] = await db
        .update(chatUsers)
        .set({ lastReadMessageId: lastId, lastReadAt: now })
        .where(
          and(
            eq(chatUsers.id, caller.chatUser.id),
            sql`coalesce(${chatUsers.lastReadMessageId}, 0) < ${lastId}`,
            sql`exists (select 1 from chat_messages m where m.chat_id = ${caller.chat.id} and m.id = ${lastId})`,
          ),
        )
        .returning({
          id: chatUsers.id,
          name: chatUsers.name,
          userId: chatUsers.userId,
          upToDate: sql<boolean>`not exists (select 1 from chat_messages m where m.chat_id = ${caller.chat.id} and m.id > ${lastId})`,
        });
      if (!updated) return false;
      const receipt: chatRoomApi.ReadReceipt = {
        chatUserId: updated.id,
        name: updated.name,
        lastId,
        timestamp: now.getTime(),
      };
      await publishToRoom(ctx, { chatId: caller.chat.id, event: { event: 'USER_READ_MESSAGE', data: receipt } });
      if (updated.userId !== null) {
        if (updated.upToDate) await dismissTopic(ctx, updated.userId, chatTopic(caller.chat.id));
        await publishChatNotice(ctx, { chatId: caller.chat.id, practiceIds: [], userIds: [updated.userId] });
      }
      return true;
    },
  };
}

export type ChatMessages = ReturnType<typeof createChatMessages>;
