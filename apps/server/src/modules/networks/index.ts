import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerNetworkRoutes } from './networks.routes.js';
import { createNetworksService } from './networks.service.js';

export {
  addNetworkPractice,
  forgetNetworkProvider,
  inAnyNetwork,
  inNetworkOrOwner,
  networkById,
  networkStanding,
  networkTiersOf,
  type NetworkTier,
} from './network-membership.js';
export type { NetworkRow } from './network-views.js';

export function networksModule(app: FastifyInstance, ctx: AppContext) {
  registerNetworkRoutes(app, ctx, createNetworksService(ctx));
}
