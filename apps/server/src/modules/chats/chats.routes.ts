import type { FastifyInstance } from 'fastify';
import { chatsApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { ChatsService } from './chats.service.js';
import type { ChatCreationService } from './chat-creation.service.js';
import type { ChatLinksService } from './chat-links.service.js';

export function registerChatRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  chats: ChatsService,
  creation: ChatCreationService,
  links: ChatLinksService,
) {
  // A GET that may put the caller in a practice chat: CSRF-checked like a POST.
  route(
    app,
    ctx,
    api.chatToken,
    ({ caller, params, query, client }) => chats.token(caller, params.id, query.practiceId, client),
    { changesState: true },
  );
  route(app, ctx, api.listChats, ({ caller, query }) => chats.list(caller, query));
  route(app, ctx, api.unreadChats, ({ caller, query }) => chats.unread(caller, query.practiceId));
  route(app, ctx, api.unreadChatCount, ({ caller, query }) => chats.unreadCount(caller, query.practiceId));
  route(app, ctx, api.chatByRoom, ({ caller, params, query }) => chats.byRoom(caller, params.room, query.practiceId));
  route(app, ctx, api.chatMessages, ({ caller, params, query, client }) =>
    chats.messages(caller, params.id, query, client),
  );
  route(app, ctx, api.conversation, ({ caller, params, query, client }) =>
    chats.conversation(caller, params.id, query.practiceId, client),
  );
  route(app, ctx, api.userChats, ({ caller, params, query }) => chats.userChats(caller, params.id, query));
  route(app, ctx, api.practiceChats, ({ caller, params, query }) => chats.practiceChats(caller, params.id, query));
  route(app, ctx, api.patientChats, ({ caller, params, query, client }) =>
    chats.patientChats(caller, params.id, query.practiceId, client),
  );

  route(app, ctx, api.createChat, ({ caller, body, client }) => creation.create(caller, body, client));
  route(app, ctx, api.openPracticeChat, ({ caller, params, body, client }) =>
    creation.openWithPractice(caller, params.id, body.practiceId, client),
  );
  route(app, ctx, api.createPatientChat, ({ caller, params, body, client }) =>
    creation.openWithPatient(caller, params.id, body.practiceId, client),
  );

  route(app, ctx, api.updateChatUsers, ({ caller, params, body, client }) =>
    chats.setUsers(caller, params.id, body.practiceId, body.users, client),
  );
  route(app, ctx, api.closeChat, ({ caller, params, body, client }) =>
    chats.close(caller, params.id, body.practiceId, client),
  );
  route(app, ctx, api.muteChat, ({ caller, params, body }) =>
    chats.mute(caller, params.id, body.practiceId, body.mute),
  );
  route(app, ctx, api.leaveChat, async ({ caller, params, body, client }) => {
    await chats.leave(caller, params.id, body.practiceId, client);
    return { ok: true as const };
  });
  route(app, ctx, api.revokeChatLink, async ({ caller, params, body, client }) => {
    await links.revoke(caller, params.id, body.practiceId, body.sendNewLink, client);
    return { ok: true as const };
  });
  route(app, ctx, api.sendChatLink, async ({ caller, params, body, client }) => {
    await links.send(caller, params.id, body.practiceId, client);
    return { ok: true as const };
  });
}
