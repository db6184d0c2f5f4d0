import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { createRealtimeLimits } from '../../platform/realtime/limits.js';
import { registerChatRoutes } from './chats.routes.js';
import { registerChatRoomRoutes } from './chat-room.routes.js';
import { createChatsService, STAFF_TOKEN_TTL_MS } from './chats.service.js';
import { createChatCreationService } from './chat-creation.service.js';
import { createChatRoomService } from './chat-room.service.js';
import { createChatLinksService } from './chat-links.service.js';
import { createChatMessages } from './chat-messages.js';
import { registerChatSocket } from './chat-socket.js';
import { registerChatJobs } from './chat-jobs.js';
import { registerUnreadCounter } from '../unread/index.js';
import { registerPushSource } from '../events/index.js';
import { unreadChats } from './chats-unread.js';
import { chatPushSource } from './chat-push.js';

export { callerSeesChat } from './chat-access.js';
export { createChatCreationService, type ChatCreationService } from './chat-creation.service.js';
export { unreadChatsOf } from './chat-worklist.js';

/**
 * Chats (spec 3): the provider app's chat calls, the chat service a room token opens (calls and
 * WebSocket), and the jobs behind them (texted invitations, link previews, notifications).
 */
export function chatsModule(app: FastifyInstance, ctx: AppContext) {
  // A socket lives no longer than its token (the periodic check closes it then).
  const limits = createRealtimeLimits(ctx.config, ctx.log, {
    holderTtlMs: Math.max(STAFF_TOKEN_TTL_MS, ctx.config.chatLinkTtlMs),
  });
  app.addHook('onClose', () => limits.close());
  registerChatRoutes(app, ctx, createChatsService(ctx), createChatCreationService(ctx), createChatLinksService(ctx));
  registerChatRoomRoutes(app, ctx, createChatRoomService(ctx));
  registerChatSocket(app, ctx, createChatMessages(ctx), limits);
  registerChatJobs(ctx);
  registerUnreadCounter(ctx, unreadChats);
  registerPushSource(ctx, chatPushSource);
}
