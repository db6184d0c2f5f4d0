import type { chatRoomApi } from '@referwell/contracts';
import { mergeMessages, withoutMessage, withScanResult, type RoomMessage } from './messages';

type ChatRoom = chatRoomApi.ChatRoom;
type ChatUser = chatRoomApi.ChatUser;
type ServerEvent = chatRoomApi.ServerEvent;

/** What the room shows once its chat has loaded. */
export interface RoomState {
  chat: ChatRoom;
  me: chatRoomApi.SessionChatUser;
  users: ChatUser[];
  /** The conversation without the welcome messages, oldest first. */
  messages: RoomMessage[];
  readStatus: ChatRoom['readStatus'];
  /** Who is typing now, in the order they started. */
  typing: Array<{ chatUserId: number; name: string }>;
  readOnly: boolean;
}

export type RoomAction =
  | { type: 'loaded'; chat: ChatRoom; me: chatRoomApi.SessionChatUser; messages: RoomMessage[] }
  | { type: 'messages'; messages: RoomMessage[] }
  | { type: 'removed'; uuid: string }
  | { type: 'event'; event: ServerEvent }
  /** Nothing heard from a typer for TYPING_EXPIRY_MS (useTypingExpiry.ts). */
  | { type: 'typingExpired'; chatUserId: number };

/** Spec 3 §4: a closed chat turns read-only, except a practice talking to a user. */
export const closesToReadOnly = (chat: ChatRoom) => chat.type !== 'PRACTICE_TO_USER';

function setOnline(users: ChatUser[], online: (user: ChatUser) => boolean): ChatUser[] {
  return users.map((user) => (user.online === online(user) ? user : { ...user, online: online(user) }));
}

const withoutTyping = (state: RoomState, chatUserId: number) =>
  state.typing.filter((one) => one.chatUserId !== chatUserId);

function applyEvent(state: RoomState, event: ServerEvent): RoomState {
  switch (event.event) {
    case 'NEW_MESSAGE': {
      const sender = event.data.from?.chatUserId;
      const typing = sender === undefined ? state.typing : withoutTyping(state, sender);
      return { ...state, messages: mergeMessages(state.messages, [event.data]), typing };
    }
    case 'MESSAGE_UPDATED':
      return { ...state, messages: mergeMessages(state.messages, [event.data]) };
    case 'FILE_SCANNED':
      return { ...state, messages: withScanResult(state.messages, event.data) };
    case 'USER_CONNECTED':
      return {
        ...state,
        users: setOnline(state.users, (user) => user.online || user.chatUserId === event.data.chatUserId),
      };
    case 'USER_DISCONNECTED':
      return {
        ...state,
        users: setOnline(state.users, (user) => user.online && user.chatUserId !== event.data.chatUserId),
        typing: withoutTyping(state, event.data.chatUserId),
      };
    case 'ONLINE_USERS': {
      const online = new Set(event.data.chatUserIds);
      return { ...state, users: setOnline(state.users, (user) => online.has(user.chatUserId)) };
    }
    case 'USER_TYPING':
      if (
        event.data.chatUserId === state.me.chatUserId ||
        state.typing.some((one) => one.chatUserId === event.data.chatUserId)
      )
        return state;
      return { ...state, typing: [...state.typing, event.data] };
    case 'USER_STOPPED_TYPING':
      return { ...state, typing: withoutTyping(state, event.data.chatUserId) };
    case 'USER_READ_MESSAGE': {
      const key = String(event.data.chatUserId);
      const known = state.readStatus[key]?.lastId ?? 0;
      if (event.data.lastId <= known) return state;
      return { ...state, readStatus: { ...state.readStatus, [key]: { lastId: event.data.lastId } } };
    }
    case 'CHAT_CLOSED':
      return closesToReadOnly(state.chat)
        ? { ...state, readOnly: true, chat: { ...state.chat, status: 'INACTIVE' } }
        : state;
    default:
      return state;
  }
}

export function roomReducer(state: RoomState | null, action: RoomAction): RoomState | null {
  if (action.type === 'loaded') {
    const { chat, me, messages } = action;
    return {
      chat,
      me,
      users: chat.allUsers,
      messages: mergeMessages([], messages),
      readStatus: chat.readStatus,
      typing: [],
      readOnly: chat.status === 'INACTIVE' && closesToReadOnly(chat),
    };
  }
  if (!state) return state;
  switch (action.type) {
    case 'messages':
      return { ...state, messages: mergeMessages(state.messages, action.messages) };
    case 'removed':
      return { ...state, messages: withoutMessage(state.messages, action.uuid) };
    case 'event':
      return applyEvent(state, action.event);
    case 'typingExpired':
      return state.typing.some((one) => one.chatUserId === action.chatUserId)
        ? { ...state, typing: withoutTyping(state, action.chatUserId) }
        : state;
  }
}

/** Spec 3 §2: the person's own message is read once someone else has read up to it. */
export function isReadByOthers(state: Pick<RoomState, 'readStatus' | 'me'>, messageId: number): boolean {
  return Object.entries(state.readStatus).some(
    ([chatUserId, status]) =>
      Number(chatUserId) !== state.me.chatUserId && status.lastId !== null && status.lastId >= messageId,
  );
}
