import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { chatRoomApi } from '@referwell/contracts';
import { SESSIONS_ENDED, type AppContext, type SessionsEnded } from '../../core/index.js';
import { roomCallers, type RoomCaller, type RoomClaim } from './chat-access.js';
import { verifyRoomToken } from '../../platform/auth/room-tokens.js';
import { AppError } from '../../platform/errors.js';
import { socketOriginAllowed } from '../../platform/realtime/origin.js';
import type { RealtimeLimits } from '../../platform/realtime/limits.js';
import {
  CHAT_ROOM_EVENT,
  CHAT_ROOM_KICK,
  CHAT_SOCKETS_REPLACED,
  publishToRoom,
  type RoomEvent,
  type RoomKick,
  type SocketsReplaced,
} from './chat-events.js';
import type { ChatMessages } from './chat-messages.js';
import { handleClientEvent, participantKey } from './chat-socket-events.js';
import { fileScannedInChats } from './chat-files-scanned.js';

/** One participant's open socket. */
export interface RoomConnection {
  id: string;
  socket: WebSocket;
  token: string;
  /** The participant and what issued the token (a session, or a texted link's generation). */
  claim: RoomClaim;
  caller: RoomCaller;
  alive: boolean;
}

const send = (socket: WebSocket, event: chatRoomApi.ServerEvent) => socket.send(JSON.stringify(event));

/**
 * The chat room's WebSocket (spec 3 §4, §7): `?token=&room=`, JSON `{ event, data }`. Everything
 * a room hears comes through the bus (CHAT_ROOM_EVENT), so participants on other instances hear
 * it too; presence is shared the same way. A token that is invalid, expired or no longer any
 * use (the participant left, or left the practice, the session that fetched it ended, the link
 * was revoked) closes the socket with 4000. A participant holds at most
 * CHAT_SOCKETS_PER_PARTICIPANT sockets across instances; a newer one closes the oldest with
 * CHAT_SOCKET_REPLACED.
 */
