import type { directoryApi, PracticeSummary, referralsApi } from '@referwell/contracts';
import { byPreferenceFit, preferenceReason, type PreferenceFit } from './preferences.js';

/** A practice that matches the speciality, insurance and distance, before it is placed in a tier. */
export interface Candidate {
  practice: PracticeSummary;
  /** Miles from the patient, to 0.1; null when either place is unknown. */
  distanceMiles: number | null;
  /** The radius that applied to it: the request's, capped by the practice's maxReferralMatchRadius. */
  limitMiles: number;
  /** Matching providers there, by name. */
  providers: directoryApi.PersonSummary[];
  /** PREFERENCE only: how its opening hours cover the patient's preferred times (null: none on file). */
  preferenceFit?: PreferenceFit | null;
}

/** One of the sender's networks, in tier order. */
export interface PlanNetwork {
  id: number;
  name: string;
  matchingTimeLimit: number;
  /** Member practices: every matching provider there counts. */
  practiceIds: ReadonlySet<number>;
  /** Providers listed one by one, by the practice they are reached through: only they count there. */
  providersByPractice: ReadonlyMap<number, ReadonlySet<number>>;
}

export interface TierPlan {
  networks: readonly PlanNetwork[];
  /** Minutes for the tier of everyone else; null when the sender does not match outside its networks. */
  outerTimeLimit: number | null;
  scheduleType: referralsApi.ScheduleType;
  specialityName: string;
  insuranceName: string | null;
  /** Whether the patient's place (or the sender's, standing in) is known. */
  originKnown: boolean;
}

type MatchCandidate = referralsApi.MatchCandidate;
type MatchTier = referralsApi.MatchTier;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function reasonsFor(c: Candidate, providers: number, plan: TierPlan, network: PlanNetwork | null): string[] {
  const reasons = [`${plural(providers, 'provider practises', 'providers practise')} ${plan.specialityName}`];
  if (plan.insuranceName !== null) reasons.push(`accepts ${plan.insuranceName}`);
  if (c.distanceMiles !== null) reasons.push(`${c.distanceMiles.toFixed(1)} miles away (limit ${c.limitMiles})`);
  else if (!plan.originKnown) reasons.push('distance unknown: no location for the patient or the sending practice');
  else reasons.push('distance unknown: the practice has no location on file');
  if (plan.scheduleType === 'PREFERENCE' && c.preferenceFit !== undefined)
    reasons.push(preferenceReason(c.preferenceFit));
  reasons.push(network ? `in network ${network.name}` : 'outside your networks');
  return reasons;
}

function toMatch(
  c: Candidate,
  providers: directoryApi.PersonSummary[],
  plan: TierPlan,
  network: PlanNetwork | null,
): MatchCandidate {
  return {
    practice: c.practice,
    providers,
    distanceMiles: c.distanceMiles,
    network: network ? { id: network.id, name: network.name } : null,
    reasons: reasonsFor(c, providers.length, plan, network),
  };
}

type Placed = Pick<Candidate, 'practice' | 'distanceMiles'>;

/** Nearest first, unknown distances last, then by name. */
export function byNearest(a: Placed, b: Placed): number {
  if (a.distanceMiles !== b.distanceMiles) {
    if (a.distanceMiles === null) return 1;
    if (b.distanceMiles === null) return -1;
    return a.distanceMiles - b.distanceMiles;
  }
  return a.practice.name.localeCompare(b.practice.name) || a.practice.id - b.practice.id;
}

/** The candidate as the network reaches it: all its providers, only the listed ones, or not at all. */
function throughNetwork(c: Candidate, network: PlanNetwork): directoryApi.PersonSummary[] {
  if (network.practiceIds.has(c.practice.id)) return c.providers;
  const listed = network.providersByPractice.get(c.practice.id);
  return listed ? c.providers.filter((p) => listed.has(p.id)) : [];
}

/** A candidate as its tier offers it, kept with what it is ordered by. */
interface Entry {
  candidate: Candidate;
  match: MatchCandidate;
}

/** PREFERENCE: best fit to the patient's preferred times first, then nearest; otherwise nearest. */
function orderWithinTier(plan: TierPlan) {
  return (a: Entry, b: Entry) =>
    (plan.scheduleType === 'PREFERENCE'
      ? byPreferenceFit(a.candidate.preferenceFit ?? null, b.candidate.preferenceFit ?? null)
      : 0) || byNearest(a.candidate, b.candidate);
}

const matchesOf = (entries: Entry[], plan: TierPlan) => entries.sort(orderWithinTier(plan)).map((e) => e.match);

/**
 * Places candidates in tiers. Tier numbers are positions in the sender's plan (network i is tier
 * i, everyone else tier n), so they stay the same when a tier turns out empty and is left out, or
 * when practices already offered the referral are left out of a later computation. A practice
 * appears only in the first tier that reaches it. URGENT offers every network tier at once as
 * tier 0, for the shortest of their time limits; NEXT and PREFERENCE keep the networks' order.
 * Within a tier PREFERENCE puts the practices whose opening hours best cover the patient's
 * preferred days and times of day first (preferences.ts); otherwise, and between equals, nearest.
 */
export function assembleTiers(candidates: readonly Candidate[], plan: TierPlan): MatchTier[] {
  const placed = new Set<number>();
  const networkTiers: { tier: number; timeLimitMinutes: number; entries: Entry[] }[] = [];
  plan.networks.forEach((network, index) => {
    const entries: Entry[] = [];
    for (const c of candidates) {
      if (placed.has(c.practice.id)) continue;
      const providers = throughNetwork(c, network);
      if (!providers.length) continue;
      placed.add(c.practice.id);
      entries.push({ candidate: c, match: toMatch(c, providers, plan, network) });
    }
    if (entries.length) networkTiers.push({ tier: index, timeLimitMinutes: network.matchingTimeLimit, entries });
  });

  const merged =
    plan.scheduleType === 'URGENT' && networkTiers.length > 0
      ? [
          {
            tier: 0,
            timeLimitMinutes: Math.min(...networkTiers.map((t) => t.timeLimitMinutes)),
            entries: networkTiers.flatMap((t) => t.entries),
          },
        ]
      : networkTiers;
  const tiers: MatchTier[] = merged.map((t) => ({
    tier: t.tier,
    kind: 'NETWORK',
    timeLimitMinutes: t.timeLimitMinutes,
    candidates: matchesOf(t.entries, plan),
  }));

  if (plan.outerTimeLimit !== null) {
    const outer = candidates
      .filter((c) => !placed.has(c.practice.id))
      .map((c) => ({ candidate: c, match: toMatch(c, c.providers, plan, null) }));
    if (outer.length)
      tiers.push({
        tier: plan.networks.length,
        kind: 'OUTER',
        timeLimitMinutes: plan.outerTimeLimit,
        candidates: matchesOf(outer, plan),
      });
  }
  return tiers;
}
