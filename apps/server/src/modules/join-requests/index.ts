import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { createInviteResponses } from '../invites/index.js';
import { createJoinRequestsService } from './join-requests.service.js';
import { createPracticeJoinService } from './practice-join.service.js';
import { registerJoinRequestRoutes } from './join-requests.routes.js';

export function joinRequestsModule(app: FastifyInstance, ctx: AppContext) {
  const requests = createJoinRequestsService(ctx);
  registerJoinRequestRoutes(app, ctx, requests, createPracticeJoinService(ctx, requests, createInviteResponses(ctx)));
}
