import { placesApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { GeocoderUnavailableError, type Geocoder } from '../../platform/geocoder/geocoder.js';

/** Address search and place details (spec 1 §7 Unread, places and misc). */
export function createPlacesService(ctx: AppContext, geocoder: Geocoder) {
  /** A provider that fails is logged and answered 502 with the message clients show. */
  async function guarded<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof GeocoderUnavailableError) {
        ctx.log.warn({ err }, `geocoder ${what} failed`);
        throw new AppError('BAD_GATEWAY', placesApi.FAILED_TO_FIND_LOCATION);
      }
      throw err;
    }
  }

  return {
    search: (q: string) => guarded('search', () => geocoder.search(q)),

    async details(placeId: string): Promise<placesApi.PlaceDetails> {
      const place = await guarded('details', () => geocoder.details(placeId));
      if (!place) throw new AppError('NOT_FOUND', placesApi.FAILED_TO_FIND_LOCATION);
      return place;
    },
  };
}
