import {
  GeocoderUnavailableError,
  MAX_PREDICTIONS,
  type Geocoder,
  type PlaceDetails,
  type PlacePrediction,
} from './geocoder.js';

/**
 * A Nominatim-compatible geocoder (OpenStreetMap's Nominatim, or a provider speaking its API):
 * `/search?format=jsonv2&q=` and `/lookup?format=jsonv2&osm_ids=`. Place ids are the OSM object,
 * `osm:N123` (node), `osm:W123` (way) or `osm:R123` (relation), which `/lookup` takes back.
 */

interface NominatimPlace {
  osm_type?: string;
  osm_id?: number | string;
  lat?: string;
  lon?: string;
  name?: string;
  display_name?: string;
  address?: Record<string, string | undefined>;
}

const PLACE_ID = /^osm:([NWR])(\d{1,19})$/;
const OSM_TYPES: Record<string, string> = { node: 'N', way: 'W', relation: 'R' };

function placeIdOf(p: NominatimPlace): string | null {
  const type = p.osm_type ? OSM_TYPES[p.osm_type] : undefined;
  return type && p.osm_id !== undefined && /^\d+$/.test(String(p.osm_id)) ? `osm:${type}${p.osm_id}` : null;
}

function toPrediction(p: NominatimPlace): PlacePrediction | null {
  const placeId = placeIdOf(p);
  const description = p.display_name?.trim();
  if (!placeId || !description) return null;
  const a = p.address ?? {};
  const streetLine = [a.house_number, a.road].filter(Boolean).join(' ');
  const mainText = p.name?.trim() || streetLine || description.split(',')[0].trim();
  const secondaryText = description.startsWith(mainText)
    ? description.slice(mainText.length).replace(/^[\s,]+/, '')
    : description;
  return { placeId, description, mainText, secondaryText };
}

function toDetails(p: NominatimPlace): PlaceDetails | null {
  const placeId = placeIdOf(p);
  const latitude = Number(p.lat);
  const longitude = Number(p.lon);
  if (!placeId || !p.display_name || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const a = p.address ?? {};
  // US states come as "US-IL" in the ISO field; elsewhere the state's name is kept.
  const iso = a['ISO3166-2-lvl4'];
  return {
    placeId,
    formattedAddress: p.display_name,
    latitude,
    longitude,
    city: a.city ?? a.town ?? a.village ?? a.hamlet ?? a.municipality ?? null,
    state: iso?.startsWith('US-') ? iso.slice(3) : (a.state ?? null),
    zip: a.postcode ?? null,
    country: a.country_code ? a.country_code.toUpperCase() : null,
  };
}

export function createNominatimGeocoder(
  baseUrl: string,
  opts: { userAgent: string; timeoutMs?: number },
): Geocoder & { owns(placeId: string): boolean } {
  const base = baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 5_000;

  async function get(path: string, params: Record<string, string>): Promise<NominatimPlace[]> {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries({ format: 'jsonv2', addressdetails: '1', ...params }))
      url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': opts.userAgent },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new GeocoderUnavailableError(`the geocoder at ${url.host} did not answer`, { cause: err });
    }
    if (!res.ok) throw new GeocoderUnavailableError(`the geocoder at ${url.host} answered ${res.status}`);
    const body: unknown = await res.json().catch(() => null);
    if (!Array.isArray(body))
      throw new GeocoderUnavailableError(`the geocoder at ${url.host} sent something other than a list`);
    return body as NominatimPlace[];
  }

  return {
    owns: (placeId) => placeId.startsWith('osm:'),
    async search(query) {
      const places = await get('/search', { q: query, limit: String(MAX_PREDICTIONS) });
      return places
        .map(toPrediction)
        .filter((p): p is PlacePrediction => p !== null)
        .slice(0, MAX_PREDICTIONS);
    },
    async details(placeId) {
      const id = PLACE_ID.exec(placeId);
      if (!id) return null;
      const [place] = await get('/lookup', { osm_ids: `${id[1]}${id[2]}` });
      return place ? toDetails(place) : null;
    },
  };
}
