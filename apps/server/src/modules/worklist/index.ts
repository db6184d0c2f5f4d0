import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerWorklistRoutes } from './worklist.routes.js';
import { createWorklistService } from './worklist.service.js';

/** The provider app's home: what waits in a practice, read from the modules that own each part. */
export function worklistModule(app: FastifyInstance, ctx: AppContext) {
  registerWorklistRoutes(app, ctx, createWorklistService(ctx));
}
