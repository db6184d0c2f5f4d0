import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { createGeocoder } from '../../platform/geocoder/geocoder.js';
import { registerPlacesRoutes } from './places.routes.js';
import { createPlacesService } from './places.service.js';

export function placesModule(app: FastifyInstance, ctx: AppContext) {
  const geocoder = createGeocoder({ url: ctx.config.geocoderUrl, userAgent: `Referwell (${ctx.config.publicUrl})` });
  registerPlacesRoutes(app, ctx, createPlacesService(ctx, geocoder));
}