export function registerChatSocket(
  app: FastifyInstance,
  ctx: AppContext,
  messages: ChatMessages,
  limits: RealtimeLimits,
) {
  const rooms = new Map<number, Set<RoomConnection>>();
  const byId = new Map<string, RoomConnection>();

  function deliver(chatId: number, event: chatRoomApi.ServerEvent, only?: (c: RoomConnection) => boolean) {
    const text = JSON.stringify(event);
    for (const c of rooms.get(chatId) ?? []) if (!only || only(c)) c.socket.send(text);
  }

  ctx.bus.subscribe(CHAT_ROOM_EVENT, (payload) => {
    const { chatId, event, toChatUserId, exceptChatUserId } = payload as RoomEvent;
    deliver(
      chatId,
      event,
      (c) =>
        (toChatUserId === undefined || c.caller.chatUser.id === toChatUserId) &&
        c.caller.chatUser.id !== exceptChatUserId,
    );
  });
  ctx.bus.subscribe(CHAT_ROOM_KICK, (payload) => {
    const { chatId, chatUserIds } = payload as RoomKick;
    for (const c of rooms.get(chatId) ?? []) if (chatUserIds.includes(c.caller.chatUser.id)) unauthorized(c.socket);
  });
  // Every instance closes the sockets it holds on tokens of sessions that ended anywhere.
  ctx.bus.subscribe(SESSIONS_ENDED, (payload) => {
    const ended = new Set((payload as SessionsEnded).sessionIds);
    for (const c of byId.values())
      if ('session' in c.claim.binding && ended.has(c.claim.binding.session)) unauthorized(c.socket);
  });
  ctx.bus.subscribe(CHAT_SOCKETS_REPLACED, (payload) => {
    for (const id of (payload as SocketsReplaced).connectionIds) {
      const c = byId.get(id);
      if (c) c.socket.close(chatRoomApi.CHAT_SOCKET_REPLACED, 'The chat was opened in another window');
    }
  });
  // Scan results reach every instance; each tells the rooms it holds (chat-files-scanned.ts).
  fileScannedInChats(ctx, (chatId) => rooms.has(chatId), deliver);

  function unauthorized(socket: WebSocket) {
    send(socket, { event: 'UNAUTHORIZED', data: { message: 'Your access to this chat has expired' } });
    socket.close(chatRoomApi.CHAT_SOCKET_UNAUTHORIZED, 'Invalid or expired token');
  }

  async function join(c: RoomConnection) {
    const { chat, chatUser } = c.caller;
    const wasOnline = await ctx.presence.isOnline(chat.id, chatUser.id);
    await ctx.presence.add(chat.id, c.id, chatUser.id);
    send(c.socket, { event: 'ONLINE_USERS', data: { chatUserIds: await ctx.presence.online(chat.id) } });
    if (!wasOnline) {
      await publishToRoom(ctx, {
        chatId: chat.id,
        event: { event: 'USER_CONNECTED', data: { chatUserId: chatUser.id, name: chatUser.name } },
        exceptChatUserId: chatUser.id,
      });
    }
    // Once this one is present, so that the one it pushes out does not announce them gone.
    const replaced = await limits.connections.open(
      participantKey(chatUser.id),
      c.id,
      ctx.config.chatSocketsPerParticipant,
    );
    if (replaced.length)
      await ctx.bus.publish(CHAT_SOCKETS_REPLACED, { connectionIds: replaced } satisfies SocketsReplaced);
  }

  async function leave(c: RoomConnection) {
    const { chat, chatUser } = c.caller;
    rooms.get(chat.id)?.delete(c);
    if (rooms.get(chat.id)?.size === 0) rooms.delete(chat.id);
    byId.delete(c.id);
    await limits.connections.close(participantKey(chatUser.id), c.id);
    await ctx.presence.remove(chat.id, c.id);
    if (!(await ctx.presence.isOnline(chat.id, chatUser.id))) {
      const who = { chatUserId: chatUser.id, name: chatUser.name };
      await publishToRoom(ctx, { chatId: chat.id, event: { event: 'USER_STOPPED_TYPING', data: who } });
      await publishToRoom(ctx, { chatId: chat.id, event: { event: 'USER_DISCONNECTED', data: who } });
    }
  }

  /**
   * Every open socket's token is checked again now and then (and the socket pinged): access can
   * end while connected. All of them in two queries: one query per socket would queue thousands
   * ahead of the messages on the pool (the chat bench measured a 2 s stall at 5,000 sockets).
   */
  async function recheckAll() {
    const now = ctx.clock.now().getTime();
    const live: RoomConnection[] = [];
    for (const room of rooms.values()) {
      for (const c of room) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
        if (verifyRoomToken(ctx.secrets.sessionSecret, c.token, now)) live.push(c);
        else unauthorized(c.socket);
      }
    }
    const callers = await roomCallers(
      ctx.db,
      live.map((c) => c.claim),
      ctx.sessions.idleMs,
    );
    live.forEach((c, i) => {
      const caller = callers[i];
      if (!caller || caller.chat.id !== c.caller.chat.id) unauthorized(c.socket);
      else c.caller = caller;
    });
  }
  let rechecking = false;
  const timer = setInterval(() => {
    // A slow check is not started again on top of itself.
    if (rechecking) return;
    rechecking = true;
    recheckAll()
      .catch((err: unknown) => ctx.log.warn({ err }, 'chat socket recheck failed'))
      .finally(() => {
        rechecking = false;
      });
  }, ctx.config.socketCheckMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      if (!socketOriginAllowed(ctx.config, request))
        throw new AppError('FORBIDDEN', 'This origin may not open the chat socket');
    });
    scope.get(chatRoomApi.CHAT_SOCKET_PATH, { websocket: true, schema: { hide: true } }, async (socket, request) => {
      const query = request.query as Record<string, unknown>;
      const token = typeof query.token === 'string' ? query.token : '';
      // One event at a time, in the order sent (two quick messages are stored in order); events
      // that arrive while the token is being checked wait in the same line.
      let line: Promise<unknown> = Promise.resolve();
      let ready: (c: RoomConnection | null) => void;
      const connection = new Promise<RoomConnection | null>((resolve) => (ready = resolve));
      socket.on('message', (raw) => {
        line = line.then(async () => {
          const c = await connection;
          if (!c) return;
          // A message's own failure is answered with FAILED_TO_SEND_MESSAGE, naming it; this is for the rest.
          await handleClientEvent(ctx, messages, limits.flood, c, (raw as Buffer).toString()).catch((err: unknown) => {
            ctx.log.error({ err, chatId: c.caller.chat.id }, 'chat socket event failed');
            send(socket, { event: 'ERROR', data: { message: 'Something went wrong, please try again' } });
          });
        });
      });
      const claim = token ? verifyRoomToken(ctx.secrets.sessionSecret, token, ctx.clock.now().getTime()) : null;
      const [caller] = claim ? await roomCallers(ctx.db, [claim], ctx.sessions.idleMs) : [];
      if (!claim || !caller || caller.chat.room !== query.room) {
        ready!(null);
        unauthorized(socket);
        return;
      }
      const c: RoomConnection = { id: randomUUID(), socket, token, claim, caller, alive: true };
      const room = rooms.get(caller.chat.id) ?? new Set();
      rooms.set(caller.chat.id, room);
      room.add(c);
      byId.set(c.id, c);
      socket.on('pong', () => {
        c.alive = true;
      });
      socket.on('close', () => {
        leave(c).catch((err: unknown) => ctx.log.warn({ err }, 'chat socket leave failed'));
      });
      await join(c);
      ready!(c);
    });
  });
}
