import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { AppContext } from '../../../core/index.js';
import type { ReferralRow } from '../referral-access.js';
import { recordAnalytics } from '../../analytics/index.js';
import { queueReferralNotice, type NotifyContext } from '../referral-notifications.js';
import { markUnviewed, recordEvent } from '../referral-records.js';
import { autoArchiveEnded } from '../referral-auto-archive.js';
import { referralOffers, referrals } from '../referrals.table.js';
import { computeTiers } from './matching.js';

/** Runs when a tier's time is up: { referralId, tier }. */
export const TIER_EXPIRED_JOB = 'referral.tier-expired';

/** A tier job that finds the tier not yet over looks again no sooner than this (clock skew must not spin it). */
const RECHECK_MS = 1_000;

export type RoutingContext = NotifyContext & Pick<AppContext, 'clock'>;

export interface OfferOutcome {
  /** The practices offered the referral now (empty when it expired). */
  practiceIds: number[];
  /** No tier was left: the referral is EXPIRED. */
  expired: boolean;
  tier: number | null;
  tierExpiresAt: Date | null;
}

/** No practice is left to ask: the referral ends EXPIRED and the sender hears of it (by e-mail too). */
async function expire(
  ctx: RoutingContext,
  tx: Db,
  referral: ReferralRow,
  now: Date,
  practicesAsked: number,
): Promise<OfferOutcome> {
  await tx
    .update(referrals)
    .set({ status: 'EXPIRED', tier: null, tierExpiresAt: null, updatedAt: now })
    .where(eq(referrals.id, referral.id));
  await recordEvent(tx, referral.id, 'EXPIRED', null, null, { practicesAsked });
  await autoArchiveEnded(tx, referral, 'EXPIRED');
  await markUnviewed(tx, referral.id, [referral.practiceId], null);
  await queueReferralNotice(ctx, tx, {
    referralId: referral.id,
    kind: 'EXPIRED',
    practiceIds: [referral.practiceId],
    emailPracticeIds: [referral.practiceId],
  });
  return { practiceIds: [], expired: true, tier: null, tierExpiresAt: null };
}

/**
 * Offers a BASIC referral to the practice it names, inside the transaction that stores it. It has
 * no deadline: the sender chose this practice, so the referral waits in its inbox until the
 * practice accepts or declines it or the sender cancels it (no tier job, tierExpiresAt null).
 */
export async function offerToNamedPractice(
  ctx: RoutingContext,
  tx: Db,
  referral: ReferralRow,
  target: { id: number },
  actorUserId: number,
): Promise<OfferOutcome> {
  const now = ctx.clock.now();
  await tx.insert(referralOffers).values({ referralId: referral.id, practiceId: target.id, tier: 0, offeredAt: now });
  await tx.update(referrals).set({ tier: 0, tierExpiresAt: null, updatedAt: now }).where(eq(referrals.id, referral.id));
  await recordEvent(tx, referral.id, 'OFFERED', null, null, { tier: 0, practiceIds: [target.id] });
  // Counted like a specialty match, so the practice's analytics see every referral offered to it.
  await recordAnalytics(tx, {
    type: 'referral matched',
    practiceId: target.id,
    details: { referralId: referral.id, tier: 0 },
  });
  await queueReferralNotice(ctx, tx, {
    referralId: referral.id,
    kind: 'OFFERED',
    practiceIds: [referral.practiceId, target.id],
    emailPracticeIds: [target.id],
    actorUserId,
  });
  return { practiceIds: [target.id], expired: false, tier: 0, tierExpiresAt: null };
}

/**
 * Offers a specialty referral to its next tier, inside the caller's transaction with the referral
 * row locked. Tiers are computed afresh (networks and teams change), leaving out every practice
 * offered it before; the next is the first non-empty tier after the current one. The tier's
 * timeout is a job in the same transaction, so it survives restarts. E-mails and the bus event are
 * queued in the transaction too and go out once it commits.
 */
