import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createTestClock } from '../../../test/clock.js';
import { jobs } from '../../../platform/jobs/jobs.table.js';
import { outboxMessages } from '../../../platform/delivery/outbox.table.js';
import { analyticsEvents } from '../../analytics/analytics.table.js';
import { practices, users } from '../../../core/index.js';
import { referralOffers, referrals } from '../referrals.table.js';
import { advanceIfTierExhausted, expireTier, TIER_EXPIRED_JOB } from './offers.js';
import {
  cataloguePair,
  makeDue,
  offersOf,
  referralById,
  routingContext,
  routingWorld,
  sendSpecialtyReferral,
  timelineOf,
  type TestRoutingContext,
} from './routing.test-factories.js';

const MINUTE = 60_000;

let t: TestApp;
let world = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let clock: ReturnType<typeof createTestClock>;
let ctx: TestRoutingContext;
beforeEach(() => {
  clock = createTestClock();
  ctx = routingContext(t, clock);
});
afterEach(async () => {
  await ctx.jobs.stop();
  // Each test runs its own jobs only.
  await t.db.delete(jobs);
});

/** Moves the test clock on and runs whatever tier jobs that makes due, and the notices they queue. */
async function after(ms: number) {
  clock.advance(ms);
  await makeDue(t.db);
  await ctx.jobs.drain();
}

const offered = async (referralId: number) =>
  (await offersOf(t.db, referralId)).map((o) => [o.tier, o.practiceId, o.status] as const);
const kinds = async (referralId: number) => (await timelineOf(t.db, referralId)).map((e) => e.kind);
const emailsOf = async (userIds: number[]) =>
  (await t.db.select({ email: users.email }).from(users).where(inArray(users.id, userIds))).map((u) => u.email!);
const mailTo = (to: string) =>
  t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(asc(outboxMessages.id));

