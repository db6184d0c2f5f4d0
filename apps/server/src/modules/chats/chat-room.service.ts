import { and, asc, desc, eq, gt, gte, isNull, ne } from 'drizzle-orm';
import { chatRoomApi, type FileView, type filesApi } from '@referwell/contracts';
import { practices, type AppContext } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { assertRoom, type ChatRow, type RoomCaller } from './chat-access.js';
import { AppError } from '../../platform/errors.js';
import { readRoomToken } from '../../platform/auth/room-tokens.js';
import { isOpenAt } from '../practices/index.js';
import { FILE_EXPIRED, fileViewOf, loadFile, recordUpload, removeFile } from '../files/index.js';
import { chatFiles, chatMessages, chats, chatUsers } from './chats.table.js';
import { chatUserView, messageViews, photosOf } from './chat-views.js';
import { canWrite } from './chat-messages.js';
import { auditChat } from './chat-records.js';

type PracticeRow = typeof practices.$inferSelect;

/** Patients and outside users are greeted; staff chatting with staff are not. */
const GREETED: readonly chatRoomApi.ChatType[] = ['PATIENT', 'PRACTICE_TO_USER'];

/** The welcome of a practice that wrote none; one without opening hours is not said to be closed. */
function defaultWelcome(practiceName: string, open: boolean): string {
  return open
    ? `Hello from ${practiceName}. Send us a message here and a member of our team will reply.`
    : `Hello from ${practiceName}. We're closed right now; send us a message here and we'll reply when we open.`;
}

const actorOf = (caller: RoomCaller) => ({ userId: caller.chatUser.userId, chatUserId: caller.chatUser.id });

