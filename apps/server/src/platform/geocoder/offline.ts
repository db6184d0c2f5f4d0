import { MAX_PREDICTIONS, type Geocoder, type PlaceDetails, type PlacePrediction } from './geocoder.js';

/**
 * A geocoder that needs no network: US ZIP codes and cities from the `zipcodes` data package
 * (about 42,000 ZIPs with their centroids). It places an address at its ZIP's centroid, or at its
 * city's centroid (the average of the city's ZIPs) when no ZIP is given, which is as precise as
 * referral distances need. Place ids: `us-zip:<zip>[:<street>]`, `us-city:<ST>:<City>[:<street>]`.
 */

interface Zip {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

interface City {
  city: string;
  state: string;
  /** Upper-cased name, for matching. */
  key: string;
  zips: number;
  latitude: number;
  longitude: number;
}

interface Index {
  byZip: Map<string, Zip>;
  /** By `<ST>|<CITY>`. */
  byCity: Map<string, City>;
  /** Biggest first (more ZIPs): a rough stand-in for population when ranking. */
  cities: City[];
  stateCodes: Set<string>;
  /** Upper-cased full names to codes, longest first (so "West Virginia" wins over "Virginia"). */
  stateNames: [string, string][];
}

/** Military mail (APO/FPO) has ZIPs but no place on a map. */
const NOT_PLACES = new Set(['AA', 'AE', 'AP']);
const COUNTRY = /^(usa?|u\.s\.a?\.?|united states( of america)?)$/i;
const TRAILING_COUNTRY = /\s+(usa?|united states( of america)?)$/i;
const ZIP_AT_END = /\b(\d{5})(?:-\d{4})?$/;
const MAX_STREET = 120;

let index: Promise<Index> | undefined;

/** Built on first use: loading the package takes a noticeable moment that start-up need not pay. */
function loadIndex(): Promise<Index> {
  return (index ??= import('zipcodes').then(({ default: zipcodes }) => {
    const byZip = new Map<string, Zip>();
    const sums = new Map<string, { city: string; state: string; lat: number; lng: number; n: number }>();
    for (const c of Object.values(zipcodes.codes)) {
      if (c.country !== 'US' || NOT_PLACES.has(c.state) || !c.latitude || !c.longitude) continue;
      byZip.set(c.zip, { zip: c.zip, city: c.city, state: c.state, latitude: c.latitude, longitude: c.longitude });
      const key = `${c.state}|${c.city.toUpperCase()}`;
      const s = sums.get(key) ?? { city: c.city, state: c.state, lat: 0, lng: 0, n: 0 };
      s.lat += c.latitude;
      s.lng += c.longitude;
      s.n += 1;
      sums.set(key, s);
    }
    const byCity = new Map<string, City>();
    for (const [key, s] of sums) {
      byCity.set(key, {
        city: s.city,
        state: s.state,
        key: s.city.toUpperCase(),
        zips: s.n,
        latitude: round(s.lat / s.n),
        longitude: round(s.lng / s.n),
      });
    }
    const stateCodes = new Set([...byZip.values()].map((z) => z.state));
    const stateNames = Object.entries(zipcodes.states.full)
      .filter(([, code]) => stateCodes.has(code))
      .sort((a, b) => b[0].length - a[0].length);
    const cities = [...byCity.values()].sort((a, b) => b.zips - a.zips || a.key.localeCompare(b.key));
    return { byZip, byCity, cities, stateCodes, stateNames };
  }));
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const clean = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- turns control characters in geocoder text into spaces on purpose
    .replace(/[\u0000-\u001f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const street = (text: string) => clean(text).slice(0, MAX_STREET);

function zipPlace(z: Zip, streetText: string): PlacePrediction {
  const locality = `${z.city}, ${z.state} ${z.zip}, USA`;
  return streetText
    ? {
        placeId: `us-zip:${z.zip}:${streetText}`,
        description: `${streetText}, ${locality}`,
        mainText: streetText,
        secondaryText: locality,
      }
    : {
        placeId: `us-zip:${z.zip}`,
        description: locality,
        mainText: z.zip,
        secondaryText: `${z.city}, ${z.state}, USA`,
      };
}

function cityPlace(c: City, streetText: string): PlacePrediction {
  const locality = `${c.city}, ${c.state}, USA`;
  return streetText
    ? {
        placeId: `us-city:${c.state}:${c.city}:${streetText}`,
        description: `${streetText}, ${locality}`,
        mainText: streetText,
        secondaryText: locality,
      }
    : {
        placeId: `us-city:${c.state}:${c.city}`,
        description: locality,
        mainText: c.city,
        secondaryText: `${c.state}, USA`,
      };
}

/** Removes a trailing `word` (case-insensitive, whole words) from `text`, or returns null. */
function withoutSuffix(text: string, word: string): string | null {
  const upper = text.toUpperCase();
  if (upper === word) return '';
  return upper.endsWith(` ${word}`) ? text.slice(0, text.length - word.length - 1).trim() : null;
}

/** A trailing state (code or full name) of `text`: the state and what comes before it. */
function splitState(idx: Index, text: string): { state: string; rest: string } | null {
  const code = /^(.*?)[\s,]*\b([A-Za-z]{2})\.?$/.exec(text);
  if (code && idx.stateCodes.has(code[2].toUpperCase())) return { state: code[2].toUpperCase(), rest: code[1].trim() };
  for (const [name, st] of idx.stateNames) {
    const rest = withoutSuffix(text, name);
    if (rest !== null) return { state: st, rest };
  }
  return null;
}

function searchZip(idx: Index, parts: string[], zipAt: number, zip: Zip): PlacePrediction[] {
  // The ZIP's part reads "[street] [city] [state] 12345": keep only what comes before the locality.
  let head = parts[zipAt].replace(ZIP_AT_END, '').trim();
  const state = splitState(idx, head);
  if (state && state.state === zip.state) head = state.rest;
  head = withoutSuffix(head, zip.city.toUpperCase()) ?? head;
  const before = parts.slice(0, zipAt);
  if (before.length && before[before.length - 1].toUpperCase() === zip.city.toUpperCase()) before.pop();
  return [zipPlace(zip, street([...before, head].filter(Boolean).join(', ')))];
}

function rankCities(candidates: City[], name: string): City[] {
  const exact = candidates.filter((c) => c.key === name);
  const rest = candidates.filter((c) => c.key !== name && c.key.startsWith(name));
  return [...exact, ...rest].slice(0, MAX_PREDICTIONS);
}

function search(idx: Index, query: string): PlacePrediction[] {
  const parts = clean(query)
    .split(',')
    .map((p) => p.replace(TRAILING_COUNTRY, '').trim())
    .filter((p) => p && !COUNTRY.test(p));
  if (!parts.length) return [];

  // A ZIP ends the address, or a part of it ("NY 10118"); a house number does not.
  for (let i = parts.length - 1; i >= 0; i--) {
    const found = ZIP_AT_END.exec(parts[i]);
    if (!found) continue;
    const zip = idx.byZip.get(found[1]);
    return zip ? searchZip(idx, parts, i, zip) : [];
  }

  const last = parts[parts.length - 1];
  // "City, ST", "City ST", "City, State", possibly after a street: "1 Main St, Springfield, IL".
  let located = splitState(idx, last);
  let cityText: string;
  let streetParts: string[];
  if (located && located.rest) {
    cityText = located.rest;
    streetParts = parts.slice(0, -1);
  } else if (located && parts.length > 1) {
    cityText = parts[parts.length - 2]!;
    streetParts = parts.slice(0, -2);
  } else if (parts.length > 1 && /^[A-Za-z]{1,2}$/.test(last)) {
    // "Chicago, I": the state is still being typed.
    const typed = last.toUpperCase();
    const name = parts[parts.length - 2].toUpperCase();
    const found = idx.cities.filter((c) => c.state.startsWith(typed) && c.key.startsWith(name));
    return rankCities(found, name).map((c) => cityPlace(c, street(parts.slice(0, -2).join(', '))));
  } else {
    located = null;
    cityText = last;
    streetParts = parts.slice(0, -1);
  }
  const name = cityText.toUpperCase();
  const streetText = street(streetParts.join(', '));
  if (located) {
    const exact = idx.byCity.get(`${located.state}|${name}`);
    if (exact) return [cityPlace(exact, streetText)];
    return rankCities(
      idx.cities.filter((c) => c.state === located.state),
      name,
    ).map((c) => cityPlace(c, streetText));
  }
  return rankCities(idx.cities, name).map((c) => cityPlace(c, streetText));
}

function details(idx: Index, placeId: string): PlaceDetails | null {
  const zipId = /^us-zip:(\d{5})(?::(.*))?$/s.exec(placeId);
  if (zipId) {
    const z = idx.byZip.get(zipId[1]);
    if (!z) return null;
    const place = zipPlace(z, street(zipId[2] ?? ''));
    return {
      placeId: place.placeId,
      formattedAddress: place.description,
      latitude: z.latitude,
      longitude: z.longitude,
      city: z.city,
      state: z.state,
      zip: z.zip,
      country: 'US',
    };
  }
  const cityId = /^us-city:([A-Z]{2}):([^:]+)(?::(.*))?$/s.exec(placeId);
  if (cityId) {
    const c = idx.byCity.get(`${cityId[1]}|${cityId[2].toUpperCase()}`);
    if (!c) return null;
    const place = cityPlace(c, street(cityId[3] ?? ''));
    return {
      placeId: place.placeId,
      formattedAddress: place.description,
      latitude: c.latitude,
      longitude: c.longitude,
      city: c.city,
      state: c.state,
      zip: null,
      country: 'US',
    };
  }
  return null;
}

export function createOfflineGeocoder(): Geocoder {
  return {
    search: async (query) => search(await loadIndex(), query),
    details: async (placeId) => details(await loadIndex(), placeId),
  };
}
