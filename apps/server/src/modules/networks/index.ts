import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerNetworkRoutes } from './networks.routes.js';
import { createNetworksService } from './networks.service.js';

export function networksModule(app: FastifyInstance, ctx: AppContext) {
  registerNetworkRoutes(app, ctx, createNetworksService(ctx));
}
