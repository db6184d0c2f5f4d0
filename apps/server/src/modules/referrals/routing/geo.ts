/** Great-circle distances for matching. Miles, since radii and practices' limits are in miles. */

const EARTH_RADIUS_MILES = 3958.8;
/** Miles per degree of latitude (and of longitude at the equator), rounded down so boxes err wide. */
const MILES_PER_DEGREE = 69;

export interface Point {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in miles. */
export function distanceMiles(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  /** Null when the box reaches a pole or crosses the antimeridian: then only latitude narrows. */
  longitude: { min: number; max: number } | null;
}

/**
 * A latitude/longitude box holding every point within `miles` of `center`, slightly larger than
 * the circle. It lets the database discard far practices with plain comparisons before the exact
 * distance is computed for the few left.
 */
export function boundingBox(center: Point, miles: number): BoundingBox {
  const dLat = miles / MILES_PER_DEGREE;
  const minLatitude = center.latitude - dLat;
  const maxLatitude = center.latitude + dLat;
  if (minLatitude <= -90 || maxLatitude >= 90) return { minLatitude, maxLatitude, longitude: null };
  // Meridians converge: a degree of longitude is shortest at the box's edge nearest a pole.
  const widest = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  const dLng = miles / (MILES_PER_DEGREE * Math.cos(radians(widest)));
  const min = center.longitude - dLng;
  const max = center.longitude + dLng;
  return { minLatitude, maxLatitude, longitude: min < -180 || max > 180 ? null : { min, max } };
}
