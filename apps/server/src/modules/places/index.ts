import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { createGeocoder } from '../../platform/geocoder/geocoder.js';
import { registerPlacesRoutes } from './places.routes.js';
import { createPlacesService } from './places.service.js';

export type PlacesService = ReturnType<typeof createPlacesService>;

/** The places service on this deployment's geocoder; other modules resolve place ids through it. */
export function createPlaces(ctx: AppContext): PlacesService {
  const geocoder = createGeocoder({ url: ctx.config.geocoderUrl, userAgent: `Referwell (${ctx.config.publicUrl})` });
  return createPlacesService(ctx, geocoder);
}

export function placesModule(app: FastifyInstance, ctx: AppContext) {
  registerPlacesRoutes(app, ctx, createPlaces(ctx));
}
