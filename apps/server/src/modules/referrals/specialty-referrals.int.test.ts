import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createTestClock } from '../../test/clock.js';
import { users } from '../../core/index.js';
import { jobs } from '../../platform/jobs/jobs.table.js';
import { referrals } from './referrals.table.js';
import { signedIn } from '../practices/practices.test-factories.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { makeDue, routingContext, routingWorld, type TestRoutingContext } from './routing/routing.test-factories.js';

/** A specialty referral through the API, from sending to acceptance, with the tiers moving on. */

const MINUTE = 60_000;
const clock = createTestClock();
let t: TestApp;
let jobsCtx: TestRoutingContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  jobsCtx = routingContext(t, clock);
});
afterAll(async () => {
  await jobsCtx?.jobs.stop();
  await t?.close();
});

async function clientOf(userId: number) {
  const [user] = await t.db
    .select()
    .from(users)
    .where(inArray(users.id, [userId]));
  return signedIn(t.app, user);
}

type Detail = referralsApi.ReferralDetail;

describe('a specialty referral through the API', () => {
  it('is offered tier by tier, moves on when a tier declines or runs out, and is accepted once', async () => {
    const w = await routingWorld(t.db, 7);
    const sender = await clientOf(w.referrer.id);
    const patient = await insertPatient(t.db, w.sender.id, { insuranceId: w.insurance.id });

    const preview = await sender.get(
      `/api/v1/referrals/matchCheck?practice=${w.sender.id}&speciality=${w.speciality.id}&insurance=${w.insurance.id}`,
    );
    expect(
      preview.json<referralsApi.MatchCheckResult>().tiers.map((tier) => tier.candidates.map((c) => c.practice.id)),
    ).toEqual([
      [w.birch.practice.id, w.alder.practice.id],
      [w.cedar.practice.id],
      [w.dogwood.practice.id, w.ginkgo.practice.id],
    ]);

    const res = await sender.post('/api/v1/referrals', {
      practiceId: w.sender.id,
      patientId: patient.id,
      specialityId: w.speciality.id,
      scheduleType: 'PREFERENCE',
      schedulePreferences: [{ day: 'TUE', timeOfDay: 'AM' }],
      notes: 'Second opinion',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<Detail>();
    // The insurance comes from the patient's record.
    expect(sent).toMatchObject({
      type: 'SPECIALTY',
      status: 'OFFERED',
      tier: 0,
      speciality: { id: w.speciality.id },
      insurance: { id: w.insurance.id },
      scheduleType: 'PREFERENCE',
      schedulePreferences: [{ day: 'TUE', timeOfDay: 'AM' }],
      matchingDistance: 'NORMAL',
      receivingPractice: null,
    });
    expect(sent.tierExpiresAt).toBe(clock.now().getTime() + 15 * MINUTE);

    const birch = await clientOf(w.birch.providerIds[0]);
    const alder = await clientOf(w.alder.providerIds[0]);
    const cedar = await clientOf(w.cedar.providerIds[0]);
    const inbox = async (client: typeof birch, practiceId: number) =>
      (await client.get(`/api/v1/referrals/inbox?practiceId=${practiceId}`))
        .json<{ data: { id: number }[] }>()
        .data.map((r) => r.id);
    expect(await inbox(birch, w.birch.practice.id)).toEqual([sent.id]);
    expect(await inbox(cedar, w.cedar.practice.id)).toEqual([]);
    expect(
      (await birch.get(`/api/v1/referral/${sent.id}/preferences?practiceId=${w.birch.practice.id}`)).json(),
    ).toEqual({ scheduleType: 'PREFERENCE', schedulePreferences: [{ day: 'TUE', timeOfDay: 'AM' }] });

    // Both practices of the first tier decline: the next tier is offered at once.
    await birch.put(`/api/v1/referral/${sent.id}/reject`, { practiceId: w.birch.practice.id, reason: 'Fully booked' });
    const half = (await sender.get(`/api/v1/referral/${sent.id}?practiceId=${w.sender.id}`)).json<Detail>();
    expect(half.tier).toBe(0);
    await alder.put(`/api/v1/referral/${sent.id}/reject`, { practiceId: w.alder.practice.id });
    expect(await inbox(birch, w.birch.practice.id)).toEqual([]);
    expect(await inbox(cedar, w.cedar.practice.id)).toEqual([sent.id]);

    // Nobody in the second tier answers within its 45 minutes: the outer tier gets it.
    clock.advance(46 * MINUTE);
    await makeDue(t.db);
    await jobsCtx.jobs.drain();
    expect(await inbox(cedar, w.cedar.practice.id)).toEqual([]);
    const dogwood = await clientOf(w.dogwood.providerIds[0]);
    const ginkgo = await clientOf(w.ginkgo.providerIds[0]);
    expect(await inbox(dogwood, w.dogwood.practice.id)).toEqual([sent.id]);

    const [won, lost] = await Promise.all([
      dogwood.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: w.dogwood.practice.id }),
      ginkgo.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: w.ginkgo.practice.id }),
    ]);
    expect([won.statusCode, lost.statusCode].sort()).toEqual([200, 454]);
    const winner = won.statusCode === 200 ? w.dogwood : w.ginkgo;

    const final = (await sender.get(`/api/v1/referral/${sent.id}?practiceId=${w.sender.id}`)).json<Detail>();
    expect(final).toMatchObject({
      status: 'ACCEPTED',
      receivingPractice: { id: winner.practice.id },
      tier: null,
      tierExpiresAt: null,
    });
    expect(final.timeline.map((e) => e.kind)).toEqual([
      'CREATED',
      'OFFERED',
      'REJECTED',
      'REJECTED',
      'OFFERED',
      'TIER_EXPIRED',
      'OFFERED',
      'ACCEPTED',
    ]);
    // The sender heard of every step live.
    await jobsCtx.jobs.drain();
    expect(jobsCtx.events.filter((e) => e.referralId === sent.id).map((e) => e.kind)).toEqual(
      expect.arrayContaining(['OFFERED', 'REJECTED', 'ACCEPTED']),
    );
  });

  it("filters by the insurance the body names, by none when it says null, by the patient's when it says nothing", async () => {
    const w = await routingWorld(t.db, 9);
    const sender = await clientOf(w.referrer.id);
    const patient = await insertPatient(t.db, w.sender.id, { insuranceId: w.insurance.id });
    const send = async (insurance: Record<string, unknown>) => {
      const res = await sender.post('/api/v1/referrals', {
        practiceId: w.sender.id,
        patientId: patient.id,
        specialityId: w.speciality.id,
        scheduleType: 'NEXT',
        ...insurance,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Detail>();
    };
    const patientsOwn = await send({});
    expect(patientsOwn.insurance).toMatchObject({ id: w.insurance.id });
    // Cleared in the form: the match preview (no insurance) and the routing agree.
    const unfiltered = await send({ insuranceId: null });
    expect(unfiltered.insurance).toBeNull();
    const outer = (
      await sender.get(`/api/v1/referrals/matchCheck?practice=${w.sender.id}&speciality=${w.speciality.id}`)
    )
      .json<referralsApi.MatchCheckResult>()
      .tiers.at(-1)!;
    expect(outer.candidates.map((c) => c.practice.id)).toContain(w.ivy.practice.id);
    // Ivy's provider accepts no insurance: only the unfiltered referral reaches it, in the outer tier.
    for (const minutes of [16, 46]) {
      clock.advance(minutes * MINUTE);
      await makeDue(t.db);
      await jobsCtx.jobs.drain();
    }
    const ivy = await clientOf(w.ivy.providerIds[0]);
    const inbox = (await ivy.get(`/api/v1/referrals/inbox?practiceId=${w.ivy.practice.id}`)).json<{
      data: { id: number }[];
    }>();
    expect(inbox.data.map((r) => r.id)).toEqual([unfiltered.id]);
  });

  it('is refused with the reason, and nothing is stored, when no practice matches', async () => {
    const w = await routingWorld(t.db, 8);
    const sender = await clientOf(w.referrer.id);
    const patient = await insertPatient(t.db, w.sender.id, { insuranceId: w.insurance.id });
    const jobsBefore = await t.db.select({ id: jobs.id }).from(jobs);
    // A speciality nobody in this world practises: first with the patient's insurance, then with none.
    for (const [insurance, message] of [
      [{}, 'No practice matches this speciality and insurance near the patient'],
      [{ insuranceId: null }, 'No practice matches this speciality near the patient'],
    ] as const) {
      const res = await sender.post('/api/v1/referrals', {
        practiceId: w.sender.id,
        patientId: patient.id,
        specialityId: w.speciality.id + 500,
        scheduleType: 'URGENT',
        ...insurance,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message,
        issues: [{ path: ['body', 'specialityId'], message }],
      });
    }
    // No referral, expired or otherwise, and no notice or e-mail queued about one.
    expect(await t.db.select().from(referrals).where(eq(referrals.practiceId, w.sender.id))).toEqual([]);
    expect(await t.db.select({ id: jobs.id }).from(jobs)).toEqual(jobsBefore);
  });
});
