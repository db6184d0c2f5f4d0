import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerChatRoutes } from './chats.routes.js';
import { registerChatRoomRoutes } from './chat-room.routes.js';
import { createChatsService } from './chats.service.js';
import { createChatCreationService } from './chat-creation.service.js';
import { createChatRoomService } from './chat-room.service.js';
import { createChatMessages } from './chat-messages.js';
import { registerChatSocket } from './chat-socket.js';
import { registerChatJobs } from './chat-jobs.js';

/**
 * Chats (spec 3): the provider app's chat calls, the chat service a room token opens (calls and
 * WebSocket), and the jobs behind them (texted invitations, link previews, notifications).
 */
export function chatsModule(app: FastifyInstance, ctx: AppContext) {
  registerChatRoutes(app, ctx, createChatsService(ctx), createChatCreationService(ctx));
  registerChatRoomRoutes(app, ctx, createChatRoomService(ctx));
  registerChatSocket(app, ctx, createChatMessages(ctx));
  registerChatJobs(ctx);
}
