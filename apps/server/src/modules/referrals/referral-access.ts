import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Role } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { referralOffers, referrals } from './referrals.table.js';
import { authorizePractice, practiceIdsOf, type Caller } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';

export type ReferralRow = typeof referrals.$inferSelect;

/**
 * How a practice stands to a referral. Only these practices see it: the sender, the practice that
 * accepted it, and practices holding a live offer. A practice whose offer was declined, ran out or
 * went elsewhere no longer sees the patient's details.
 */
export type ReferralParty = 'SENDER' | 'RECEIVER' | 'OFFERED';

export interface ReferralAccess {
  referral: ReferralRow;
  party: ReferralParty;
  /** The caller's roles in the practice (empty for an API key). */
  roles: Role[];
}

const noSuchReferral = () => new AppError('OBJECT_NOT_FOUND', 'No such referral');

/** The practice's standing on the referral, or null when it may not see it. */
export async function referralPartyOf(
  db: Db,
  referral: ReferralRow,
  practiceId: number,
): Promise<ReferralParty | null> {
  if (referral.practiceId === practiceId) return 'SENDER';
  if (referral.receivingPracticeId === practiceId) return 'RECEIVER';
  const [offer] = await db
    .select({ status: referralOffers.status })
    .from(referralOffers)
    .where(and(eq(referralOffers.referralId, referral.id), eq(referralOffers.practiceId, practiceId)));
  return offer?.status === 'OFFERED' && referral.status === 'OFFERED' ? 'OFFERED' : null;
}

/** Every practice that sees the referral now (for mentions and notifications). */
export async function practicesSeeingReferral(db: Db, referral: ReferralRow): Promise<number[]> {
  const ids = new Set([referral.practiceId]);
  if (referral.receivingPracticeId) ids.add(referral.receivingPracticeId);
  if (referral.status === 'OFFERED') {
    const offers = await db
      .select({ practiceId: referralOffers.practiceId })
      .from(referralOffers)
      .where(and(eq(referralOffers.referralId, referral.id), eq(referralOffers.status, 'OFFERED')));
    for (const o of offers) ids.add(o.practiceId);
  }
  return [...ids];
}

/**
 * The one check in front of every referral call: the caller may do `action` in `practiceId`
 * (403 otherwise), and that practice sees the referral (456 otherwise, as for a missing one, since
 * a referral's existence is itself private).
 */
export async function authorizeReferral(
  db: Db,
  caller: Caller,
  referralId: number,
  practiceId: number,
  action: 'referrals.view' | 'referrals.manage',
): Promise<ReferralAccess> {
  const roles = await authorizePractice(db, caller, practiceId, action);
  const [referral] = await db.select().from(referrals).where(eq(referrals.id, referralId));
  if (!referral) throw noSuchReferral();
  const party = await referralPartyOf(db, referral, practiceId);
  if (!party) throw noSuchReferral();
  return { referral, party, roles };
}

/** Whether any practice the caller acts for sees the referral (files attached to it, say). */
export async function callerSeesReferral(db: Db, caller: Caller, referralId: number): Promise<boolean> {
  const mine = caller.apiKey ? [caller.apiKey.practiceId] : await practiceIdsOf(db, caller.user.id);
  if (!mine.length) return false;
  const [row] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.id, referralId),
        or(
          inArray(referrals.practiceId, mine),
          inArray(referrals.receivingPracticeId, mine),
          and(
            eq(referrals.status, 'OFFERED'),
            sql`exists (select 1 from ${referralOffers} where ${referralOffers.referralId} = ${referrals.id}
              and ${referralOffers.status} = 'OFFERED' and ${inArray(referralOffers.practiceId, mine)})`,
          ),
        ),
      ),
    );
  return row !== undefined;
}
