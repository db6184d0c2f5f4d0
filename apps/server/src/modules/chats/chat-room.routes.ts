import type { FastifyInstance } from 'fastify';
import { chatRoomApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { bearerTokenOf, route } from '../../platform/http.js';
import { resolveRoomCaller } from './chat-access.js';
import type { ChatRoomService } from './chat-room.service.js';

/** The chat service's calls (spec 3 §7), with the room token as the bearer token. */
export function registerChatRoomRoutes(app: FastifyInstance, appCtx: AppContext, service: ChatRoomService) {
  // route() resolves the room token of these calls with the context's `rooms`; what a token opens
  // is this module's to say, so it adds the resolver here rather than platform importing it.
  const ctx = { ...appCtx, rooms: (token: string) => resolveRoomCaller(appCtx, token) };
  // Public: the service checks the token's signature itself, expired or revoked (see the contract).
  route(app, ctx, api.roomBranding, ({ request, params }) =>
    service.branding(params.chatId, bearerTokenOf(request) ?? ''),
  );
  route(app, ctx, api.loadChat, ({ room, params, client }) => service.load(room, params.chatId, client));
  route(app, ctx, api.roomMessages, ({ room, params, query, client }) =>
    service.messages(room, params.chatId, query, client),
  );
  route(app, ctx, api.messageReceipts, ({ room, params }) => service.receipts(room, params.messageId));
  route(app, ctx, api.createChatFile, ({ room, params, body, client }) =>
    service.createFile(room, params.chatId, body, client),
  );
  route(app, ctx, api.chatFile, ({ room, params, client }) => service.file(room, params.fileId, client));
  route(app, ctx, api.deleteChatFile, async ({ room, params, client }) => {
    await service.deleteFile(room, params.fileId, client);
    return { ok: true as const };
  });
}
