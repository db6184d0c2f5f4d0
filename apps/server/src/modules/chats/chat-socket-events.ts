import { chatRoomApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import type { FloodCounter } from '../../platform/realtime/flood-counter.js';
import { publishToRoom } from './chat-events.js';
import { MessageRefused, type ChatMessages } from './chat-messages.js';
import type { RoomConnection } from './chat-socket.js';

/**
 * Decided: at most 20 messages in any 10 seconds per participant, all their sockets on every
 * instance together — faster than anyone types, slower than a runaway script, and no faster for
 * opening more sockets. A chat as a whole takes CHAT_ROOM_MESSAGE_LIMIT in the same window.
 */
export const FLOOD_LIMIT = { messages: 20, windowMs: 10_000 } as const;

/** Whose sockets count together against CHAT_SOCKETS_PER_PARTICIPANT and the flood limit. */
export const participantKey = (chatUserId: number) => `chat-user:${chatUserId}`;

const TOO_FAST = 'You are sending messages too quickly, please wait a moment';
const ROOM_TOO_FAST = 'This chat is getting too many messages at once, please wait a moment';

/** Why a message may not go now, or null when it is counted: one round trip to Redis (or none, in memory). */
async function floodRefusal(ctx: AppContext, flood: FloodCounter, c: RoomConnection) {
  const mine = participantKey(c.caller.chatUser.id);
  const full = await flood.take(
    [
      { key: mine, limit: FLOOD_LIMIT.messages },
      { key: `chat:${c.caller.chat.id}`, limit: ctx.config.chatRoomMessageLimit },
    ],
    FLOOD_LIMIT.windowMs,
  );
  return full === null ? null : full === mine ? TOO_FAST : ROOM_TOO_FAST;
}

const reply = (c: RoomConnection, event: chatRoomApi.ServerEvent) => c.socket.send(JSON.stringify(event));

/** What a participant's socket sends (spec 3 §4): messages, reads, typing, background and foreground. */
export async function handleClientEvent(
  ctx: AppContext,
  messages: ChatMessages,
  flood: FloodCounter,
  c: RoomConnection,
  text: string,
) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const result = chatRoomApi.ClientEvent.safeParse(parsed);
  if (!result.success) {
    const uuid = (parsed as { event?: unknown; data?: { uuid?: unknown } } | null)?.data?.uuid;
    if ((parsed as { event?: unknown } | null)?.event === 'NEW_MESSAGE') {
      reply(c, {
        event: 'FAILED_TO_SEND_MESSAGE',
        data: { uuid: typeof uuid === 'string' ? uuid : null, message: 'This message could not be read' },
      });
    } else {
      reply(c, { event: 'ERROR', data: { message: 'Unknown event' } });
    }
    return;
  }
  const event = result.data;
  const { chat, chatUser } = c.caller;
  const me = { chatUserId: chatUser.id, name: chatUser.name };
  const toOthers = (e: chatRoomApi.ServerEvent) =>
    publishToRoom(ctx, { chatId: chat.id, event: e, exceptChatUserId: chatUser.id });
  switch (event.event) {
    case 'NEW_MESSAGE': {
      const refusal = await floodRefusal(ctx, flood, c);
      if (refusal) {
        reply(c, { event: 'FAILED_TO_SEND_MESSAGE', data: { uuid: event.data.uuid, message: refusal } });
        return;
      }
      try {
        const { message, published } = await messages.send(c.caller, event.data);
        // Stored, but the room was not told: the sender at least sees it sent (the others catch up).
        if (!published) reply(c, { event: 'NEW_MESSAGE', data: message });
      } catch (error) {
        // Every failure names the message: the sender's client takes it out of "Sending" and says why.
        if (!(error instanceof MessageRefused))
          ctx.log.error({ err: error, chatId: chat.id }, 'chat message not stored');
        const reason =
          error instanceof MessageRefused ? error.message : 'Your message could not be sent, please try again';
        reply(c, { event: 'FAILED_TO_SEND_MESSAGE', data: { uuid: event.data.uuid, message: reason } });
      }
      return;
    }
    case 'USER_READ_MESSAGE':
      await messages.markRead(c.caller, event.data.lastId);
      return;
    case 'USER_ENTERED_BACKGROUND':
    case 'USER_ENTERED_FOREGROUND':
      // Someone whose every connection is in the background is away: the notify job tells them.
      await ctx.presence.setBackground(chat.id, c.id, event.event === 'USER_ENTERED_BACKGROUND');
      await toOthers({ event: event.event, data: me });
      return;
    case 'USER_TYPING':
    case 'USER_STOPPED_TYPING':
      await toOthers({ event: event.event, data: me });
  }
}
