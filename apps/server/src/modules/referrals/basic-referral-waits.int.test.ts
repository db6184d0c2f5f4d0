import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createTestClock } from '../../test/clock.js';
import { jobs } from '../../platform/jobs/jobs.table.js';
import { outboxMessages } from '../../platform/delivery/outbox.table.js';
import { practices } from '../../core/index.js';
import { referralOffers, referrals } from './referrals.table.js';
import { referralScene } from './referrals.test-factories.js';
import { makeDue, routingContext, type TestRoutingContext } from './routing/routing.test-factories.js';
import { TIER_EXPIRED_JOB } from './routing/offers.js';

/**
 * A BASIC referral waits for its practice: no deadline, however long the practice takes, until it
 * is accepted, declined or cancelled. Time moves on the test clock and the routing jobs run.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
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

type Detail = referralsApi.ReferralDetail;

async function after(ms: number) {
  clock.advance(ms);
  await makeDue(t.db);
  await jobsCtx.jobs.drain();
}

const expiryJobsOf = (referralId: number) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, TIER_EXPIRED_JOB), eq(jobs.payload, { referralId, tier: 0 })));

describe('a BASIC referral nobody has answered yet', () => {
  it("stays offered with no deadline: days later it is still in the practice's inbox, and it can be accepted", async () => {
    const s = await referralScene(t);
    await t.db.update(practices).set({ tierTimeout: 60 }).where(eq(practices.id, s.a.practice.id));
    await t.db
      .update(practices)
      .set({ liaisonEmails: ['desk@sender.example.test'] })
      .where(eq(practices.id, s.sender.practice.id));
    const sent = await s.send();
    expect(sent).toMatchObject({ status: 'OFFERED', tier: 0, tierExpiresAt: null });
    expect(await expiryJobsOf(sent.id)).toEqual([]);

    await after(10 * DAY);
    const inbox = (await s.a.client.get(`/api/v1/referrals/inbox?practiceId=${s.a.practice.id}`)).json<{
      data: { id: number }[];
    }>();
    expect(inbox.data.map((r) => r.id)).toEqual([sent.id]);
    const offered = (await s.a.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.a.practice.id}`)).json<Detail>();
    expect(offered).toMatchObject({
      status: 'OFFERED',
      tierExpiresAt: null,
      actions: ['accept', 'reject', 'archive', 'comment'],
    });
    expect(offered.timeline.map((e) => e.kind)).toEqual(['CREATED', 'OFFERED']);
    // The sender is not told it ran out: it did not.
    expect(jobsCtx.events.filter((e) => e.referralId === sent.id && e.kind === 'EXPIRED')).toEqual([]);
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'desk@sender.example.test'))).toEqual(
      [],
    );

    const accepted = await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id });
    expect(accepted.json<Detail>()).toMatchObject({ status: 'ACCEPTED', receivingPractice: { id: s.a.practice.id } });
  });

  it('keeps its offer when an expiry job queued before BASIC referrals stopped expiring runs, and drops the stale deadline', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    // As a BASIC referral was stored before: a deadline one tierTimeout away, and its tier job.
    const deadline = new Date(clock.now().getTime() + 60 * MINUTE);
    await t.db.update(referrals).set({ tierExpiresAt: deadline }).where(eq(referrals.id, sent.id));
    await jobsCtx.jobs.enqueue(TIER_EXPIRED_JOB, { referralId: sent.id, tier: 0 }, { runAt: deadline });

    await after(2 * 60 * MINUTE);
    const detail = (
      await s.sender.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.sender.practice.id}`)
    ).json<Detail>();
    expect(detail).toMatchObject({ status: 'OFFERED', tier: 0, tierExpiresAt: null });
    expect(detail.timeline.map((e) => e.kind)).toEqual(['CREATED', 'OFFERED']);
    const [offer] = await t.db.select().from(referralOffers).where(eq(referralOffers.referralId, sent.id));
    expect(offer.status).toBe('OFFERED');
    expect((await s.a.client.get(`/api/v1/referrals/inbox?practiceId=${s.a.practice.id}`)).json().count).toBe(1);
    expect(await expiryJobsOf(sent.id)).toEqual([expect.objectContaining({ doneAt: expect.any(Date) })]);
  });

  it('ends only when answered or cancelled', async () => {
    const s = await referralScene(t);
    const taken = await s.send();
    expect(
      (await s.a.client.put(`/api/v1/referral/${taken.id}/accept`, { practiceId: s.a.practice.id })).statusCode,
    ).toBe(200);
    const withdrawn = await s.send(s.b);
    expect(
      (await s.sender.client.put(`/api/v1/referral/${withdrawn.id}/cancel`, { practiceId: s.sender.practice.id }))
        .statusCode,
    ).toBe(200);

    await after(30 * DAY);
    const statusOf = async (id: number) =>
      (await s.sender.client.get(`/api/v1/referral/${id}?practiceId=${s.sender.practice.id}`)).json<Detail>();
    expect(await statusOf(taken.id)).toMatchObject({
      status: 'ACCEPTED',
      timeline: [{ kind: 'CREATED' }, { kind: 'OFFERED' }, { kind: 'ACCEPTED' }],
    });
    expect(await statusOf(withdrawn.id)).toMatchObject({
      status: 'CANCELLED',
      timeline: [{ kind: 'CREATED' }, { kind: 'OFFERED' }, { kind: 'CANCELLED' }],
    });
  });
});