describe('offering a specialty referral tier by tier', () => {
  it('offers the first tier, then each next one as its time runs out, and ends EXPIRED', async () => {
    const w = await routingWorld(t.db, world++);
    const started = clock.now().getTime();
    const { referral, outcome } = await sendSpecialtyReferral(ctx, w);
    expect(outcome).toEqual({
      practiceIds: [w.birch.practice.id, w.alder.practice.id],
      expired: false,
      tier: 0,
      tierExpiresAt: new Date(started + 15 * MINUTE),
    });
    expect(await referralById(t.db, referral.id)).toMatchObject({
      status: 'OFFERED',
      tier: 0,
      tierExpiresAt: new Date(started + 15 * MINUTE),
    });
    const birch = (await offersOf(t.db, referral.id)).find((o) => o.practiceId === w.birch.practice.id);
    expect(birch).toMatchObject({
      practiceId: w.birch.practice.id,
      tier: 0,
      networkId: w.trusted.id,
      providerIds: w.birch.providerIds,
      distanceMiles: 3,
      status: 'OFFERED',
    });
    const [offeredEvent] = await timelineOf(t.db, referral.id);
    expect(offeredEvent).toMatchObject({
      kind: 'OFFERED',
      actorUserId: null,
      details: { tier: 0, kind: 'NETWORK', networkId: w.trusted.id, practiceIds: outcome.practiceIds },
    });
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, TIER_EXPIRED_JOB));
    expect(job).toMatchObject({
      payload: { referralId: referral.id, tier: 0 },
      runAt: new Date(started + 15 * MINUTE),
    });
    const matched = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.type, 'referral matched'));
    expect(
      matched
        .filter((m) => m.details.referralId === referral.id)
        .map((m) => m.practiceId)
        .sort(),
    ).toEqual([...outcome.practiceIds].sort());

    // A second early: nothing moves (the job looks again later).
    await after(15 * MINUTE - 1_000);
    expect(await referralById(t.db, referral.id)).toMatchObject({ tier: 0 });
    await after(1_000);
    expect(await referralById(t.db, referral.id)).toMatchObject({
      status: 'OFFERED',
      tier: 1,
      tierExpiresAt: new Date(started + 60 * MINUTE),
    });
    expect(await offered(referral.id)).toEqual([
      [0, w.alder.practice.id, 'EXPIRED'],
      [0, w.birch.practice.id, 'EXPIRED'],
      [1, w.cedar.practice.id, 'OFFERED'],
    ]);

    await after(45 * MINUTE);
    expect(await referralById(t.db, referral.id)).toMatchObject({
      tier: 2,
      tierExpiresAt: new Date(started + 90 * MINUTE),
    });
    expect((await offered(referral.id)).filter(([tier]) => tier === 2).map(([, id]) => id)).toEqual(
      [w.dogwood.practice.id, w.ginkgo.practice.id].sort((a, b) => a - b),
    );

    await after(30 * MINUTE);
    expect(await referralById(t.db, referral.id)).toMatchObject({ status: 'EXPIRED', tier: null, tierExpiresAt: null });
    expect(await kinds(referral.id)).toEqual([
      'OFFERED',
      'TIER_EXPIRED',
      'OFFERED',
      'TIER_EXPIRED',
      'OFFERED',
      'TIER_EXPIRED',
      'EXPIRED',
    ]);
    expect((await offered(referral.id)).every(([, , status]) => status === 'EXPIRED')).toBe(true);
    const [expiredMail] = await mailTo((await emailsOf([w.referrer.id]))[0]);
    expect(expiredMail).toMatchObject({ subject: 'No practice accepted the referral in time' });
    expect(expiredMail.body).toContain(`${t.config.publicUrl}/referrals/view/${referral.id}`);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, TIER_EXPIRED_JOB))).toSatisfy(
      (rows: { doneAt: Date | null }[]) => rows.every((r) => r.doneAt),
    );
  });

  it("e-mails the practices offered (liaison e-mails first) and publishes REFERRAL_CHANGED, without the patient's name", async () => {
    const w = await routingWorld(t.db, world++);
    await t.db
      .update(practices)
      .set({ liaisonEmails: ['desk@alder.example.test'] })
      .where(eq(practices.id, w.alder.practice.id));
    const { referral, patient } = await sendSpecialtyReferral(ctx, w);
    // Nothing is published before the transaction's notice job runs.
    expect(ctx.events).toEqual([]);
    await ctx.jobs.drain();

    expect(ctx.events).toEqual([
      {
        referralId: referral.id,
        kind: 'OFFERED',
        practiceIds: [w.sender.id, w.birch.practice.id, w.alder.practice.id],
      },
    ]);
    const [birchMail] = await mailTo((await emailsOf(w.birch.providerIds))[0]);
    expect(birchMail).toMatchObject({ subject: 'A referral is waiting for your practice' });
    expect(birchMail.body).toContain(`${w.sender.name} sent your practice a referral (#${referral.id})`);
    expect(birchMail.body).toContain(`${t.config.publicUrl}/referrals/view/${referral.id}`);
    for (const secret of [patient.firstName, patient.lastName, w.speciality.name])
      expect(birchMail.body).not.toContain(secret);
    expect(await mailTo('desk@alder.example.test')).toHaveLength(1);
    expect(await mailTo((await emailsOf(w.alder.providerIds))[0])).toEqual([]);
    // The sender follows along on the bus but gets no e-mail for an offer.
    expect(await mailTo((await emailsOf([w.referrer.id]))[0])).toEqual([]);

    await after(15 * MINUTE);
    // One transaction's notices run side by side, so their order is not fixed.
    const heard = ctx.events
      .filter((e) => e.referralId === referral.id)
      .map((e) => `${e.kind} ${[...e.practiceIds].sort((a, b) => a - b).join(',')}`);
    const ids = (...practiceIds: number[]) => practiceIds.sort((a, b) => a - b).join(',');
    expect(heard.sort()).toEqual([
      `OFFERED ${ids(w.sender.id, w.birch.practice.id, w.alder.practice.id)}`,
      `OFFERED ${ids(w.sender.id, w.cedar.practice.id)}`,
      `TIER_EXPIRED ${ids(w.sender.id, w.alder.practice.id, w.birch.practice.id)}`,
    ]);
  });

  it('leaves a referral accepted meanwhile alone, however often the job runs', async () => {
    const w = await routingWorld(t.db, world++);
    const { referral } = await sendSpecialtyReferral(ctx, w);
    await t.db
      .update(referrals)
      .set({ status: 'ACCEPTED', receivingPracticeId: w.birch.practice.id, tier: null, tierExpiresAt: null })
      .where(eq(referrals.id, referral.id));
    await after(15 * MINUTE);
    await expireTier(ctx, referral.id, 0);
    expect(await referralById(t.db, referral.id)).toMatchObject({ status: 'ACCEPTED' });
    expect(await kinds(referral.id)).toEqual(['OFFERED']);
  });

  it('moves on only once when a tier job runs twice', async () => {
    const w = await routingWorld(t.db, world++);
    const { referral } = await sendSpecialtyReferral(ctx, w);
    clock.advance(15 * MINUTE);
    await expireTier(ctx, referral.id, 0);
    await expireTier(ctx, referral.id, 0);
    expect(await kinds(referral.id)).toEqual(['OFFERED', 'TIER_EXPIRED', 'OFFERED']);
    expect(await referralById(t.db, referral.id)).toMatchObject({ tier: 1 });
  });

  it('survives a restart: the tier timeout is in the jobs table, not in memory', async () => {
    const w = await routingWorld(t.db, world++);
    const { referral } = await sendSpecialtyReferral(ctx, w);
    // The server goes away before the tier runs out ...
    await ctx.jobs.stop();
    await ctx.bus.close();
    // ... and a new one, with nothing in memory, starts over the same database.
    ctx = routingContext(t, clock);
    await after(15 * MINUTE);
    expect(await referralById(t.db, referral.id)).toMatchObject({ status: 'OFFERED', tier: 1 });
    expect(await offered(referral.id)).toContainEqual([1, w.cedar.practice.id, 'OFFERED']);
  });

  it('URGENT offers every network at once for the shortest time limit, then the rest', async () => {
    const w = await routingWorld(t.db, world++);
    const { referral, outcome } = await sendSpecialtyReferral(ctx, w, { scheduleType: 'URGENT' });
    expect(outcome.practiceIds).toEqual([w.birch.practice.id, w.alder.practice.id, w.cedar.practice.id]);
    expect(outcome.tierExpiresAt).toEqual(new Date(clock.now().getTime() + 15 * MINUTE));
    await after(15 * MINUTE);
    expect(await referralById(t.db, referral.id)).toMatchObject({ tier: 2 });
  });

  it('goes outside the networks only when the sender allows it', async () => {
    const w = await routingWorld(t.db, world++, { allowOuterNetworkMatching: false });
    const { referral } = await sendSpecialtyReferral(ctx, w);
    await after(15 * MINUTE);
    await after(45 * MINUTE);
    expect(await referralById(t.db, referral.id)).toMatchObject({ status: 'EXPIRED' });
    expect((await offered(referral.id)).map(([tier]) => tier)).toEqual([0, 0, 1]);
  });

  it('moves on at once when every practice of the tier has declined, and only then', async () => {
    const w = await routingWorld(t.db, world++);
    const { referral } = await sendSpecialtyReferral(ctx, w);
    const decline = async (practiceId: number) => {
      await t.db
        .update(referralOffers)
        .set({ status: 'REJECTED' })
        .where(and(eq(referralOffers.referralId, referral.id), eq(referralOffers.practiceId, practiceId)));
      return t.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(referrals).where(eq(referrals.id, referral.id)).for('update');
        return advanceIfTierExhausted(ctx, tx, locked);
      });
    };
    expect(await decline(w.birch.practice.id)).toBeNull();
    clock.advance(5 * MINUTE);
    expect(await decline(w.alder.practice.id)).toMatchObject({
      practiceIds: [w.cedar.practice.id],
      tier: 1,
      tierExpiresAt: new Date(clock.now().getTime() + 45 * MINUTE),
    });
    expect(await offered(referral.id)).toEqual([
      [0, w.alder.practice.id, 'REJECTED'],
      [0, w.birch.practice.id, 'REJECTED'],
      [1, w.cedar.practice.id, 'OFFERED'],
    ]);
    expect(await kinds(referral.id)).toEqual(['OFFERED', 'OFFERED']);
    // The first tier's timeout comes and finds it already moved on.
    await after(10 * MINUTE);
    expect(await referralById(t.db, referral.id)).toMatchObject({ tier: 1 });
  });

  it('expires at once when no practice matches at all', async () => {
    const w = await routingWorld(t.db, world++);
    const { speciality: unpractised } = await cataloguePair(t.db, 500);
    const { referral, outcome } = await sendSpecialtyReferral(ctx, w, {
      insurance: false,
      specialityId: unpractised.id,
    });
    expect(outcome).toEqual({ practiceIds: [], expired: true, tier: null, tierExpiresAt: null });
    expect(await referralById(t.db, referral.id)).toMatchObject({ status: 'EXPIRED', tier: null });
    expect(await kinds(referral.id)).toEqual(['EXPIRED']);
    await ctx.jobs.drain();
    expect(ctx.events).toEqual([{ referralId: referral.id, kind: 'EXPIRED', practiceIds: [w.sender.id] }]);
    expect((await mailTo((await emailsOf([w.referrer.id]))[0])).map((m) => m.subject)).toEqual([
      'No practice accepted the referral in time',
    ]);
  });
});
