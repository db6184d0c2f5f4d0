import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Address search and place details (spec 1 §7 Unread, places and misc; spec 2 §3, §7). */

const tags = ['Places'];

/** What the spec's clients show when an address cannot be looked up. */
export const FAILED_TO_FIND_LOCATION = 'Failed to find location';

/** One suggestion while typing an address (spec 2 §3 Address suggestion). */
export const PlacePrediction = z.object({
  placeId: z.string(),
  description: z.string(),
  mainText: z.string(),
  secondaryText: z.string(),
});
export type PlacePrediction = z.infer<typeof PlacePrediction>;

/** Where a place is; `zip` is null for a whole city. */
export const PlaceDetails = z.object({
  placeId: z.string(),
  formattedAddress: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});
export type PlaceDetails = z.infer<typeof PlaceDetails>;

export const searchAddress = endpoint({
  method: 'GET',
  path: '/api/v1/search/address',
  summary: 'Suggest places for what has been typed of an address (at most 10)',
  tags,
  auth: 'user',
  query: z.object({
    q: z
      .string({ error: 'Address query must be at least 1 character' })
      .trim()
      .min(1, 'Address query must be at least 1 character')
      .max(200, 'Address query must be at most 200 characters'),
  }),
  response: z.array(PlacePrediction),
});

export const placeDetails = endpoint({
  method: 'GET',
  path: '/api/v1/extensions/placedetails',
  summary: 'Where a suggested place is: formatted address and coordinates',
  tags,
  auth: 'user',
  query: z.object({
    placeId: z.string({ error: 'placeId is required' }).trim().min(1, 'placeId is required').max(300),
  }),
  response: PlaceDetails,
});
