import { eq, sql } from 'drizzle-orm';
import { referralsApi, type ValidationIssue } from '@referwell/contracts';
import type { Db } from '../../../db/client.js';
import { authorizePractice, practiceMembers, practices, type Caller } from '../../../core/index.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import type { HandlerInput } from '../../../platform/http.js';
import { insuranceExistsSql, specialityExistsSql } from '../../catalogues/index.js';
import { computeTiers } from './matching.js';

type MatchQuery = HandlerInput<typeof referralsApi.matchCheck>['query'];

/** One round trip for the three things the query names besides the practice (known to exist by now). */
async function assertKnown(db: Db, q: MatchQuery) {
  const [row] = await db
    .select({
      speciality: specialityExistsSql(q.speciality),
      insurance: q.insurance === undefined ? sql<boolean>`true` : insuranceExistsSql(q.insurance),
      provider:
        q.provider === undefined
          ? sql<boolean>`true`
          : sql<boolean>`exists (select 1 from ${practiceMembers}
            where ${practiceMembers.userId} = ${q.provider} and ${practiceMembers.practiceId} = ${practices.id})`,
    })
    .from(practices)
    .where(eq(practices.id, q.practice));
  const issues: ValidationIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ path: ['querystring', field], message });
  if (!row.speciality) issue('speciality', 'Unknown speciality');
  if (!row.insurance) issue('insurance', 'Unknown insurance');
  if (!row.provider) issue('provider', 'The referring provider must be a member of the practice');
  if (issues.length) throw new AppError('BAD_REQUEST', issues[0].message, issues);
}

/**
 * GET /referrals/matchCheck: the tiers a specialty referral from the practice would be offered
 * to now. Nothing about a patient is read, so it is not audited. A signed-in caller who names no
 * provider is taken as the referring provider (never matched to themselves).
 */
export function createMatchCheck(db: Db, clock: Clock) {
  return async (caller: Caller, q: MatchQuery): Promise<referralsApi.MatchCheckResult> => {
    await authorizePractice(db, caller, q.practice, 'referrals.manage');
    await assertKnown(db, q);
    const tiers = await computeTiers(db, {
      senderPracticeId: q.practice,
      referringUserId: q.provider ?? (caller.apiKey ? null : caller.user.id),
      specialityId: q.speciality,
      insuranceId: q.insurance,
      latitude: q.latitude,
      longitude: q.longitude,
      distance: q.matchingDistance,
      scheduleType: q.scheduleType,
      schedulePreferences: q.schedulePreferences,
      now: clock.now(),
    });
    return { tiers, radiusMiles: referralsApi.DISTANCE_MILES[q.matchingDistance] };
  };
}
export type MatchCheck = ReturnType<typeof createMatchCheck>;
