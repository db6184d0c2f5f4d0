import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs, Id, JsonId, MAX_ID, OkResponse } from './common.js';
import { FileDescriptor, FileScanned, FileView, UploadLink } from './files.js';
import { LinkPreview } from './link-previews.js';

/**
 * The chat service (spec 3): what a participant holding a room token reaches — the chat room's
 * calls under /florie/v1/chat (Bearer room token) and its WebSocket. The provider app's chat
 * calls, which hand out room tokens, are in chats.ts.
 */

const tags = ['Chat room'];

/** Spec 3 §1. */
export const ChatType = z.enum(['PRACTICE_TO_PRACTICE', 'PRACTICE_TO_USER', 'USER_TO_USER', 'PATIENT']);
export type ChatType = z.infer<typeof ChatType>;
export const ChatStatus = z.enum(['ACTIVE', 'INACTIVE']);
export type ChatStatus = z.infer<typeof ChatStatus>;
/** Participant kinds; people are USER, intake bots BOT and BOTUSER. */
export const ChatUserType = z.enum(['USER', 'BOT', 'BOTUSER']);
export type ChatUserType = z.infer<typeof ChatUserType>;

/** Decided (spec 3 §5 leaves it open): a message holds at most 5,000 characters and 10 files. */
export const MESSAGE_MAX = 5_000;
export const MESSAGE_FILES_MAX = 10;
/** Messages come in pages of 30, newest first from the end of the chat. */
export const MESSAGES_PAGE_SIZE = 30;
/** After a reconnect, missed messages are read in batches of this many. */
export const MISSED_MESSAGES_BATCH = 100;

/** Spec 3 §9. */
export const CHAT_RECONNECT_LIMIT = 10;
export const CHAT_CONNECT_TIMEOUT_MS = 1_000;
export const TYPING_DEBOUNCE_MS = 300;
/**
 * Decided (spec 3 leaves it open): a typer says so again at least this often while typing goes
 * on, and others forget a typer not heard from for TYPING_EXPIRY_MS, so a lost
 * USER_STOPPED_TYPING (a closed tab, a dropped connection) cannot leave "is typing..." up.
 */
export const TYPING_REFRESH_MS = 2_000;
export const TYPING_EXPIRY_MS = 5_000;
export const INFO_BANNER_MS = 4_000;
/** Close code: the token is invalid or expired (or its participant left); do not retry. */
export const CHAT_SOCKET_UNAUTHORIZED = 4000;
/**
 * Close code (decided; spec 3 uses 4000 only): the participant opened the chat in more windows,
 * tabs or devices than the server allows at once, and this was the oldest. Do not retry by
 * itself: that would push the newest out in turn; the person chooses where to go on.
 */
export const CHAT_SOCKET_REPLACED = 4001;
export const CHAT_SOCKET_PATH = '/florie/v1/chat/socket';
/** The embed posts its height to the host page in a message of this type (spec 3 §2). */
export const EMBED_HEIGHT_MESSAGE = 'florie-embed-height';

/** A participant as the room shows them (spec 3 §3 Chat user). */
export const ChatUser = z.object({
  chatUserId: z.number().int(),
  name: z.string(),
  /** The person's photo, when they have one; clients draw initials otherwise. */
  image: z.string().nullable(),
  userType: ChatUserType,
  /** The account behind the participant; null for a patient invited by phone. */
  userId: z.number().int().nullable(),
  /** The practice they speak for, when staff. */
  practiceId: z.number().int().nullable(),
  online: z.boolean(),
});
export type ChatUser = z.infer<typeof ChatUser>;

/** A content card inside a message (spec 3 §3 Content). */
export const MessageContent = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  thumbnail: z.string().nullable(),
  file: z.object({ downloadUrl: z.string().nullable() }).nullable(),
  value: z.string().nullable(),
});
export type MessageContent = z.infer<typeof MessageContent>;

/**
 * A stored message (spec 3 §3). `previewData` holds the first link of the text: just its `url` at
 * first, the whole preview once the server has fetched it (announced with MESSAGE_UPDATED).
 * style, fromCurrentUser and forceTopPadding are derived by the client.
 */
