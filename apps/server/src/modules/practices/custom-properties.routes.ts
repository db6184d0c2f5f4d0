import type { FastifyInstance } from 'fastify';
import { customPropertiesApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { createCustomPropertiesService } from './custom-properties.service.js';

export function registerCustomPropertyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: ReturnType<typeof createCustomPropertiesService>,
) {
  route(app, ctx, api.createDefinition, ({ caller, params, body, client }) =>
    service.create(caller, params.id, body, client),
  );
  route(app, ctx, api.listDefinitions, ({ caller, params }) => service.list(caller, params.id));
  route(app, ctx, api.updateDefinition, ({ caller, params, body, client }) =>
    service.update(caller, params.id, params.propertyId, body, client),
  );
  route(app, ctx, api.deleteDefinition, async ({ caller, params, client }) => {
    await service.remove(caller, params.id, params.propertyId, client);
    return { ok: true as const };
  });
  route(app, ctx, api.getValues, ({ caller, params, query }) => service.values(caller, params.id, query.userId));
  route(app, ctx, api.setValues, ({ caller, params, body, client }) =>
    service.setValues(caller, params.id, body.userId, body.values, client),
  );
}
