import { and, desc, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import type { ReferralRow } from './referral-access.js';
import { containsPattern, practices, users } from '../../core/index.js';
import { patientIdsNamedLike } from '../patients/index.js';
import { specialityIdsLike } from '../catalogues/index.js';
import { referralArchives, referralOffers, referrals } from './referrals.table.js';

/**
 * Referrals on offer to the practice right now. The offered ids come as an array so that the
 * planner fetches those rows by primary key; with `id in (subquery)` it read every OFFERED
 * referral on the platform and filtered them (README, Benchmarks).
 */
const offeredTo = (practiceId: number) =>
  and(
    eq(referrals.status, 'OFFERED'),
    sql`${referrals.id} = any(array(select ${referralOffers.referralId} from ${referralOffers}
      where ${referralOffers.practiceId} = ${practiceId} and ${referralOffers.status} = 'OFFERED'))`,
  )!;

/**
 * EXISTS rather than IN: the planner may then anti-join or probe the key per referral instead of
 * hashing everything the practice ever archived, which only grows.
 */
export const archivedBy = (practiceId: number) =>
  sql`exists (select 1 from ${referralArchives} where ${referralArchives.referralId} = ${referrals.id} and ${referralArchives.practiceId} = ${practiceId})`;

/** Everything the practice sees: what it sent, what it accepted, what is on offer to it. */
export const seenBy = (practiceId: number): SQL =>
  or(eq(referrals.practiceId, practiceId), eq(referrals.receivingPracticeId, practiceId), offeredTo(practiceId))!;

/** The practice's list of each type. */
export function listCondition(type: referralsApi.ReferralListType, practiceId: number): SQL {
  switch (type) {
    case 'inbox':
      return and(
        or(eq(referrals.receivingPracticeId, practiceId), offeredTo(practiceId)),
        not(archivedBy(practiceId)),
      )!;
    case 'sent':
      return and(eq(referrals.practiceId, practiceId), not(archivedBy(practiceId)))!;
    case 'archived':
      return and(seenBy(practiceId), archivedBy(practiceId))!;
  }
}

export interface ListFilters {
  updatedSince?: number;
  /** The referring or receiving provider. */
  provider?: number;
  patientName?: string;
}

const patientNameMatches = (text: string) => inArray(referrals.patientId, patientIdsNamedLike(containsPattern(text)));

export function filterConditions(f: ListFilters): SQL[] {
  const conditions: SQL[] = [];
  // Clients hold milliseconds; PostgreSQL keeps microseconds, so compare at the clients' precision.
  if (f.updatedSince !== undefined)
    conditions.push(sql`date_trunc('milliseconds', ${referrals.updatedAt}) > ${new Date(f.updatedSince)}`);
  if (f.provider !== undefined)
    conditions.push(or(eq(referrals.fromUserId, f.provider), eq(referrals.receivingUserId, f.provider))!);
  if (f.patientName) conditions.push(patientNameMatches(f.patientName));
  return conditions;
}

export async function pageOf(
  db: Db,
  where: SQL,
  page: number,
  pageSize: number,
): Promise<{ rows: ReferralRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(referrals)
      .where(where)
      .orderBy(desc(referrals.updatedAt), desc(referrals.id))
      .limit(pageSize)
      .offset(page * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(referrals)
      .where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** Search matches the patient's name, either practice's name, either provider's name or the speciality. */
export function searchCondition(text: string): SQL {
  const pattern = containsPattern(text);
  const practiceIds = sql`(select ${practices.id} from ${practices} where lower(${practices.name}) like ${pattern})`;
  const userIds = sql`(select ${users.id} from ${users} where lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern})`;
  const specialityIds = specialityIdsLike(pattern);
  return or(
    patientNameMatches(text),
    inArray(referrals.practiceId, practiceIds),
    inArray(referrals.receivingPracticeId, practiceIds),
    inArray(referrals.targetPracticeId, practiceIds),
    inArray(referrals.fromUserId, userIds),
    inArray(referrals.receivingUserId, userIds),
    inArray(referrals.specialityId, specialityIds),
  )!;
}