export const ChatMessage = z.object({
  id: z.number().int(),
  uuid: z.string(),
  chatId: z.number().int(),
  createdAt: EpochMs,
  /** Null for the practice's welcome messages. */
  from: z.object({ chatUserId: z.number().int(), name: z.string(), image: z.string().nullable() }).nullable(),
  message: z.string(),
  files: z.array(FileView),
  data: z.record(z.string(), z.unknown()).nullable(),
  previewData: LinkPreview.partial().extend({ url: z.string() }).nullable(),
  content: MessageContent.nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** A chat as the room loads it (spec 3 §3 Chat). */
export const ChatRoom = z.object({
  id: z.number().int(),
  room: z.string().uuid(),
  type: ChatType,
  status: ChatStatus,
  title: z.string(),
  practiceId: z.number().int(),
  /** Shown before the first message; which one depends on the practice's opening hours now. */
  welcomeMessages: z.array(ChatMessage),
  allUsers: z.array(ChatUser),
  /** Each participant's last read message, by chatUserId. */
  readStatus: z.record(z.string(), z.object({ lastId: z.number().int().nullable() })),
});
export type ChatRoom = z.infer<typeof ChatRoom>;

/** Who the token belongs to (spec 3 §3 Session user). */
export const SessionChatUser = z.object({
  userId: z.number().int().nullable(),
  userType: ChatUserType,
  chatUserId: z.number().int(),
});
export type SessionChatUser = z.infer<typeof SessionChatUser>;

/** The room's path names the chat by its room id (what the embed knows). */
const RoomParams = z.object({ chatId: z.string().uuid('chatId must be the chat room id') });

export const loadChat = endpoint({
  method: 'GET',
  path: '/florie/v1/chat/:chatId',
  summary: 'Load a chat room and the participant the token belongs to',
  tags,
  auth: 'room',
  params: RoomParams,
  query: z.object({ practiceId: Id.optional() }),
  response: z.object({ chat: ChatRoom, user: SessionChatUser }),
});

/** The practice a room belongs to, as its page shows it (spec 1 §3 Practice: name, logo, colour). */
export const RoomBranding = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  /** `#rrggbb`, or null when the practice has not chosen one. */
  colorScheme: z.string().nullable(),
  /** How to reach the practice when the link no longer opens the chat. */
  phoneNumber: z.string().nullable(),
});
export type RoomBranding = z.infer<typeof RoomBranding>;

/**
 * Who the room is with, for its page to wear. The room token goes as the bearer token, and an
 * expired or revoked one still answers (a forged one does not: 401; nor one for another room:
 * 403): the page of a dead link names the practice to ask for a new one. It says nothing more than
 * the practice's public branding and phone number.
 */
export const roomBranding = endpoint({
  method: 'GET',
  path: '/florie/v1/chat/:chatId/branding',
  summary: "The room's practice: name, logo, colour and phone; also for an expired or revoked room token",
  tags,
  auth: 'public',
  params: RoomParams,
  response: RoomBranding,
});

export const roomMessages = endpoint({
  method: 'GET',
  path: '/florie/v1/chat/:chatId/messages',
  summary: `Messages oldest first: the ${MESSAGES_PAGE_SIZE} before the newest \`skip\`, or (with \`after\`) up to ${MISSED_MESSAGES_BATCH} after a message id`,
  tags,
  auth: 'room',
  params: RoomParams,
  query: z.object({
    skip: z.coerce.number().int().min(0, 'skip cannot be negative').max(1_000_000).default(0),
    after: z.coerce.number().int().min(0).max(MAX_ID).optional(),
  }),
  response: z.object({ data: z.array(ChatMessage) }),
});

export const ReadReceipt = z.object({
  chatUserId: z.number().int(),
  name: z.string(),
  lastId: z.number().int(),
  timestamp: EpochMs,
});
export type ReadReceipt = z.infer<typeof ReadReceipt>;

export const messageReceipts = endpoint({
  method: 'GET',
  path: '/florie/v1/chat/message/:messageId/receipts',
  summary: 'Who has read a message, and when they last read',
  tags,
  auth: 'room',
  params: z.object({ messageId: Id }),
  response: z.array(ReadReceipt),
});

export const createChatFile = endpoint({
  method: 'POST',
  path: '/florie/v1/chat/:chatId/file',
  summary: 'Describe a file to attach to a message; answers its id and upload link',
  tags,
  auth: 'room',
  status: 201,
  params: RoomParams,
  body: FileDescriptor,
  response: UploadLink,
});

