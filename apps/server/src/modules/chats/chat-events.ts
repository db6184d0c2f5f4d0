import type { chatRoomApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';

/**
 * What travels on the bus for chats. Every instance hears every event and hands it to the
 * sockets it holds, so participants connected to different instances see the same chat.
 */

/** An event for a chat room's sockets; the payload is `RoomEvent`. */
export const CHAT_ROOM_EVENT = 'CHAT_ROOM_EVENT';

export interface RoomEvent {
  chatId: number;
  event: chatRoomApi.ServerEvent;
  /** Only to this participant's sockets (an acknowledgement, a refusal). */
  toChatUserId?: number;
  /** Not to this participant's sockets (their own typing, say). */
  exceptChatUserId?: number;
}

/** Participants whose part in a chat ended: their sockets close with 4000. The payload is `RoomKick`. */
export const CHAT_ROOM_KICK = 'CHAT_ROOM_KICK';

export interface RoomKick {
  chatId: number;
  chatUserIds: number[];
}

/**
 * Sockets pushed out by their participant's newer ones (CHAT_SOCKETS_PER_PARTICIPANT): whichever
 * instance holds them closes them with CHAT_SOCKET_REPLACED. The payload is `SocketsReplaced`.
 */
export const CHAT_SOCKETS_REPLACED = 'CHAT_SOCKETS_REPLACED';

export interface SocketsReplaced {
  connectionIds: string[];
}

/**
 * Something the provider app should hear about a chat (a message, a change of who is in it, it
 * closed); the events socket forwards it to the people named. The payload is `ChatNotice`.
 */
export const CHAT_NOTICE = 'CHAT_NOTICE';

export interface ChatNotice {
  chatId: number;
  /** Practices whose members all see the chat (a practice chat's practices). */
  practiceIds: number[];
  /** People in it by themselves (a person-to-person chat's participants, an outside user). */
  userIds: number[];
}

export const publishToRoom = (ctx: Pick<AppContext, 'bus'>, event: RoomEvent) =>
  ctx.bus.publish(CHAT_ROOM_EVENT, event);
export const kickFromRoom = (ctx: Pick<AppContext, 'bus'>, kick: RoomKick) => ctx.bus.publish(CHAT_ROOM_KICK, kick);
export const publishChatNotice = (ctx: Pick<AppContext, 'bus'>, notice: ChatNotice) =>
  ctx.bus.publish(CHAT_NOTICE, notice);
