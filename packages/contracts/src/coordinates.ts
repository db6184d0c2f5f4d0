/** A place as a body or query string gives it; private to the contracts that take one. */
import { z } from 'zod';

export const Latitude = z.coerce
  .number()
  .min(-90, 'latitude must be between -90 and 90')
  .max(90, 'latitude must be between -90 and 90');
export const Longitude = z.coerce
  .number()
  .min(-180, 'longitude must be between -180 and 180')
  .max(180, 'longitude must be between -180 and 180');
