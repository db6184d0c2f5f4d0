import { and, asc, count, desc, eq, gte, inArray, max, not, sql } from 'drizzle-orm';
import { worklistApi, type referralsApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type Caller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { referralEvents, referralOffers, referrals, referralViews } from './referrals.table.js';
import { archivedBy } from './referral-queries.js';
import { summariesOf } from './referral-views.js';
import { auditReferral } from './referral-records.js';

const DAY_MS = 24 * 60 * 60_000;
const NEWS = worklistApi.SentReferralStatus.options;

const fullName = (patient: referralsApi.ReferralSummary['patient']) => `${patient.firstName} ${patient.lastName}`;
const nameOf = (practice: referralsApi.ReferralSummary['practice'] | null) =>
  practice && { id: practice.id, name: practice.name };

/**
 * The referral sections of a practice's worklist, as the caller sees them: what is offered to the
 * practice and waits for its answer, and what became of the referrals it sent since the caller last
 * looked. Audited like any list of referrals, since it names their patients.
 */
export async function referralWorklist(
  ctx: AppContext,
  caller: Caller,
  practiceId: number,
  client: ClientInfo,
  limit: number,
): Promise<Pick<worklistApi.Worklist, 'waitingReferrals' | 'sentReferralNews'>> {
  const { db } = ctx;
  await authorizePractice(db, caller, practiceId, 'referrals.view');
  const viewer = { practiceId, userId: caller.user.id };

  // A live offer to the practice that it has not archived, as the inbox shows it.
  const waiting = and(eq(referrals.status, 'OFFERED'), not(archivedBy(practiceId)));
  const liveOffer = and(
    eq(referralOffers.referralId, referrals.id),
    eq(referralOffers.practiceId, practiceId),
    eq(referralOffers.status, 'OFFERED'),
  );

  // Decided (docs/decisions.md, Home worklist and notifications): news is the referral's present
  // status, reached by another practice or the clock within SENT_NEWS_DAYS, that the caller has not
  // opened since: every answer clears the viewed marks of the sender's people (markUnviewed),
  // opening sets one.
  const since = new Date(ctx.clock.now().getTime() - worklistApi.SENT_NEWS_DAYS * DAY_MS);
  const changedAt = max(referralEvents.at);
  const changed = db
    .select({ id: referrals.id, changedAt: changedAt.as('changed_at') })
    .from(referrals)
    .innerJoin(
      referralEvents,
      and(
        eq(referralEvents.referralId, referrals.id),
        sql`${referralEvents.kind} = ${referrals.status}`,
        sql`${referralEvents.practiceId} is distinct from ${practiceId}`,
      ),
    )
    .where(
      and(
        eq(referrals.practiceId, practiceId),
        inArray(referrals.status, NEWS),
        not(archivedBy(practiceId)),
        sql`not exists (select 1 from ${referralViews} where ${referralViews.referralId} = ${referrals.id} and ${referralViews.userId} = ${caller.user.id})`,
      ),
    )
    .groupBy(referrals.id)
    .having(gte(changedAt, since))
    .as('changed');

  const [waitingRows, [waitingTotal], newsRows, [newsTotal]] = await Promise.all([
    db
      .select({ referral: referrals, offeredAt: referralOffers.offeredAt })
      .from(referrals)
      .innerJoin(referralOffers, liveOffer)
      .where(waiting)
      .orderBy(sql`${referrals.tierExpiresAt} asc nulls last`, asc(referralOffers.offeredAt), asc(referrals.id))
      .limit(limit),
    db.select({ n: count() }).from(referrals).innerJoin(referralOffers, liveOffer).where(waiting),
    db
      .select({ referral: referrals, changedAt: changed.changedAt })
      .from(changed)
      .innerJoin(referrals, eq(referrals.id, changed.id))
      .orderBy(desc(changed.changedAt), desc(referrals.id))
      .limit(limit),
    db.select({ n: count() }).from(changed),
  ]);

  const [waitingSummaries, newsSummaries] = await Promise.all([
    summariesOf(
      db,
      waitingRows.map((r) => r.referral),
      viewer,
    ),
    summariesOf(
      db,
      newsRows.map((r) => r.referral),
      viewer,
    ),
  ]);
  await auditReferral(ctx, caller, client, 'listed', null, practiceId, {
    type: 'worklist',
    referralIds: [...waitingRows, ...newsRows].map((r) => r.referral.id),
  });

  return {
    waitingReferrals: {
      count: waitingTotal?.n ?? 0,
      items: waitingSummaries.map((s, i) => ({
        id: s.id,
        type: s.type,
        patientName: fullName(s.patient),
        fromPractice: nameOf(s.practice)!,
        speciality: s.speciality?.name ?? null,
        offeredAt: waitingRows[i].offeredAt.getTime(),
        answerBy: waitingRows[i].referral.tierExpiresAt?.getTime() ?? null,
        viewed: s.viewed,
      })),
    },
    sentReferralNews: {
      count: newsTotal?.n ?? 0,
      items: newsSummaries.map((s, i) => ({
        id: s.id,
        patientName: fullName(s.patient),
        status: s.status as worklistApi.SentReferralStatus,
        byPractice: s.status === 'EXPIRED' ? null : nameOf(s.receivingPractice),
        changedAt: new Date(newsRows[i].changedAt!).getTime(),
      })),
    },
  };
}
