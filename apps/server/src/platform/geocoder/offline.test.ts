import { describe, expect, it } from 'vitest';
import { createOfflineGeocoder } from './offline.js';

const geocoder = createOfflineGeocoder();
const first = async (q: string) => (await geocoder.search(q))[0];

describe('the offline geocoder', () => {
  it('finds a ZIP code', async () => {
    expect(await geocoder.search('10001')).toEqual([
      {
        placeId: 'us-zip:10001',
        description: 'New York, NY 10001, USA',
        mainText: '10001',
        secondaryText: 'New York, NY, USA',
      },
    ]);
    expect(await first('10001-1234')).toMatchObject({ placeId: 'us-zip:10001' });
  });

  it('finds a city written "City, ST", "City ST", "City, State" or "City"', async () => {
    const chicago = {
      placeId: 'us-city:IL:Chicago',
      description: 'Chicago, IL, USA',
      mainText: 'Chicago',
      secondaryText: 'IL, USA',
    };
    expect(await geocoder.search('Chicago, IL')).toEqual([chicago]);
    expect(await geocoder.search('chicago il')).toEqual([chicago]);
    expect(await geocoder.search('Chicago, Illinois, USA')).toEqual([chicago]);
    expect(await first('Chicago')).toEqual(chicago);
    expect(await first('Kansas City Kansas')).toMatchObject({ placeId: 'us-city:KS:Kansas City' });
    expect(await first('New York New York')).toMatchObject({ placeId: 'us-city:NY:New York' });
  });

  it('suggests up to 10 cities for a name, the biggest first, and cities while the state is typed', async () => {
    const springfields = await geocoder.search('Springfield');
    expect(springfields).toHaveLength(10);
    expect(springfields.every((p) => p.mainText === 'Springfield')).toBe(true);
    expect((await geocoder.search('Chicago, I')).map((p) => p.placeId)).toEqual(
      expect.arrayContaining(['us-city:IL:Chicago', 'us-city:IL:Chicago Heights']),
    );
    expect((await geocoder.search('chica')).map((p) => p.mainText)).toContain('Chicago');
  });

  it('keeps the street of a full address and places it at its ZIP, or its city without one', async () => {
    expect(await geocoder.search('350 5th Ave, New York, NY 10118')).toEqual([
      {
        placeId: 'us-zip:10118:350 5th Ave',
        description: '350 5th Ave, New York, NY 10118, USA',
        mainText: '350 5th Ave',
        secondaryText: 'New York, NY 10118, USA',
      },
    ]);
    expect(await first('350 5th Ave New York NY 10118 USA')).toMatchObject({ placeId: 'us-zip:10118:350 5th Ave' });
    expect(await first('233 S Wacker Dr, Chicago, IL')).toMatchObject({
      placeId: 'us-city:IL:Chicago:233 S Wacker Dr',
      description: '233 S Wacker Dr, Chicago, IL, USA',
    });
    // A five-digit house number is not a ZIP.
    expect(await first('12345 Main St, Springfield, IL')).toMatchObject({
      placeId: 'us-city:IL:Springfield:12345 Main St',
    });
  });

  it('finds nothing for what is not a US place', async () => {
    expect(await geocoder.search('zzzz')).toEqual([]);
    expect(await geocoder.search('99999')).toEqual([]);
    expect(await geocoder.search('USA')).toEqual([]);
  });

  it('answers where a place is: a ZIP’s centroid, or a city’s (the average of its ZIPs)', async () => {
    expect(await geocoder.details('us-zip:10001')).toEqual({
      placeId: 'us-zip:10001',
      formattedAddress: 'New York, NY 10001, USA',
      latitude: 40.7484,
      longitude: -73.9967,
      city: 'New York',
      state: 'NY',
      zip: '10001',
      country: 'US',
    });
    const chicago = await geocoder.details('us-city:IL:Chicago');
    expect(chicago).toMatchObject({
      formattedAddress: 'Chicago, IL, USA',
      city: 'Chicago',
      state: 'IL',
      zip: null,
      country: 'US',
    });
    expect(chicago!.latitude).toBeCloseTo(41.85, 1);
    expect(chicago!.longitude).toBeCloseTo(-87.68, 1);
    expect(await geocoder.details('us-zip:10118:350 5th Ave')).toMatchObject({
      formattedAddress: '350 5th Ave, New York, NY 10118, USA',
      zip: '10118',
    });
  });

  it('knows no place for an unknown or malformed id', async () => {
    for (const id of ['us-zip:00000', 'us-zip:1000', 'us-city:ZZ:Nowhere', 'us-city:IL:Atlantis', 'osm:N1', 'bogus']) {
      expect(await geocoder.details(id), id).toBeNull();
    }
  });
});