/**
 * A file sent in this chat (or attached by the caller, not yet sent), with a freshly signed download
 * link: the links messages carry expire after a few minutes, so the room asks again when someone
 * opens a file. Only clean files have a link; others are refused.
 */
export const chatFile = endpoint({
  method: 'GET',
  path: '/florie/v1/chat/file/:fileId',
  summary: 'A clean file of this chat with a fresh download link',
  tags,
  auth: 'room',
  params: z.object({ fileId: Id }),
  response: FileView,
});

export const deleteChatFile = endpoint({
  method: 'DELETE',
  path: '/florie/v1/chat/file/:fileId',
  summary: 'Delete a file one attached (or was about to)',
  tags,
  auth: 'room',
  params: z.object({ fileId: Id }),
  response: OkResponse,
});

/** Spec 3 §4 socket event types. */
export const ChatEvent = z.enum([
  'USER_CONNECTED',
  'USER_DISCONNECTED',
  'USER_ENTERED_BACKGROUND',
  'USER_ENTERED_FOREGROUND',
  'USER_TYPING',
  'USER_STOPPED_TYPING',
  'USER_READ_MESSAGE',
  'NEW_MESSAGE',
  'MESSAGE_UPDATED',
  'FAILED_TO_SEND_MESSAGE',
  'UNAUTHORIZED',
  'ERROR',
  'FILE_SCANNED',
  'ONLINE_USERS',
  'CHAT_CLOSED',
]);
export type ChatEvent = z.infer<typeof ChatEvent>;

/** The outgoing message payload (spec 3 §3); `uuid` makes a re-send after a reconnect land once. */
export const OutgoingMessage = z.object({
  uuid: z.string().trim().min(8).max(64),
  userId: JsonId.nullable().optional(),
  userType: ChatUserType.optional(),
  message: z.string().default(''),
  files: z.array(Id).default([]),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type OutgoingMessage = z.infer<typeof OutgoingMessage>;

const Empty = z.object({}).optional();

/** What a participant sends on the socket: `{ event, data }`. */
export const ClientEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('NEW_MESSAGE'), data: OutgoingMessage }),
  z.object({ event: z.literal('USER_TYPING'), data: Empty }),
  z.object({ event: z.literal('USER_STOPPED_TYPING'), data: Empty }),
  z.object({ event: z.literal('USER_ENTERED_BACKGROUND'), data: Empty }),
  z.object({ event: z.literal('USER_ENTERED_FOREGROUND'), data: Empty }),
  z.object({ event: z.literal('USER_READ_MESSAGE'), data: z.object({ lastId: JsonId }) }),
]);
export type ClientEvent = z.infer<typeof ClientEvent>;

const Someone = z.object({ chatUserId: z.number().int(), name: z.string() });

/** What the server pushes to a room's participants. */
export const ServerEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('USER_CONNECTED'), data: Someone }),
  z.object({ event: z.literal('USER_DISCONNECTED'), data: Someone }),
  z.object({ event: z.literal('USER_ENTERED_BACKGROUND'), data: Someone }),
  z.object({ event: z.literal('USER_ENTERED_FOREGROUND'), data: Someone }),
  z.object({ event: z.literal('USER_TYPING'), data: Someone }),
  z.object({ event: z.literal('USER_STOPPED_TYPING'), data: Someone }),
  z.object({ event: z.literal('USER_READ_MESSAGE'), data: ReadReceipt }),
  z.object({ event: z.literal('NEW_MESSAGE'), data: ChatMessage }),
  z.object({ event: z.literal('MESSAGE_UPDATED'), data: ChatMessage }),
  z.object({
    event: z.literal('FAILED_TO_SEND_MESSAGE'),
    data: z.object({ uuid: z.string().nullable(), message: z.string() }),
  }),
  z.object({ event: z.literal('UNAUTHORIZED'), data: z.object({ message: z.string() }) }),
  z.object({ event: z.literal('ERROR'), data: z.object({ message: z.string() }) }),
  z.object({ event: z.literal('FILE_SCANNED'), data: FileScanned }),
  z.object({ event: z.literal('ONLINE_USERS'), data: z.object({ chatUserIds: z.array(z.number().int()) }) }),
  z.object({ event: z.literal('CHAT_CLOSED'), data: z.object({ chatId: z.number().int() }) }),
]);
export type ServerEvent = z.infer<typeof ServerEvent>;
