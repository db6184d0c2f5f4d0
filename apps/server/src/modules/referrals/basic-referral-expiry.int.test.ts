import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createTestClock } from '../../test/clock.js';
import { jobs } from '../../platform/jobs/jobs.table.js';
import { outboxMessages } from '../../platform/delivery/outbox.table.js';
import { practices } from '../practices/practices.table.js';
import { referralOffers } from './referrals.table.js';
import { referralScene } from './referrals.test-factories.js';
import { makeDue, routingContext, type TestRoutingContext } from './routing/routing.test-factories.js';
import { TIER_EXPIRED_JOB } from './routing/offers.js';

/** A BASIC referral runs out like a specialty tier: after its practice's tierTimeout, on the test clock. */

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

type Detail = referralsApi.ReferralDetail;

async function after(ms: number) {
  clock.advance(ms);
  await makeDue(t.db);
  await jobsCtx.jobs.drain();
}

describe('a BASIC referral nobody answers', () => {
  it('ends EXPIRED after the named practice\'s tierTimeout, and the sender hears of it', async () => {
    const s = await referralScene(t);
    await t.db.update(practices).set({ tierTimeout: 120 }).where(eq(practices.id, s.a.practice.id));
    await t.db.update(practices).set({ liaisonEmails: ['desk@sender.example.test'] }).where(eq(practices.id, s.sender.practice.id));
    const sent = await s.send();
    const started = clock.now().getTime();
    expect(sent).toMatchObject({ status: 'OFFERED', tier: 0, tierExpiresAt: started + 120 * MINUTE });
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, TIER_EXPIRED_JOB));
    expect(job).toMatchObject({ payload: { referralId: sent.id, tier: 0 }, runAt: new Date(started + 120 * MINUTE) });

    await after(119 * MINUTE);
    expect((await s.a.client.get(`/api/v1/referrals/inbox?practiceId=${s.a.practice.id}`)).json().count).toBe(1);
    await after(MINUTE);

    const detail = (await s.sender.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.sender.practice.id}`)).json<Detail>();
    expect(detail).toMatchObject({ status: 'EXPIRED', tier: null, tierExpiresAt: null, actions: ['archive', 'comment'] });
    expect(detail.timeline.map((e) => e.kind)).toEqual(['CREATED', 'OFFERED', 'EXPIRED']);
    // The practice asked no longer sees it, and cannot accept it late.
    expect((await s.a.client.get(`/api/v1/referrals/inbox?practiceId=${s.a.practice.id}`)).json().count).toBe(0);
    expect((await s.a.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.a.practice.id}`)).statusCode).toBe(456);
    expect((await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id })).json().message)
      .toBe('A referral that is expired cannot be accepted');
    const [offer] = await t.db.select().from(referralOffers).where(eq(referralOffers.referralId, sent.id));
    expect(offer!.status).toBe('EXPIRED');

    // Like a specialty referral's expiry: live to both practices, e-mail to the sender only.
    expect(jobsCtx.events.filter((e) => e.referralId === sent.id && e.kind === 'EXPIRED')).toEqual([
      { referralId: sent.id, kind: 'EXPIRED', practiceIds: [s.sender.practice.id, s.a.practice.id] },
    ]);
    const mail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'desk@sender.example.test')).orderBy(asc(outboxMessages.id));
    expect(mail.map((m) => m.subject)).toEqual(['No practice accepted the referral in time']);
    expect(mail[0]!.body).toContain(`Referral #${sent.id} was not accepted by ${s.a.practice.name} in time.`);
  });

  it('is left alone once its practice has answered', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    expect((await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id })).statusCode).toBe(200);
    await after(24 * 60 * MINUTE);
    const detail = (await s.sender.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.sender.practice.id}`)).json<Detail>();
    expect(detail.status).toBe('ACCEPTED');
    expect(detail.timeline.map((e) => e.kind)).toEqual(['CREATED', 'OFFERED', 'ACCEPTED']);
  });
});
