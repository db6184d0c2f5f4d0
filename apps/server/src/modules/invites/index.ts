import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { createInvitesService } from './invites.service.js';
import { createInviteResponses } from './invite-responses.service.js';
import { registerInviteRoutes } from './invites.routes.js';

export { createInviteResponses, type InviteResponses } from './invite-responses.service.js';
export { hasInvitedColleagues, pendingInvitesFor, targetOf } from './invite-records.js';

export function invitesModule(app: FastifyInstance, ctx: AppContext) {
  registerInviteRoutes(app, ctx, createInvitesService(ctx), createInviteResponses(ctx));
}
