import type { FastifyInstance } from 'fastify';
import { chatRoomApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { clientOf } from '../auth/auth.routes.js';
import { resolveRoomCaller } from './chat-access.js';
import type { ChatRoomService } from './chat-room.service.js';

/** The chat service's calls (spec 3 §7), with the room token as the bearer token. */
export function registerChatRoomRoutes(app: FastifyInstance, appCtx: AppContext, service: ChatRoomService) {
  // route() resolves the room token of these calls with the context's `rooms`; what a token opens
  // is this module's to say, so it adds the resolver here rather than platform importing it.
  const ctx = { ...appCtx, rooms: (token: string) => resolveRoomCaller(appCtx, token) };
  route(app, ctx, api.loadChat, ({ room, params, request }) => service.load(room, params.chatId, clientOf(request)));
  route(app, ctx, api.roomMessages, ({ room, params, query, request }) => service.messages(room, params.chatId, query, clientOf(request)));
  route(app, ctx, api.messageReceipts, ({ room, params }) => service.receipts(room, params.messageId));
  route(app, ctx, api.createChatFile, ({ room, params, body, request }) => service.createFile(room, params.chatId, body, clientOf(request)));
  route(app, ctx, api.chatFile, ({ room, params, request }) => service.file(room, params.fileId, clientOf(request)));
  route(app, ctx, api.deleteChatFile, async ({ room, params, request }) => {
    await service.deleteFile(room, params.fileId, clientOf(request));
    return { ok: true as const };
  });
}
