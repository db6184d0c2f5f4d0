import type { FastifyInstance } from 'fastify';
import { worklistApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { WorklistService } from './worklist.service.js';

export function registerWorklistRoutes(app: FastifyInstance, ctx: AppContext, service: WorklistService) {
  route(app, ctx, worklistApi.practiceWorklist, ({ caller, params, client }) => service.of(caller, params.id, client));
  route(app, ctx, worklistApi.practiceSetup, ({ caller, params }) => service.setup(caller, params.id));
}
