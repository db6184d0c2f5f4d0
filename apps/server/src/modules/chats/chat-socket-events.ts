import { chatRoomApi } from '@referwell/contracts';
import type { AppContext } from '../../platform/context.js';
import { publishToRoom } from './chat-events.js';
import { MessageRefused, type ChatMessages } from './chat-messages.js';
import type { RoomConnection } from './chat-socket.js';

/** Decided: at most 20 messages in any 10 seconds per connection — faster than anyone types, slower than a runaway script. */
export const FLOOD_LIMIT = { messages: 20, windowMs: 10_000 } as const;

function tooFast(c: RoomConnection, now: number) {
  c.sent = c.sent.filter((t) => now - t < FLOOD_LIMIT.windowMs);
  if (c.sent.length >= FLOOD_LIMIT.messages) return true;
  c.sent.push(now);
  return false;
}

const reply = (c: RoomConnection, event: chatRoomApi.ServerEvent) => c.socket.send(JSON.stringify(event));

/** What a participant's socket sends (spec 3 §4): messages, reads, typing, background and foreground. */
export async function handleClientEvent(ctx: AppContext, messages: ChatMessages, c: RoomConnection, text: string) {
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
      reply(c, { event: 'FAILED_TO_SEND_MESSAGE', data: { uuid: typeof uuid === 'string' ? uuid : null, message: 'This message could not be read' } });
    } else {
      reply(c, { event: 'ERROR', data: { message: 'Unknown event' } });
    }
    return;
  }
  const event = result.data;
  const { chat, chatUser } = c.caller;
  const me = { chatUserId: chatUser.id, name: chatUser.name };
  const toOthers = (e: chatRoomApi.ServerEvent) => publishToRoom(ctx, { chatId: chat.id, event: e, exceptChatUserId: chatUser.id });
  switch (event.event) {
    case 'NEW_MESSAGE': {
      if (tooFast(c, Date.now())) {
        reply(c, { event: 'FAILED_TO_SEND_MESSAGE', data: { uuid: event.data.uuid, message: 'You are sending messages too quickly, please wait a moment' } });
        return;
      }
      try {
        const { message, published } = await messages.send(c.caller, event.data);
        // Stored, but the room was not told: the sender at least sees it sent (the others catch up).
        if (!published) reply(c, { event: 'NEW_MESSAGE', data: message });
      } catch (error) {
        // Every failure names the message: the sender's client takes it out of "Sending" and says why.
        if (!(error instanceof MessageRefused)) ctx.log.error({ err: error, chatId: chat.id }, 'chat message not stored');
        const reason = error instanceof MessageRefused ? error.message : 'Your message could not be sent, please try again';
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
