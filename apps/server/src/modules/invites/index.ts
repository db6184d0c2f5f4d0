import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { createInvitesService } from './invites.service.js';
import { createInviteResponses } from './invite-responses.service.js';
import { registerInviteRoutes } from './invites.routes.js';

export function invitesModule(app: FastifyInstance, ctx: AppContext) {
  registerInviteRoutes(app, ctx, createInvitesService(ctx), createInviteResponses(ctx));
}
