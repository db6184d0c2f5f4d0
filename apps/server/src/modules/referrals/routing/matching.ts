import { and, between, eq, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { referralsApi } from '@referwell/contracts';
import type { Db } from '../../../db/client.js';
import { prepared } from '../../../db/prepared.js';
import { AppError } from '../../../platform/errors.js';
import { acceptsInsurance, insuranceNameOf, providersOfSpeciality, specialityNameOf } from '../../catalogues/index.js';
import {
  byName,
  personColumns,
  practiceMembers,
  practices,
  practiceSummaryColumns,
  toPersonSummary,
  toPracticeSummary,
  users,
} from '../../../core/index.js';
import { networkTiersOf } from '../../networks/index.js';
import { boundingBox, distanceMiles, type Point } from './geo.js';
import { assembleTiers, type Candidate, type PlanNetwork } from './tiers.js';
import { preferenceFit, type PreferenceRequest } from './preferences.js';

export interface MatchRequest {
  senderPracticeId: number;
  /** Never offered the referral themselves, wherever else they practise. */
  referringUserId?: number | null;
  specialityId: number;
  insuranceId?: number | null;
  /** The patient's place; the sender practice's when absent. */
  latitude?: number | null;
  longitude?: number | null;
  distance: referralsApi.ReferralDistance;
  scheduleType: referralsApi.ScheduleType;
  /** PREFERENCE: the patient's preferred days and times of day, which order each tier. */
  schedulePreferences?: readonly referralsApi.SchedulePreference[];
  /** When the routing happens (time zone offsets are taken then). */
  now: Date;
  /** Practices left out (those already offered the referral). */
  excludePracticeIds?: readonly number[];
}

const pointOf = (lat: number | null | undefined, lng: number | null | undefined): Point | null =>
  lat === null || lat === undefined || lng === null || lng === undefined ? null : { latitude: lat, longitude: lng };

/** Rounded for display; the radius test uses the exact distance. */
const tenths = (miles: number) => Math.round(miles * 10) / 10;

const param = (name: string) => sql.placeholder(name);

/**
 * The sender's settings, the names the reasons quote, and its networks in tier order, each with
 * its member practices and its individually listed providers (with the practice each is reached
 * through): one prepared round trip.
 */
const planQuery = (db: Db) =>
  db
    .select({
      latitude: practices.latitude,
      longitude: practices.longitude,
      tierTimeout: practices.tierTimeout,
      timezone: practices.timezone,
      allowOuterNetworkMatching: practices.allowOuterNetworkMatching,
      speciality: specialityNameOf(param('specialityId')),
      insurance: insuranceNameOf(sql`${param('insuranceId')}::int`),
      networks: networkTiersOf(param('senderPracticeId')),
    })
    .from(practices)
    .where(eq(practices.id, param('senderPracticeId')))
    .prepare('referral_match_plan');

async function planOf(db: Db, req: MatchRequest) {
  const [row] = await prepared(db, 'referral_match_plan', planQuery).execute({
    senderPracticeId: req.senderPracticeId,
    specialityId: req.specialityId,
    insuranceId: req.insuranceId ?? null,
  });
  if (!row) throw new AppError('OBJECT_NOT_FOUND', 'Practice not found');
  if (row.speciality === null) throw new AppError('BAD_REQUEST', 'Unknown speciality');
  if (req.insuranceId && row.insurance === null) throw new AppError('BAD_REQUEST', 'Unknown insurance');
  const planNetworks: PlanNetwork[] = row.networks.map(({ practiceIds, listed, ...n }) => {
    const providersByPractice = new Map<number, Set<number>>();
    for (const l of listed)
      providersByPractice.set(l.practiceId, (providersByPractice.get(l.practiceId) ?? new Set<number>()).add(l.userId));
    return { ...n, practiceIds: new Set(practiceIds), providersByPractice };
  });
  return {
    origin: pointOf(row.latitude, row.longitude),
    timeZone: row.timezone,
    outerTimeLimit: row.allowOuterNetworkMatching ? row.tierTimeout : null,
    specialityName: row.speciality,
    insuranceName: row.insurance,
    networks: planNetworks,
  };
}

/** Practices with no place on file stay in (decisions.md); the others must fall in the box. */
function nearEnough(origin: Point | null, radiusMiles: number): SQL | undefined {
  if (!origin) return undefined;
  const box = boundingBox(origin, radiusMiles);
  return or(
    isNull(practices.latitude),
    isNull(practices.longitude),
    and(
      between(practices.latitude, box.minLatitude, box.maxLatitude),
      box.longitude ? between(practices.longitude, box.longitude.min, box.longitude.max) : undefined,
    ),
  );
}

/**
 * Matching providers with their practice: active practices other than the sender, members holding
 * PROVIDER who practise the speciality and (when asked) accept the insurance in that practice,
 * inside the box around the patient. The exact distance is checked afterwards on these few rows.
 * Not a prepared statement: a generic plan cannot see how selective the box is and starts from
 * every practice; planned with the values it starts from the speciality's providers.
 */
function candidateRows(db: Db, req: MatchRequest, origin: Point | null, radiusMiles: number) {
  const exclude = req.excludePracticeIds ?? [];
  const providers = providersOfSpeciality(db, req.specialityId);
  return db
    .select({
      practice: {
        ...practiceSummaryColumns,
        latitude: practices.latitude,
        longitude: practices.longitude,
        maxReferralMatchRadius: practices.maxReferralMatchRadius,
        openingHours: practices.openingHours,
        timezone: practices.timezone,
      },
      provider: personColumns,
    })
    .from(providers)
    .innerJoin(practiceMembers, and(eq(practiceMembers.userId, providers.userId), eq(practiceMembers.role, 'PROVIDER')))
    .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .innerJoin(users, eq(users.id, providers.userId))
    .where(
      and(
        eq(practices.active, true),
        ne(practices.id, req.senderPracticeId),
        exclude.length ? notInArray(practices.id, [...exclude]) : undefined,
        req.referringUserId ? ne(users.id, req.referringUserId) : undefined,
        isNull(users.lockedAt),
        req.insuranceId ? acceptsInsurance(users.id, practices.id, req.insuranceId) : undefined,
        nearEnough(origin, radiusMiles),
      ),
    )
    .orderBy(...byName);
}

/**
 * The tiers a specialty referral would be offered to (ARCHITECTURE.md, Referrals; decisions.md,
 * Referral routing): the sender's networks in order, then everyone else when the sender allows
 * it. Each practice's radius is the request's distance capped by its maxReferralMatchRadius.
 */
export async function computeTiers(db: Db, req: MatchRequest): Promise<referralsApi.MatchTier[]> {
  const radiusMiles = referralsApi.DISTANCE_MILES[req.distance];
  const { origin: senderPlace, timeZone, ...plan } = await planOf(db, req);
  const origin = pointOf(req.latitude, req.longitude) ?? senderPlace;
  const rows = await candidateRows(db, req, origin, radiusMiles);
  // The patient's preferred times are read in the sender's time zone: the patient is its patient.
  const preferences: PreferenceRequest | null =
    req.scheduleType === 'PREFERENCE' && req.schedulePreferences?.length
      ? { preferences: req.schedulePreferences, timeZone, at: req.now }
      : null;

  const byPractice = new Map<number, Candidate>();
  for (const { practice, provider } of rows) {
    let candidate = byPractice.get(practice.id);
    if (!candidate) {
      const limitMiles = Math.min(radiusMiles, practice.maxReferralMatchRadius);
      const place = pointOf(practice.latitude, practice.longitude);
      const miles = origin && place ? distanceMiles(origin, place) : null;
      if (miles !== null && miles > limitMiles) continue;
      candidate = {
        practice: toPracticeSummary(practice),
        distanceMiles: miles === null ? null : tenths(miles),
        limitMiles,
        providers: [],
      };
      if (preferences) candidate.preferenceFit = preferenceFit(practice.openingHours, practice.timezone, preferences);
      byPractice.set(practice.id, candidate);
    }
    candidate.providers.push(toPersonSummary(provider));
  }

  return assembleTiers([...byPractice.values()], {
    ...plan,
    scheduleType: req.scheduleType,
    originKnown: origin !== null,
  });
}
