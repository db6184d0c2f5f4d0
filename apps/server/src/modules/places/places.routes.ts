import type { FastifyInstance } from 'fastify';
import { placesApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { createPlacesService } from './places.service.js';

export function registerPlacesRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: ReturnType<typeof createPlacesService>,
) {
  const lookups = { rateLimitPerMinute: ctx.config.lookupRateLimitPerMinute };
  route(app, ctx, placesApi.searchAddress, ({ query }) => service.search(query.q), lookups);
  route(app, ctx, placesApi.placeDetails, ({ query }) => service.details(query.placeId), lookups);
}