export async function offerNextTier(ctx: RoutingContext, tx: Db, referral: ReferralRow): Promise<OfferOutcome> {
  if (referral.type !== 'SPECIALTY' || referral.specialityId === null)
    throw new Error(`referral ${referral.id} is not matched by speciality`);
  const now = ctx.clock.now();
  const asked = await tx
    .select({ practiceId: referralOffers.practiceId })
    .from(referralOffers)
    .where(eq(referralOffers.referralId, referral.id));
  const tiers = await computeTiers(tx, {
    senderPracticeId: referral.practiceId,
    referringUserId: referral.fromUserId,
    specialityId: referral.specialityId,
    insuranceId: referral.insuranceId,
    latitude: referral.latitude,
    longitude: referral.longitude,
    distance: referral.matchingDistance ?? 'NORMAL',
    scheduleType: referral.scheduleType ?? 'NEXT',
    schedulePreferences: referral.schedulePreferences,
    now,
    excludePracticeIds: asked.map((a) => a.practiceId),
  });
  const next = tiers.find((t) => referral.tier === null || t.tier > referral.tier);
  if (!next) return expire(ctx, tx, referral, now, asked.length);

  const practiceIds = next.candidates.map((c) => c.practice.id);
  const tierExpiresAt = new Date(now.getTime() + next.timeLimitMinutes * 60_000);
  await tx.insert(referralOffers).values(
    next.candidates.map((c) => ({
      referralId: referral.id,
      practiceId: c.practice.id,
      tier: next.tier,
      networkId: c.network?.id ?? null,
      providerIds: c.providers.map((p) => p.id),
      distanceMiles: c.distanceMiles,
      offeredAt: now,
    })),
  );
  await tx
    .update(referrals)
    .set({ tier: next.tier, tierExpiresAt, updatedAt: now })
    .where(eq(referrals.id, referral.id));
  const networkIds = [...new Set(next.candidates.map((c) => c.network?.id ?? null))];
  await recordEvent(tx, referral.id, 'OFFERED', null, null, {
    tier: next.tier,
    kind: next.kind,
    networkId: networkIds.length === 1 ? networkIds[0] : null,
    practiceIds,
    timeLimitMinutes: next.timeLimitMinutes,
  });
  await ctx.jobs.enqueue(TIER_EXPIRED_JOB, { referralId: referral.id, tier: next.tier }, { tx, runAt: tierExpiresAt });
  await recordAnalytics(
    tx,
    ...practiceIds.map((practiceId) => ({
      type: 'referral matched' as const,
      practiceId,
      details: { referralId: referral.id, tier: next.tier },
    })),
  );
  // The sender follows its referral live; only the practices offered it get e-mail.
  await queueReferralNotice(ctx, tx, {
    referralId: referral.id,
    kind: 'OFFERED',
    practiceIds: [referral.practiceId, ...practiceIds],
    emailPracticeIds: practiceIds,
  });
  return { practiceIds, expired: false, tier: next.tier, tierExpiresAt };
}

/**
 * After a practice declines (the caller holds the row lock and has marked its offer REJECTED):
 * when nobody in the current tier is left to answer, the next tier is offered at once. Returns
 * null while the tier still has live offers.
 */
export async function advanceIfTierExhausted(
  ctx: RoutingContext,
  tx: Db,
  referral: ReferralRow,
): Promise<OfferOutcome | null> {
  if (referral.status !== 'OFFERED' || referral.tier === null) return null;
  const [live] = await tx
    .select({ n: count() })
    .from(referralOffers)
    .where(
      and(
        eq(referralOffers.referralId, referral.id),
        eq(referralOffers.tier, referral.tier),
        eq(referralOffers.status, 'OFFERED'),
      ),
    );
  return live.n > 0 ? null : offerNextTier(ctx, tx, referral);
}

/**
 * The TIER_EXPIRED_JOB: when a specialty referral is still waiting on that tier and its time is up
 * (by ctx.clock), the tier's unanswered offers expire and the next tier is offered. Anything else
 * (accepted, cancelled, moved on meanwhile) makes it a no-op, so running it twice is harmless.
 * Early (the job queue goes by the database's clock), it looks again when the tier ends.
 */
export async function expireTier(ctx: RoutingContext, referralId: number, tier: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Not lockReferral: a referral deleted meanwhile simply has nothing left to expire.
    const [referral] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).for('update');
    if (!referral) return;
    // BASIC referrals once ran out after their practice's tierTimeout; a job queued then finds one
    // that now waits for an answer. Only the stale deadline goes; its offer and status stay.
    if (referral.type === 'BASIC') {
      if (referral.tierExpiresAt)
        await tx.update(referrals).set({ tierExpiresAt: null }).where(eq(referrals.id, referralId));
      return;
    }
    if (referral.status !== 'OFFERED' || referral.tier !== tier || !referral.tierExpiresAt) return;
    const now = ctx.clock.now();
    if (referral.tierExpiresAt > now) {
      const runAt = new Date(Math.max(referral.tierExpiresAt.getTime(), now.getTime() + RECHECK_MS));
      await ctx.jobs.enqueue(TIER_EXPIRED_JOB, { referralId, tier }, { tx, runAt });
      return;
    }
    const lapsed = await tx
      .update(referralOffers)
      .set({ status: 'EXPIRED' })
      .where(
        and(
          eq(referralOffers.referralId, referralId),
          eq(referralOffers.tier, tier),
          eq(referralOffers.status, 'OFFERED'),
        ),
      )
      .returning({ practiceId: referralOffers.practiceId });
    const practiceIds = lapsed.map((l) => l.practiceId);
    await recordEvent(tx, referralId, 'TIER_EXPIRED', null, null, { tier, practiceIds });
    // Their inboxes drop it at once; no e-mail for a tier running out.
    await queueReferralNotice(ctx, tx, {
      referralId,
      kind: 'TIER_EXPIRED',
      practiceIds: [referral.practiceId, ...practiceIds],
      emailPracticeIds: [],
    });
    await offerNextTier(ctx, tx, referral);
  });
}