/** The chat service (spec 3 §7): what a participant does with a room token, besides the socket. */
export function createChatRoomService(ctx: AppContext) {
  const { db } = ctx;

  /**
   * The practice's welcome, open or closed by its hours now; shown before the first message. A
   * practice that wrote none greets in the product's words, so a new chat never opens on nothing.
   */
  function welcomeMessages(chat: ChatRow, practice: PracticeRow): chatRoomApi.ChatMessage[] {
    if (!GREETED.includes(chat.type)) return [];
    const open = isOpenAt(practice.openingHours, practice.timezone, ctx.clock.now());
    const text =
      (open ? practice.welcomeMessageOpen : practice.welcomeMessageClosed)?.trim() ||
      defaultWelcome(practice.name, open || practice.openingHours.length === 0);
    return [
      {
        id: 0,
        uuid: `welcome-${chat.id}`,
        chatId: chat.id,
        createdAt: chat.createdAt.getTime(),
        from: { chatUserId: 0, name: practice.name, image: practice.logoUrl },
        message: text,
        files: [],
        data: null,
        previewData: null,
        content: null,
      },
    ];
  }

  return {
    /**
     * The practice a genuine token's room belongs to, though the token expired, was revoked or its
     * participant left: the page of a dead link names whom to ask for a new one. A token that is
     * not genuine is refused as room calls refuse it (401), one for another room as they do (403).
     */
    async branding(room: string, token: string): Promise<chatRoomApi.RoomBranding> {
      const claim = readRoomToken(ctx.secrets.sessionSecret, token);
      if (!claim) throw new AppError('UNAUTHORIZED', 'This chat link is not valid');
      const [found] = await db
        .select({
          room: chats.room,
          active: practices.active,
          name: practices.name,
          logoUrl: practices.logoUrl,
          colorScheme: practices.colorScheme,
          phoneNumber: practices.phoneNumber,
        })
        .from(chatUsers)
        .innerJoin(chats, eq(chats.id, chatUsers.chatId))
        .innerJoin(practices, eq(practices.id, chats.practiceId))
        .where(eq(chatUsers.id, claim.chatUserId));
      if (found?.room !== room) throw new AppError('FORBIDDEN', 'This access token is for another chat');
      if (!found.active) throw new AppError('OBJECT_NOT_FOUND', 'No such chat');
      const { name, logoUrl, colorScheme, phoneNumber } = found;
      return { name, logoUrl, colorScheme, phoneNumber };
    },

    async load(caller: RoomCaller, room: string, client: ClientInfo) {
      assertRoom(caller, room);
      const { chat, chatUser } = caller;
      const [people, online, [practice]] = await Promise.all([
        db
          .select()
          .from(chatUsers)
          .where(and(eq(chatUsers.chatId, chat.id), isNull(chatUsers.leftAt)))
          .orderBy(asc(chatUsers.id)),
        ctx.presence.online(chat.id),
        db.select().from(practices).where(eq(practices.id, chat.practiceId)),
      ]);
      const onlineIds = new Set(online);
      const photos = await photosOf(db, people);
      await auditChat(ctx, actorOf(caller), client, 'loaded', chat.id);
      return {
        chat: {
          id: chat.id,
          room: chat.room,
          type: chat.type,
          status: chat.status,
          // A patient or outside user writes to the practice; staff see who else is in it.
          title:
            chatUser.practiceId === null && chat.type !== 'USER_TO_USER'
              ? practice.name
              : people
                  .filter((u) => u.id !== chatUser.id)
                  .map((u) => u.name)
                  .join(', ') || 'Only you',
          practiceId: chat.practiceId,
          welcomeMessages: welcomeMessages(chat, practice),
          allUsers: people.map((u) => chatUserView(u, onlineIds, photos)),
          readStatus: Object.fromEntries(people.map((u) => [String(u.id), { lastId: u.lastReadMessageId }])),
        },
        user: { userId: chatUser.userId, userType: chatUser.userType, chatUserId: chatUser.id },
      };
    },

    /** `after`: the messages after an id (catching up after a reconnect); else the page before the newest `skip`. */
    async messages(caller: RoomCaller, room: string, q: { skip: number; after?: number }, client: ClientInfo) {
      assertRoom(caller, room);
      const rows =
        q.after === undefined
          ? (
              await db
                .select()
                .from(chatMessages)
                .where(eq(chatMessages.chatId, caller.chat.id))
                .orderBy(desc(chatMessages.id))
                .limit(chatRoomApi.MESSAGES_PAGE_SIZE)
                .offset(q.skip)
            ).reverse()
          : await db
              .select()
              .from(chatMessages)
              .where(and(eq(chatMessages.chatId, caller.chat.id), gt(chatMessages.id, q.after)))
              .orderBy(asc(chatMessages.id))
              .limit(chatRoomApi.MISSED_MESSAGES_BATCH);
      await auditChat(ctx, actorOf(caller), client, 'messages_read', caller.chat.id, {
        skip: q.skip,
        after: q.after ?? null,
        count: rows.length,
      });
      return { data: await messageViews(ctx, rows) };
    },

    /** Who else has read up to the message or past it. */
    async receipts(caller: RoomCaller, messageId: number): Promise<chatRoomApi.ReadReceipt[]> {
      const [message] = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, caller.chat.id)));
      if (!message) throw new AppError('OBJECT_NOT_FOUND', 'No such message');
      const readers = await db
        .select()
        .from(chatUsers)
        .where(
          and(
            eq(chatUsers.chatId, caller.chat.id),
            gte(chatUsers.lastReadMessageId, messageId),
            message.chatUserId === null ? undefined : ne(chatUsers.id, message.chatUserId),
          ),
        )
        .orderBy(asc(chatUsers.lastReadAt));
      return readers.map((u) => ({
        chatUserId: u.id,
        name: u.name,
        lastId: u.lastReadMessageId!,
        timestamp: u.lastReadAt!.getTime(),
      }));
    },

    /** A file to send with a message: the chat's, recorded as this participant's until it goes out. */
    async createFile(caller: RoomCaller, room: string, descriptor: filesApi.FileDescriptor, client: ClientInfo) {
      assertRoom(caller, room);
      if (!canWrite(caller.chat)) throw new AppError('FORBIDDEN', 'This chat is closed');
      const { chat, chatUser } = caller;
      const link = await recordUpload(
        ctx,
        chatUser.userId,
        { practiceId: chat.practiceId, ownerKind: 'CHAT', ownerId: chat.id, descriptor },
        client,
      );
      await db.insert(chatFiles).values({ fileId: link.id, chatId: chat.id, chatUserId: chatUser.id });
      await auditChat(ctx, actorOf(caller), client, 'file_added', chat.id, { fileId: link.id });
      return link;
    },

    /**
     * A file of this chat as the room shows it, with a fresh download link (the ones in messages
     * expire). Other participants see a file once it went out with a message; until then it is its
     * attacher's. Deleted files answer that they expired; files not (yet) clean get no link.
     */
    async file(caller: RoomCaller, fileId: number, client: ClientInfo): Promise<FileView> {
      const [attached] = await db
        .select()
        .from(chatFiles)
        .where(and(eq(chatFiles.fileId, fileId), eq(chatFiles.chatId, caller.chat.id)));
      if (!attached || (attached.messageId === null && attached.chatUserId !== caller.chatUser.id))
        throw new AppError('OBJECT_NOT_FOUND', 'No such file');
      const row = await loadFile(ctx, fileId);
      if (row.deletedAt) throw new AppError('OBJECT_NOT_FOUND', FILE_EXPIRED);
      const view = fileViewOf(ctx, row);
      if (!view.downloadUrl) throw new AppError('FORBIDDEN', 'Only files that passed the virus check can be opened');
      await auditChat(ctx, actorOf(caller), client, 'file_opened', caller.chat.id, { fileId });
      return view;
    },

    /** Whoever attached a file may take it back; a sent one then shows as expired in the message. */
    async deleteFile(caller: RoomCaller, fileId: number, client: ClientInfo) {
      const [attached] = await db
        .select()
        .from(chatFiles)
        .where(and(eq(chatFiles.fileId, fileId), eq(chatFiles.chatId, caller.chat.id)));
      if (!attached) throw new AppError('OBJECT_NOT_FOUND', 'No such file');
      if (attached.chatUserId !== caller.chatUser.id)
        throw new AppError('FORBIDDEN', 'Only the person who attached this file can delete it');
      await removeFile(ctx, await loadFile(ctx, fileId), { userId: caller.chatUser.userId, client });
      await auditChat(ctx, actorOf(caller), client, 'file_deleted', caller.chat.id, {
        fileId,
        messageId: attached.messageId,
      });
    },
  };
}

export type ChatRoomService = ReturnType<typeof createChatRoomService>;
