import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { addMember, createUser } from '../../../test/factories.js';
import { apiKeyClient, signedIn } from '../../practices/practices.test-factories.js';
import { practices } from '../../../core/index.js';
import { computeTiers, type MatchRequest } from './matching.js';
import { routingWorld, type RoutingWorld } from './routing.test-factories.js';

let t: TestApp;
let w: RoutingWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await routingWorld(t.db, 0);
});
afterAll(() => t?.close());

const request = (over: Partial<MatchRequest> = {}): MatchRequest => ({
  senderPracticeId: w.sender.id,
  referringUserId: w.referrer.id,
  specialityId: w.speciality.id,
  insuranceId: w.insurance.id,
  distance: 'NORMAL',
  scheduleType: 'NEXT',
  now: new Date(),
  ...over,
});
const names = (tiers: referralsApi.MatchTier[]) =>
  tiers.map((tier) => [
    tier.tier,
    tier.kind,
    tier.timeLimitMinutes,
    tier.candidates.map((c) => c.practice.name.replace(/ \d+$/, '')),
  ]);

describe('computeTiers', () => {
  it('offers the networks in order, then the practices outside them, nearest first', async () => {
    const tiers = await computeTiers(t.db, request());
    expect(names(tiers)).toEqual([
      [0, 'NETWORK', 15, ['Birch', 'Alder']],
      [1, 'NETWORK', 45, ['Cedar']],
      [2, 'OUTER', 30, ['Dogwood', 'Ginkgo']],
    ]);
    const [birch] = tiers[0].candidates;
    expect(birch).toMatchObject({ distanceMiles: 3, network: { id: w.trusted.id } });
    expect(birch.reasons).toEqual([
      `1 provider practises ${w.speciality.name}`,
      `accepts ${w.insurance.name}`,
      '3.0 miles away (limit 25)',
      `in network ${w.trusted.name}`,
    ]);
    // Cedar is in the second network through one listed provider; only that provider counts.
    expect(tiers[1].candidates[0].providers.map((p) => p.id)).toEqual([w.cedar.providerIds[0]]);
    expect(tiers[2].candidates[1]).toMatchObject({ distanceMiles: null, network: null });
    expect(tiers[2].candidates[1].reasons).toContain('distance unknown: the practice has no location on file');
  });

  it("widens with the distance, within each practice's own limit", async () => {
    expect(names(await computeTiers(t.db, request({ distance: 'FAR' })))[2]).toEqual([
      2,
      'OUTER',
      30,
      ['Dogwood', 'Elm', 'Ginkgo'],
    ]);
    expect(names(await computeTiers(t.db, request({ distance: 'NEAR' })))).toEqual([
      [0, 'NETWORK', 15, ['Birch', 'Alder']],
      [1, 'NETWORK', 45, ['Cedar']],
      [2, 'OUTER', 30, ['Ginkgo']],
    ]);
    const [, , outer] = await computeTiers(t.db, request({ distance: 'FAR' }));
    expect(outer.candidates.find((c) => c.practice.id === w.elm.practice.id)!.reasons).toContain(
      '35.0 miles away (limit 50)',
    );
  });

  it('without an insurance, providers who accept none match too', async () => {
    expect(names(await computeTiers(t.db, request({ insuranceId: null })))[2]).toEqual([
      2,
      'OUTER',
      30,
      ['Ivy', 'Dogwood', 'Ginkgo'],
    ]);
  });

  it("measures from the patient's place when given", async () => {
    const tiers = await computeTiers(
      t.db,
      request({ latitude: w.dogwood.practice.latitude, longitude: w.dogwood.practice.longitude }),
    );
    // Dogwood is here; Elm is 15 miles on; the network practices are 12-17 miles back; Fir is 6 miles off but its own limit is 10.
    expect(names(tiers)).toEqual([
      [0, 'NETWORK', 15, ['Alder', 'Birch']],
      [1, 'NETWORK', 45, ['Cedar']],
      [2, 'OUTER', 30, ['Dogwood', 'Fir', 'Elm', 'Ginkgo']],
    ]);
  });

  it('keeps every candidate with an unknown distance when neither the patient nor the sender has a place', async () => {
    const nowhere = await routingWorld(t.db, 1, { latitude: null, longitude: null });
    const tiers = await computeTiers(t.db, {
      ...request(),
      senderPracticeId: nowhere.sender.id,
      referringUserId: nowhere.referrer.id,
      specialityId: nowhere.speciality.id,
      insuranceId: nowhere.insurance.id,
    });
    expect(tiers.flatMap((tier) => tier.candidates).every((c) => c.distanceMiles === null)).toBe(true);
    expect(names(tiers)[2]).toEqual([2, 'OUTER', 30, ['Dogwood', 'Elm', 'Fir', 'Ginkgo']]);
    expect(tiers[0].candidates[0].reasons).toContain(
      'distance unknown: no location for the patient or the sending practice',
    );
  });

  it('URGENT offers every network at once, for the shortest time limit', async () => {
    expect(names(await computeTiers(t.db, request({ scheduleType: 'URGENT' })))).toEqual([
      [0, 'NETWORK', 15, ['Birch', 'Alder', 'Cedar']],
      [2, 'OUTER', 30, ['Dogwood', 'Ginkgo']],
    ]);
  });

  it('leaves out practices already offered, keeping tier numbers', async () => {
    const tiers = await computeTiers(
      t.db,
      request({ excludePracticeIds: [w.alder.practice.id, w.birch.practice.id, w.dogwood.practice.id] }),
    );
    expect(names(tiers)).toEqual([
      [1, 'NETWORK', 45, ['Cedar']],
      [2, 'OUTER', 30, ['Ginkgo']],
    ]);
  });

  it('never offers the referring provider, wherever they practise', async () => {
    const all = (await computeTiers(t.db, request({ referringUserId: null }))).flatMap((tier) =>
      tier.candidates.map((c) => c.practice.id),
    );
    expect(all).toContain(w.kapok.practice.id);
    const without = (await computeTiers(t.db, request())).flatMap((tier) => tier.candidates.map((c) => c.practice.id));
    expect(without).not.toContain(w.kapok.practice.id);
  });

  it('matches outside the networks only when the sender allows it', async () => {
    await t.db.update(practices).set({ allowOuterNetworkMatching: false }).where(eq(practices.id, w.sender.id));
    try {
      expect((await computeTiers(t.db, request())).map((tier) => tier.kind)).toEqual(['NETWORK', 'NETWORK']);
    } finally {
      await t.db.update(practices).set({ allowOuterNetworkMatching: true }).where(eq(practices.id, w.sender.id));
    }
  });
});

