import type { FastifyInstance } from 'fastify';
import { networksApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { NetworksService } from './networks.service.js';

export function registerNetworkRoutes(app: FastifyInstance, ctx: AppContext, service: NetworksService) {
  route(app, ctx, networksApi.createNetwork, ({ caller, body }) => service.create(caller, body));
  route(app, ctx, networksApi.updateNetwork, ({ caller, params, body }) => service.update(caller, params.id, body));
  route(app, ctx, networksApi.orderNetwork, ({ caller, params, body }) =>
    service.reorder(caller, params.id, body.order),
  );
  route(app, ctx, networksApi.addNetworkPractice, ({ caller, params, body }) =>
    service.addPractice(caller, params.id, body.practiceId),
  );
  route(app, ctx, networksApi.removeNetworkPractice, ({ caller, params, body }) =>
    service.removePractice(caller, params.id, body.practiceId),
  );
  route(app, ctx, networksApi.addNetworkProvider, ({ caller, params, body }) =>
    service.addProvider(caller, params.id, body.userId, body.practiceId),
  );
  route(app, ctx, networksApi.removeNetworkProvider, ({ caller, params, body }) =>
    service.removeProvider(caller, params.id, body.userId),
  );
  route(app, ctx, networksApi.deleteNetwork, ({ caller, params }) => service.remove(caller, params.id));
  route(app, ctx, networksApi.getNetwork, ({ caller, params }) => service.get(caller, params.id));
  route(app, ctx, networksApi.practiceNetworks, ({ caller, params }) => service.ofPractice(caller, params.id));
  route(app, ctx, networksApi.userNetworks, ({ caller, params }) => service.ofUser(caller, params.id));
}
