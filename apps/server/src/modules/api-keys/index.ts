import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { createApiKeysService } from './api-keys.service.js';
import { registerApiKeyRoutes } from './api-keys.routes.js';

export function apiKeysModule(app: FastifyInstance, ctx: AppContext) {
  registerApiKeyRoutes(app, ctx, createApiKeysService(ctx));
}
