import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs, Id, IdParams, OkResponse, PhoneText, paged, pageQuery } from './common.js';
import { PracticeSummary } from './users.js';
import { ChatMessage, ChatStatus, ChatType, ChatUser, ChatUserType, MESSAGES_PAGE_SIZE } from './chat-room.js';

/**
 * The provider app's chat calls (spec 3 §7, spec 1 §7, spec 2 §7): listing, starting and managing
 * chats, and the room token that opens one in the chat room (chat-room.ts).
 */

const tags = ['Chats'];

/** Spec 3 §9: chat lists page by 10. */
export const CHATS_PAGE_SIZE = 10;
/** At most this many people or phone numbers are added at once. */
export const CHAT_USERS_MAX = 50;

/** A chat in a list: who is in it, the last message and what the caller has not read. */
export const ChatSummary = z.object({
  id: z.number().int(),
  room: z.string().uuid(),
  type: ChatType,
  status: ChatStatus,
  /** Who the chat is with, from the caller's side: the other practice, the patient, the other people. */
  title: z.string(),
  practice: PracticeSummary,
  targetPractice: PracticeSummary.nullable(),
  patientId: z.number().int().nullable(),
  users: z.array(ChatUser),
  lastMessage: z.object({ text: z.string(), fromName: z.string().nullable(), createdAt: EpochMs }).nullable(),
  /** Messages from others after the caller's last read one. */
  unreadCount: z.number().int(),
  muted: z.boolean(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type ChatSummary = z.infer<typeof ChatSummary>;

const PracticeQuery = z.object({ practiceId: Id });
const PracticeBody = z.object({ practiceId: Id });
const Search = z.string().trim().max(100).optional();

export const ChatToken = z.object({
  token: z.string(),
  room: z.string().uuid(),
  chatId: z.number().int(),
  chatUserId: z.number().int(),
  expiresAt: EpochMs,
});
export type ChatToken = z.infer<typeof ChatToken>;

export const chatToken = endpoint({
  method: 'GET',
  path: '/api/v1/chat/:id/token',
  summary: 'A room token for the caller in this chat (joins a practice chat on first open)',
  tags,
  auth: 'user',
  params: IdParams,
  query: PracticeQuery,
  response: ChatToken,
});

export const listChats = endpoint({
  method: 'GET',
  path: '/api/v1/chats',
  summary: `The practice's chats the caller sees, most recent first (pages of ${CHATS_PAGE_SIZE})`,
  tags,
  auth: 'user',
  query: pageQuery(CHATS_PAGE_SIZE).extend({
    practiceId: Id,
    query: Search,
    includeCount: z.stringbool().default(true),
  }),
  response: z.object({ data: z.array(ChatSummary), count: z.number().int().nullable() }),
});

export const unreadChats = endpoint({
  method: 'GET',
  path: '/api/v1/chats/unread',
  summary: "The caller's chats in the practice with unread messages (at most 50)",
  tags,
  auth: 'user',
  query: PracticeQuery,
  response: z.array(ChatSummary),
});

export const unreadChatCount = endpoint({
  method: 'GET',
  path: '/api/v1/chats/unreadcount',
  summary: "How many of the caller's chats in the practice have unread messages",
  tags,
  auth: 'user',
  query: PracticeQuery,
  response: z.object({ count: z.number().int() }),
});

export const chatByRoom = endpoint({
  method: 'GET',
  path: '/api/v1/chats/:room',
  summary: 'A chat by its room id',
  tags,
  auth: 'user',
  params: z.object({ room: z.string().uuid('room must be a chat room id') }),
  query: PracticeQuery,
  response: ChatSummary,
});

export const chatMessages = endpoint({
  method: 'GET',
  path: '/api/v1/chat/:id/messages',
  summary: `A page of the chat's messages, newest page first (${MESSAGES_PAGE_SIZE} a page); userId/userType narrow them to one participant's`,
  tags,
  auth: 'user',
  params: IdParams,
  query: pageQuery(MESSAGES_PAGE_SIZE)
    .omit({ pageSize: true })
    .extend({ practiceId: Id, userId: Id.optional(), userType: ChatUserType.optional() }),
  response: paged(ChatMessage),
});

const PhoneList = z.array(PhoneText).max(CHAT_USERS_MAX, `At most ${CHAT_USERS_MAX} phone numbers`);
const UserList = z.array(Id).max(CHAT_USERS_MAX, `At most ${CHAT_USERS_MAX} people`);

export const ChatCreate = z
  .object({
    practiceId: Id,
    type: ChatType,
    users: UserList.default([]),
    targetPractice: Id.optional(),
    usersPhoneNumbers: PhoneList.default([]),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.type === 'PRACTICE_TO_PRACTICE' && c.targetPractice === undefined)
      issue('targetPractice', 'Choose the practice to chat with');
    if (c.type !== 'PRACTICE_TO_PRACTICE' && c.targetPractice !== undefined)
      issue('targetPractice', 'Only practice-to-practice chats name a target practice');
    if (c.targetPractice !== undefined && c.targetPractice === c.practiceId)
      issue('targetPractice', 'A practice cannot chat with itself');
    if (
      (c.type === 'USER_TO_USER' || c.type === 'PRACTICE_TO_USER') &&
      c.users.length === 0 &&
      c.usersPhoneNumbers.length === 0
    ) {
      issue('users', 'Choose who to chat with');
    }
    if (c.type === 'PATIENT' && c.usersPhoneNumbers.length === 0)
      issue('usersPhoneNumbers', "Enter the patient's phone number");
    if (c.type === 'USER_TO_USER' && c.usersPhoneNumbers.length > 0)
      issue('usersPhoneNumbers', 'People are invited by phone to patient and practice-to-user chats only');
  });

export const createChat = endpoint({
  method: 'POST',
  path: '/api/v1/chats',
  summary: 'Start a chat; phone numbers are texted a link to the chat room',
  tags,
  auth: 'user',
  status: 201,
  body: ChatCreate,
  response: ChatSummary,
});

export const updateChatUsers = endpoint({
  method: 'PUT',
  path: '/api/v1/chat/:id',
  summary: 'Set who is in the chat: people added join, people left out leave',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody.extend({ users: UserList }),
  response: ChatSummary,
});

export const closeChat = endpoint({
  method: 'PUT',
  path: '/api/v1/chat/:id/close',
  summary: 'Close the chat: it becomes read-only (practice-to-user chats reopen when the user writes)',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: ChatSummary,
});

export const leaveChat = endpoint({
  method: 'PUT',
  path: '/api/v1/chat/:id/leave',
  summary: 'Leave the chat',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: OkResponse,
});

export const muteChat = endpoint({
  method: 'PUT',
  path: '/api/v1/chat/:id/mute',
  summary: 'Mute or unmute the chat for the caller (no notifications, not counted unread)',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody.extend({ mute: z.boolean() }),
  response: ChatSummary,
});

export const revokeChatLink = endpoint({
  method: 'POST',
  path: '/api/v1/chat/:id/link/revoke',
  summary:
    'Patient chats: end every link texted to the patient (their open chat closes), and text no new one until asked; with sendNewLink, text a fresh link at once',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody.extend({ sendNewLink: z.boolean().default(false) }),
  response: OkResponse,
});

export const sendChatLink = endpoint({
  method: 'POST',
  path: '/api/v1/chat/:id/link',
  summary: 'Patient chats: text the patient a fresh link to the chat (links they hold keep working unless revoked)',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: OkResponse,
});

export const conversation = endpoint({
  method: 'GET',
  path: '/api/v1/conversation/:id',
  summary: 'A chat with its latest page of messages',
  tags,
  auth: 'user',
  params: IdParams,
  query: PracticeQuery,
  response: z.object({ chat: ChatSummary, messages: z.array(ChatMessage), count: z.number().int() }),
});

export const userChats = endpoint({
  method: 'GET',
  path: '/api/v1/user/:id/chats',
  summary: "The caller's own chats in a practice (unread=true: only those with unread messages)",
  tags,
  auth: 'user',
  params: IdParams,
  query: pageQuery(CHATS_PAGE_SIZE).extend({ practiceId: Id, unread: z.stringbool().default(false) }),
  response: paged(ChatSummary),
});

export const practiceChats = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/chats',
  summary: "The practice's chats the caller sees",
  tags,
  auth: 'user',
  params: IdParams,
  query: pageQuery(CHATS_PAGE_SIZE).extend({ query: Search }),
  response: paged(ChatSummary),
});

export const openPracticeChat = endpoint({
  method: 'POST',
  path: '/api/v1/practice/:id/openChat',
  summary: 'Open the chat between this practice and another (starting it if there is none)',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody,
  response: ChatSummary,
});

export const createPatientChat = endpoint({
  method: 'POST',
  path: '/api/v1/patient/:id/action/createChat',
  summary: 'Open a chat with a patient of the practice (starting one if needed); the patient is texted a link to it',
  tags,
  auth: 'user',
  params: IdParams,
  body: PracticeBody.extend({ type: z.literal('PATIENT').default('PATIENT') }),
  response: ChatSummary,
});

export const patientChats = endpoint({
  method: 'GET',
  path: '/api/v1/patient/:id/chats',
  summary: "The practice's chats with a patient",
  tags,
  auth: 'user',
  params: IdParams,
  query: PracticeQuery,
  response: z.array(ChatSummary),
});
