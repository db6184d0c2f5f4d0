import type { placesApi } from '@referwell/contracts';
import { createOfflineGeocoder } from './offline.js';
import { createNominatimGeocoder } from './nominatim.js';

export type PlacePrediction = placesApi.PlacePrediction;
export type PlaceDetails = placesApi.PlaceDetails;

/** Turns typed addresses into places, and places into coordinates. */
export interface Geocoder {
  /** At most 10 suggestions, best first; none is an empty list. */
  search(query: string): Promise<PlacePrediction[]>;
  /** The place, or null when there is no such place. */
  details(placeId: string): Promise<PlaceDetails | null>;
}

/** The provider behind a geocoder failed or did not answer; not the caller's fault. */
export class GeocoderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderUnavailableError';
  }
}

export const MAX_PREDICTIONS = 10;

/**
 * The geocoder of this deployment: the offline US ZIP/city one by default; a Nominatim-compatible
 * provider when `url` is set. Place ids the offline geocoder handed out earlier (stored on
 * practices and patients) keep resolving offline either way.
 */
export function createGeocoder(opts: { url?: string; userAgent: string; timeoutMs?: number }): Geocoder {
  const offline = createOfflineGeocoder();
  if (!opts.url) return offline;
  const external = createNominatimGeocoder(opts.url, { userAgent: opts.userAgent, timeoutMs: opts.timeoutMs });
  return {
    search: (query) => external.search(query),
    details: (placeId) => (external.owns(placeId) ? external.details(placeId) : offline.details(placeId)),
  };
}
