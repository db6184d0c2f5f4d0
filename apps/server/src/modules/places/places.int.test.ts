import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, signedInAs } from '../../test/client.js';
import { createUser } from '../../test/factories.js';
import { GeocoderUnavailableError } from '../../platform/geocoder/geocoder.js';
import { createNominatimGeocoder } from '../../platform/geocoder/nominatim.js';

/** A stand-in for a Nominatim server: answers what `respond` says and remembers what it was asked. */
function fakeNominatim() {
  const asked: { url: URL; headers: IncomingHttpHeaders }[] = [];
  let respond: (url: URL, res: ServerResponse) => void = (_url, res) => res.end('[]');
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://geocoder.test');
    asked.push({ url, headers: req.headers });
    respond(url, res);
  });
  return {
    asked,
    answer(fn: typeof respond) {
      respond = fn;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim/`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const WILLIS_TOWER = {
  place_id: 1,
  osm_type: 'way',
  osm_id: 58528804,
  lat: '41.8788761',
  lon: '-87.6359423',
  name: 'Willis Tower',
  display_name: 'Willis Tower, 233, South Wacker Drive, Loop, Chicago, Cook County, Illinois, 60606, United States',
  address: {
    house_number: '233',
    road: 'South Wacker Drive',
    city: 'Chicago',
    state: 'Illinois',
    'ISO3166-2-lvl4': 'US-IL',
    postcode: '60606',
    country: 'United States',
    country_code: 'us',
  },
};

async function signedIn(t: TestApp, ip = '127.0.0.1') {
  return signedInAs(t.app, await createUser(t.db), { ip });
}

describe('offline (no GEOCODER_URL)', () => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    client = await signedIn(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /search/address suggests US places from a ZIP or a city', async () => {
    const zip = await client.get('/api/v1/search/address?q=10001');
    expect(zip.statusCode).toBe(200);
    expect(zip.json()).toEqual([
      {
        placeId: 'us-zip:10001',
        description: 'New York, NY 10001, USA',
        mainText: '10001',
        secondaryText: 'New York, NY, USA',
      },
    ]);
    const city = await client.get(`/api/v1/search/address?q=${encodeURIComponent('Chicago, IL')}`);
    expect(city.json()).toEqual([
      { placeId: 'us-city:IL:Chicago', description: 'Chicago, IL, USA', mainText: 'Chicago', secondaryText: 'IL, USA' },
    ]);
    expect((await client.get('/api/v1/search/address?q=qqqq')).json()).toEqual([]);
  });

  it('GET /extensions/placedetails answers coordinates, and 404 "Failed to find location" for an unknown place', async () => {
    const res = await client.get('/api/v1/extensions/placedetails?placeId=us-zip%3A10001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      placeId: 'us-zip:10001',
      formattedAddress: 'New York, NY 10001, USA',
      latitude: 40.7484,
      longitude: -73.9967,
      city: 'New York',
      state: 'NY',
      zip: '10001',
      country: 'US',
    });
    const chicago = (
      await client.get(`/api/v1/extensions/placedetails?placeId=${encodeURIComponent('us-city:IL:Chicago')}`)
    ).json();
    expect(chicago).toMatchObject({
      city: 'Chicago',
      state: 'IL',
      zip: null,
      latitude: expect.closeTo(41.85, 1),
      longitude: expect.closeTo(-87.68, 1),
    });
    for (const placeId of ['us-zip:00000', 'osm:W1', 'nothing']) {
      const missing = await client.get(`/api/v1/extensions/placedetails?placeId=${encodeURIComponent(placeId)}`);
      expect(missing.statusCode, placeId).toBe(404);
      expect(missing.json(), placeId).toMatchObject({ code: 'NOT_FOUND', message: 'Failed to find location' });
    }
  });

  it('refuses empty queries with their messages', async () => {
    for (const [url, message] of [
      ['/api/v1/search/address', 'Address query must be at least 1 character'],
      ['/api/v1/search/address?q=', 'Address query must be at least 1 character'],
      ['/api/v1/search/address?q=%20', 'Address query must be at least 1 character'],
      [`/api/v1/search/address?q=${'a'.repeat(201)}`, 'Address query must be at most 200 characters'],
      ['/api/v1/extensions/placedetails', 'placeId is required'],
      ['/api/v1/extensions/placedetails?placeId=', 'placeId is required'],
    ]) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });

  it('answers 401 when signed out', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/v1/search/address?q=10001')).statusCode).toBe(401);
    expect((await anonymous.get('/api/v1/extensions/placedetails?placeId=us-zip%3A10001')).statusCode).toBe(401);
  });
});

describe('an external Nominatim-compatible geocoder (GEOCODER_URL)', () => {
  const nominatim = fakeNominatim();
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ GEOCODER_URL: await nominatim.start(), LOOKUP_RATE_LIMIT_PER_MINUTE: '20' });
    client = await signedIn(t);
  });
  afterAll(async () => {
    await t?.close();
    await nominatim.stop();
  });

  it('suggests the provider’s places, with OSM place ids', async () => {
    nominatim.answer((_url, res) =>
      res.setHeader('content-type', 'application/json').end(JSON.stringify([WILLIS_TOWER, { osm_type: 'node' }])),
    );
    nominatim.asked.length = 0;
    const res = await client.get(`/api/v1/search/address?q=${encodeURIComponent('233 S Wacker Dr, Chicago')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        placeId: 'osm:W58528804',
        description: WILLIS_TOWER.display_name,
        mainText: 'Willis Tower',
        secondaryText: '233, South Wacker Drive, Loop, Chicago, Cook County, Illinois, 60606, United States',
      },
    ]);
    const [{ url, headers }] = nominatim.asked;
    expect(url.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'jsonv2',
      addressdetails: '1',
      q: '233 S Wacker Dr, Chicago',
      limit: '10',
    });
    expect(headers['user-agent']).toBe('Referwell (http://localhost:3000)');
  });

  it('answers place details through /lookup, and still resolves offline place ids', async () => {
    nominatim.answer((_url, res) => res.end(JSON.stringify([WILLIS_TOWER])));
    nominatim.asked.length = 0;
    const res = await client.get('/api/v1/extensions/placedetails?placeId=osm%3AW58528804');
    expect(res.json()).toEqual({
      placeId: 'osm:W58528804',
      formattedAddress: WILLIS_TOWER.display_name,
      latitude: 41.8788761,
      longitude: -87.6359423,
      city: 'Chicago',
      state: 'IL',
      zip: '60606',
      country: 'US',
    });
    expect(nominatim.asked[0].url.pathname).toBe('/nominatim/lookup');
    expect(nominatim.asked[0].url.searchParams.get('osm_ids')).toBe('W58528804');

    const offline = await client.get('/api/v1/extensions/placedetails?placeId=us-zip%3A10001');
    expect(offline.json()).toMatchObject({ city: 'New York', zip: '10001' });
    expect(nominatim.asked).toHaveLength(1);

    nominatim.answer((_url, res) => res.end('[]'));
    const gone = await client.get('/api/v1/extensions/placedetails?placeId=osm%3AN1');
    expect(gone.json()).toMatchObject({ statusCode: 404, message: 'Failed to find location' });
  });

  it('reports a failing provider as "Failed to find location" and logs it', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    for (const respond of [
      (_url: URL, res: ServerResponse) => res.writeHead(503).end(),
      (_url: URL, res: ServerResponse) => res.end('{"error":"x"}'),
    ]) {
      nominatim.answer(respond);
      const res = await client.get('/api/v1/search/address?q=anything');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'BAD_GATEWAY', message: 'Failed to find location' });
    }
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('limits lookups per client per minute', async () => {
    nominatim.answer((_url, res) => res.end('[]'));
    const busy = await signedIn(t, '10.9.9.9');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await busy.get('/api/v1/search/address?q=x')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('gives up on a provider that does not answer in time', async () => {
    nominatim.answer(() => undefined);
    const geocoder = createNominatimGeocoder(t.config.geocoderUrl!, { userAgent: 'test', timeoutMs: 200 });
    const started = Date.now();
    await expect(geocoder.search('slow')).rejects.toBeInstanceOf(GeocoderUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
