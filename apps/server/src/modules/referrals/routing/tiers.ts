import type { directoryApi, PracticeSummary, referralsApi } from '@referwell/contracts';

/** A practice that matches the speciality, insurance and distance, before it is placed in a tier. */
export interface Candidate {
  practice: PracticeSummary;
  /** Miles from the patient, to 0.1; null when either place is unknown. */
  distanceMiles: number | null;
  /** The radius that applied to it: the request's, capped by the practice's maxReferralMatchRadius. */
  limitMiles: number;
  /** Matching providers there, by name. */
  providers: directoryApi.PersonSummary[];
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
  reasons.push(network ? `in network ${network.name}` : 'outside your networks');
  return reasons;
}

function toMatch(c: Candidate, providers: directoryApi.PersonSummary[], plan: TierPlan, network: PlanNetwork | null): MatchCandidate {
  return {
    practice: c.practice,
    providers,
    distanceMiles: c.distanceMiles,
    network: network ? { id: network.id, name: network.name } : null,
    reasons: reasonsFor(c, providers.length, plan, network),
  };
}

/** Nearest first, unknown distances last, then by name. */
export function byNearest(a: MatchCandidate, b: MatchCandidate): number {
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

/**
 * Places candidates in tiers. Tier numbers are positions in the sender's plan (network i is tier
 * i, everyone else tier n), so they stay the same when a tier turns out empty and is left out, or
 * when practices already offered the referral are left out of a later computation. A practice
 * appears only in the first tier that reaches it. URGENT offers every network tier at once as
 * tier 0, for the shortest of their time limits; NEXT and PREFERENCE keep the networks' order
 * (appointment availability will refine them with the appointments issue).
 */
export function assembleTiers(candidates: readonly Candidate[], plan: TierPlan): MatchTier[] {
  const placed = new Set<number>();
  const networkTiers: MatchTier[] = [];
  plan.networks.forEach((network, index) => {
    const matches: MatchCandidate[] = [];
    for (const c of candidates) {
      if (placed.has(c.practice.id)) continue;
      const providers = throughNetwork(c, network);
      if (!providers.length) continue;
      placed.add(c.practice.id);
      matches.push(toMatch(c, providers, plan, network));
    }
    if (matches.length) {
      networkTiers.push({ tier: index, kind: 'NETWORK', timeLimitMinutes: network.matchingTimeLimit, candidates: matches.sort(byNearest) });
    }
  });

  const tiers = plan.scheduleType === 'URGENT' && networkTiers.length > 0
    ? [{
        tier: 0,
        kind: 'NETWORK' as const,
        timeLimitMinutes: Math.min(...networkTiers.map((t) => t.timeLimitMinutes)),
        candidates: networkTiers.flatMap((t) => t.candidates).sort(byNearest),
      }]
    : networkTiers;

  if (plan.outerTimeLimit !== null) {
    const outer = candidates.filter((c) => !placed.has(c.practice.id)).map((c) => toMatch(c, c.providers, plan, null));
    if (outer.length) tiers.push({ tier: plan.networks.length, kind: 'OUTER', timeLimitMinutes: plan.outerTimeLimit, candidates: outer.sort(byNearest) });
  }
  return tiers;
}
