import type { FastifyInstance } from 'fastify';
import { contactsApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { createContactsService } from './contacts.service.js';

const ok = { ok: true as const };

export function registerContactRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: ReturnType<typeof createContactsService>,
) {
  route(app, ctx, api.addUserContact, async ({ caller, params, body, client }) => {
    await service.addUserContact(caller, params.id, body.userId, client);
    return ok;
  });
  route(app, ctx, api.removeUserContact, async ({ caller, params, body, client }) => {
    await service.removeUserContact(caller, params.id, body.userId, client);
    return ok;
  });
  route(app, ctx, api.listContacts, ({ caller, query }) => service.list(caller, query));
  route(app, ctx, api.contactUsers, ({ caller, query }) => service.reachable(caller, query));
  route(app, ctx, api.contactPractices, ({ caller, query }) => service.practices(caller, query));
  route(app, ctx, api.addPracticeContact, async ({ caller, params, body, client }) => {
    await service.addPracticeContact(caller, params.id, body.practiceId, client);
    return ok;
  });
  route(app, ctx, api.removePracticeContact, async ({ caller, params, body, client }) => {
    await service.removePracticeContact(caller, params.id, body.practiceId, client);
    return ok;
  });
}
