import type { FastifyInstance } from 'fastify';
import { apiKeysApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { createApiKeysService } from './api-keys.service.js';

export function registerApiKeyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: ReturnType<typeof createApiKeysService>,
) {
  route(app, ctx, apiKeysApi.createApiKey, ({ caller, body }) => service.create(caller, body));
  route(app, ctx, apiKeysApi.updateApiKey, ({ caller, params, body }) => service.update(caller, params.id, body));
  route(app, ctx, apiKeysApi.listApiKeys, ({ caller, params }) => service.list(caller, params.id));
}
