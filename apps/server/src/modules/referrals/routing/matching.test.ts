import { describe, expect, it } from 'vitest';
import type { PracticeSummary } from '@referwell/contracts';
import { boundingBox, distanceMiles } from './geo.js';
import { assembleTiers, type Candidate, type PlanNetwork, type TierPlan } from './tiers.js';
import type { PreferenceFit } from './preferences.js';

describe('distances', () => {
  it('measures great-circle miles', () => {
    const philadelphia = { latitude: 39.9526, longitude: -75.1652 };
    const newYork = { latitude: 40.7128, longitude: -74.006 };
    expect(distanceMiles(philadelphia, newYork)).toBeCloseTo(80.6, 0);
    expect(distanceMiles(newYork, newYork)).toBe(0);
  });

  it('boxes every point within the radius, in every direction', () => {
    const center = { latitude: 61.2, longitude: -149.9 };
    const box = boundingBox(center, 50);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 49.9 miles away along the bearing, by small steps.
      let p = center;
      for (let i = 0; i < 499; i += 1) {
        const rad = (bearing * Math.PI) / 180;
        const dLat = (0.1 * Math.cos(rad)) / 69.09;
        const dLng = (0.1 * Math.sin(rad)) / (69.09 * Math.cos((p.latitude * Math.PI) / 180));
        p = { latitude: p.latitude + dLat, longitude: p.longitude + dLng };
      }
      expect(distanceMiles(center, p)).toBeLessThan(50);
      expect(p.latitude).toBeGreaterThanOrEqual(box.minLatitude);
      expect(p.latitude).toBeLessThanOrEqual(box.maxLatitude);
      expect(p.longitude).toBeGreaterThanOrEqual(box.longitude!.min);
      expect(p.longitude).toBeLessThanOrEqual(box.longitude!.max);
    }
  });

  it('narrows by latitude only near a pole or across the antimeridian', () => {
    expect(boundingBox({ latitude: 89.9, longitude: 0 }, 50).longitude).toBeNull();
    expect(boundingBox({ latitude: 51, longitude: 179.9 }, 50).longitude).toBeNull();
    expect(boundingBox({ latitude: 51, longitude: 0 }, 50).longitude).not.toBeNull();
  });
});