describe('GET /referrals/matchCheck', () => {
  const url = (q: Record<string, string | number>) =>
    `/api/v1/referrals/matchCheck?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  const query = () => ({
    practice: w.sender.id,
    provider: w.referrer.id,
    speciality: w.speciality.id,
    insurance: w.insurance.id,
  });

  it('answers the tiers and the radius', async () => {
    const client = await signedIn(t.app, w.referrer);
    const res = await client.get(url({ ...query(), matchingDistance: 'FAR', scheduleType: 'URGENT' }));
    expect(res.statusCode).toBe(200);
    const body = res.json<referralsApi.MatchCheckResult>();
    expect(body.radiusMiles).toBe(50);
    expect(names(body.tiers)).toEqual([
      [0, 'NETWORK', 15, ['Birch', 'Alder', 'Cedar']],
      [2, 'OUTER', 30, ['Dogwood', 'Elm', 'Ginkgo']],
    ]);
    expect(body.tiers[0].candidates[0].providers[0]).toEqual(
      expect.objectContaining({ id: w.birch.providerIds[0], firstName: expect.any(String) }),
    );
  });

  it('takes the signed-in caller as the referring provider when none is named', async () => {
    const client = await signedIn(t.app, w.referrer);
    const { provider: _, ...noProvider } = query();
    const body = (await client.get(url(noProvider))).json<referralsApi.MatchCheckResult>();
    expect(body.tiers.flatMap((tier) => tier.candidates.map((c) => c.practice.id))).not.toContain(w.kapok.practice.id);
  });

  it('refuses unknown specialities, insurances and providers outside the practice, with the fields', async () => {
    const client = await signedIn(t.app, w.referrer);
    const res = await client.get(
      url({ ...query(), speciality: 999_999, insurance: 999_999, provider: w.dogwood.providerIds[0] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ['querystring', 'speciality'], message: 'Unknown speciality' },
      { path: ['querystring', 'insurance'], message: 'Unknown insurance' },
      { path: ['querystring', 'provider'], message: 'The referring provider must be a member of the practice' },
    ]);
  });

  it("PREFERENCE puts the practices open at the patient's preferred times first, and says so", async () => {
    const hours = (dayOfWeek: number, start: string, end: string) => [{ dayOfWeek, open: true, start, end }];
    await t.db
      .update(practices)
      .set({ openingHours: hours(1, '13:00', '17:00') })
      .where(eq(practices.id, w.birch.practice.id));
    await t.db
      .update(practices)
      .set({ openingHours: hours(1, '08:00', '12:00') })
      .where(eq(practices.id, w.alder.practice.id));
    try {
      const client = await signedIn(t.app, w.referrer);
      const preferring = (
        await client.get(url({ ...query(), scheduleType: 'PREFERENCE', schedulePreferences: 'MON-AM,FRI-ANY' }))
      ).json<referralsApi.MatchCheckResult>();
      const [alder, birch] = preferring.tiers[0].candidates;
      expect([alder.practice.id, birch.practice.id]).toEqual([w.alder.practice.id, w.birch.practice.id]);
      expect(alder.reasons).toContain('open at 1 of 2 preferred times');
      expect(birch.reasons).toContain('open at 0 of 2 preferred times');
      expect(preferring.tiers[2].candidates[0].reasons).toContain('opening hours not on file');
      // NEXT keeps the nearest first.
      const next = (await client.get(url(query()))).json<referralsApi.MatchCheckResult>();
      expect(next.tiers[0].candidates.map((c) => c.practice.id)).toEqual([w.birch.practice.id, w.alder.practice.id]);
      const bad = await client.get(url({ ...query(), scheduleType: 'PREFERENCE', schedulePreferences: 'MON-NOON' }));
      expect(bad.statusCode).toBe(400);
    } finally {
      await t.db
        .update(practices)
        .set({ openingHours: [] })
        .where(inArray(practices.id, [w.alder.practice.id, w.birch.practice.id]));
    }
  });

  it("is for the practice's members and its keys with REFERRALS_WRITE", async () => {
    const outsider = await createUser(t.db);
    await addMember(t.db, w.dogwood.practice.id, outsider.id, 'ADMIN');
    expect((await (await signedIn(t.app, outsider)).get(url(query()))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(query()) })).statusCode).toBe(401);
    const key = await apiKeyClient(t.app, t.db, w.sender.id, w.referrer.id, ['REFERRALS_WRITE']);
    expect((await key.get(url(query()))).statusCode).toBe(200);
    const readOnly = await apiKeyClient(t.app, t.db, w.sender.id, w.referrer.id, ['REFERRALS_READ']);
    expect((await readOnly.get(url(query()))).statusCode).toBe(403);
  });
});