const practice = (id: number, name: string): PracticeSummary => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  name,
  logoUrl: null,
  type: 'PRACTICE',
  address: null,
  colorScheme: null,
  phoneNumber: null,
  alternativeScheduleLink: null,
});
const person = (id: number) => ({
  id,
  uuid: `10000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  firstName: 'P',
  lastName: `${id}`,
  title: null,
  kind: 'PROVIDER' as const,
});
const candidate = (id: number, name: string, distance: number | null, providerIds = [id * 10]): Candidate => ({
  practice: practice(id, name),
  distanceMiles: distance,
  limitMiles: 25,
  providers: providerIds.map(person),
});
const network = (
  id: number,
  name: string,
  minutes: number,
  practiceIds: number[],
  listed: [number, number[]][] = [],
): PlanNetwork => ({
  id,
  name,
  matchingTimeLimit: minutes,
  practiceIds: new Set(practiceIds),
  providersByPractice: new Map(listed.map(([p, u]) => [p, new Set(u)])),
});
const plan = (over: Partial<TierPlan> = {}): TierPlan => ({
  networks: [],
  outerTimeLimit: 60,
  scheduleType: 'NEXT',
  specialityName: 'Cardiology',
  insuranceName: 'Aetna',
  originKnown: true,
  ...over,
});
const ids = (tier: { candidates: { practice: { id: number } }[] }) => tier.candidates.map((c) => c.practice.id);

describe('assembling tiers', () => {
  const candidates = [
    candidate(1, 'Alder', 5),
    candidate(2, 'Birch', 3),
    candidate(3, 'Cedar', 8, [30, 31]),
    candidate(4, 'Dogwood', 20),
    candidate(5, 'Ginkgo', null),
    candidate(6, 'Aspen', 20),
  ];
  const networks = [
    network(100, 'Trusted specialists', 15, [1, 2]),
    network(200, 'Regional partners', 45, [2], [[3, [30]]]),
  ];

  it('offers the networks in order, then everyone else; a practice only in its first tier', () => {
    const tiers = assembleTiers(candidates, plan({ networks }));
    expect(tiers.map((t) => [t.tier, t.kind, t.timeLimitMinutes, ids(t)])).toEqual([
      [0, 'NETWORK', 15, [2, 1]],
      [1, 'NETWORK', 45, [3]],
      [2, 'OUTER', 60, [6, 4, 5]],
    ]);
    // Reached through its listed provider only.
    expect(tiers[1].candidates[0].providers.map((p) => p.id)).toEqual([30]);
    expect(tiers[1].candidates[0].network).toEqual({ id: 200, name: 'Regional partners' });
    expect(tiers[2].candidates[0].network).toBeNull();
  });

  it('says why each practice matched', () => {
    const [first, , outer] = assembleTiers(candidates, plan({ networks }));
    expect(first.candidates[0].reasons).toEqual([
      '1 provider practises Cardiology',
      'accepts Aetna',
      '3.0 miles away (limit 25)',
      'in network Trusted specialists',
    ]);
    expect(outer.candidates.at(-1)!.reasons).toEqual([
      '1 provider practises Cardiology',
      'accepts Aetna',
      'distance unknown: the practice has no location on file',
      'outside your networks',
    ]);
    const [open] = assembleTiers(
      [candidate(3, 'Cedar', null, [30, 31])],
      plan({ insuranceName: null, originKnown: false }),
    );
    expect(open.candidates[0].reasons).toEqual([
      '2 providers practise Cardiology',
      'distance unknown: no location for the patient or the sending practice',
      'outside your networks',
    ]);
  });

  it('keeps tier numbers when a tier is empty', () => {
    const tiers = assembleTiers(
      candidates.filter((c) => c.practice.id !== 1 && c.practice.id !== 2),
      plan({ networks }),
    );
    expect(tiers.map((t) => t.tier)).toEqual([1, 2]);
  });

  it('URGENT offers all network tiers at once for the shortest time limit, the outer tier after', () => {
    const tiers = assembleTiers(candidates, plan({ networks, scheduleType: 'URGENT' }));
    expect(tiers.map((t) => [t.tier, t.kind, t.timeLimitMinutes, ids(t)])).toEqual([
      [0, 'NETWORK', 15, [2, 1, 3]],
      [2, 'OUTER', 60, [6, 4, 5]],
    ]);
  });

  it('PREFERENCE keeps the network order and puts the best fit to the preferred times first within each tier', () => {
    const fits: Record<number, PreferenceFit | null> = {
      1: { met: 2, of: 2, openMinutes: 300 },
      2: { met: 1, of: 2, openMinutes: 600 },
      4: { met: 0, of: 2, openMinutes: 0 },
      5: null,
      6: { met: 1, of: 2, openMinutes: 60 },
    };
    const fitted = candidates.map((c) => ({ ...c, preferenceFit: fits[c.practice.id] ?? null }));
    const tiers = assembleTiers(fitted, plan({ networks, scheduleType: 'PREFERENCE' }));
    // Alder, open at both preferred times, before the nearer Birch; Ginkgo (no hours on file) between
    // a practice open at one of them and one known to be closed at both.
    expect(tiers.map((t) => [t.tier, ids(t)])).toEqual([
      [0, [1, 2]],
      [1, [3]],
      [2, [6, 5, 4]],
    ]);
    expect(tiers[0].candidates[0].reasons).toContain('open at 2 of 2 preferred times');
    expect(tiers[2].candidates[1].reasons).toContain('opening hours not on file');
    // Equal fits: more open minutes inside the preferred times, then nearest.
    const even = assembleTiers(
      [
        { ...candidate(1, 'Alder', 5), preferenceFit: { met: 1, of: 1, openMinutes: 120 } },
        { ...candidate(2, 'Birch', 3), preferenceFit: { met: 1, of: 1, openMinutes: 240 } },
        { ...candidate(3, 'Cedar', 1), preferenceFit: { met: 1, of: 1, openMinutes: 240 } },
      ],
      plan({ scheduleType: 'PREFERENCE' }),
    );
    expect(ids(even[0])).toEqual([3, 2, 1]);
  });

  it('NEXT ignores opening hours', () => {
    const tiers = assembleTiers(
      candidates.map((c) => ({ ...c, preferenceFit: c.practice.id === 1 ? { met: 1, of: 1, openMinutes: 60 } : null })),
      plan({ networks }),
    );
    expect(ids(tiers[0])).toEqual([2, 1]);
  });

  it('matches outside the networks only when the sender allows it', () => {
    const tiers = assembleTiers(candidates, plan({ networks, outerTimeLimit: null }));
    expect(tiers.map((t) => t.kind)).toEqual(['NETWORK', 'NETWORK']);
    expect(assembleTiers(candidates, plan({ outerTimeLimit: null }))).toEqual([]);
  });
});
