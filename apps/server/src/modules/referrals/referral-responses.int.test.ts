import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { lastAudit, signedIn } from '../practices/practices.test-factories.js';
import { patients } from '../patients/patients.table.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { analyticsEvents } from '../analytics/analytics.table.js';
import { referralOffers, referrals } from './referrals.table.js';
import { insertReferral, referralScene } from './referrals.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Detail = referralsApi.ReferralDetail;
const HOUR = 3_600_000;
const slot = (from = Date.now() + 24 * HOUR) => ({ start: from, end: from + HOUR });

describe('accept', () => {
  it('takes the referral into the accepting practice with the proposed appointment and its own patient record', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    const offered = (await s.a.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.a.practice.id}`)).json<Detail>();
    expect(offered.practicePatientId).toBeNull();
    const appointment = { ...slot(), appointmentLocation: 'PRACTICE' as const };
    const res = await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, {
      practiceId: s.a.practice.id,
      ...appointment,
    });
    expect(res.statusCode).toBe(200);
    const accepted = res.json<Detail>();
    expect(accepted).toMatchObject({
      status: 'ACCEPTED',
      receivingPractice: { id: s.a.practice.id },
      receivingUser: { id: s.a.provider.id },
      appointment: { ...appointment, departmentId: null, virtualLink: null },
      actions: ['reschedule', 'archive', 'comment'],
    });
    expect(accepted.timeline.map((e) => e.kind)).toEqual(['CREATED', 'OFFERED', 'ACCEPTED']);
    const [row] = await t.db.select().from(referrals).where(eq(referrals.id, sent.id));
    const [record] = await t.db.select().from(patients).where(eq(patients.id, row.receiverPatientId!));
    expect(record).toMatchObject({
      practiceId: s.a.practice.id,
      firstName: 'Jane',
      lastName: 'Doe',
      dateOfBirth: '1980-04-02',
      createdBy: s.a.provider.id,
    });
    // The new record is audited as any patient record made in the practice, by the one who accepted.
    expect(await lastAudit(t.db, 'patient.created', record.id)).toMatchObject({
      actorUserId: s.a.provider.id,
      targetType: 'patient',
      details: { practiceId: s.a.practice.id, referralId: sent.id },
    });
    // The sender sees who took it; its detail offers what a sender may do.
    const senderView = (
      await s.sender.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.sender.practice.id}`)
    ).json<Detail>();
    expect(senderView).toMatchObject({
      status: 'ACCEPTED',
      receivingPractice: { id: s.a.practice.id },
      actions: ['reschedule', 'cancel', 'archive', 'comment'],
    });
    // Each practice is pointed at its own record of the patient (to chat with them, say).
    expect(accepted.practicePatientId).toBe(record.id);
    expect(senderView.practicePatientId).toBe(sent.patient.id);
    expect(await lastAudit(t.db, 'referral.accepted')).toMatchObject({
      actorUserId: s.a.provider.id,
      targetId: String(sent.id),
      details: { practiceId: s.a.practice.id, receiverPatientId: record.id },
    });
    const analytics = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.type, 'referral accepted'));
    expect(analytics.some((e) => e.practiceId === s.a.practice.id && e.details.referralId === sent.id)).toBe(true);
  });

  it("reuses the practice's own record of the same patient rather than duplicating it", async () => {
    const s = await referralScene(t);
    const existing = await insertPatient(t.db, s.a.practice.id, {
      firstName: 'JANE',
      lastName: 'doe',
      phoneNumber: s.patient.phoneNumber,
    });
    const sent = await s.send();
    await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id });
    const [row] = await t.db.select().from(referrals).where(eq(referrals.id, sent.id));
    expect(row.receiverPatientId).toBe(existing.id);
    expect(await lastAudit(t.db, 'referral.accepted')).toMatchObject({
      targetId: String(sent.id),
      details: { receiverPatientId: existing.id },
    });
    // Nothing was created, so nothing is audited as created.
    expect(await lastAudit(t.db, 'patient.created', existing.id)).toBeUndefined();
  });

  it('is exactly-once: of many practices accepting at the same moment one wins, the others get 454', async () => {
    const sender = await createPractice(t.db);
    const from = await createUser(t.db);
    await addMember(t.db, sender.id, from.id, 'PROVIDER');
    const takers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const practice = await createPractice(t.db);
        const provider = await createUser(t.db);
        await addMember(t.db, practice.id, provider.id, 'PROVIDER');
        return { practice, client: await signedIn(t.app, provider) };
      }),
    );
    const { referral } = await insertReferral(t.db, {
      senderPracticeId: sender.id,
      fromUserId: from.id,
      offeredTo: takers.map((x) => x.practice.id),
    });
    const answers = await Promise.all(
      takers.map((x) => x.client.put(`/api/v1/referral/${referral.id}/accept`, { practiceId: x.practice.id })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 454, 454, 454, 454, 454]);
    for (const lost of answers.filter((a) => a.statusCode === 454))
      expect(lost.json()).toMatchObject({ code: 'REFERRAL_ALREADY_ACCEPTED', message: 'Referral already accepted' });
    const winner = takers[answers.findIndex((a) => a.statusCode === 200)];
    const offers = await t.db.select().from(referralOffers).where(eq(referralOffers.referralId, referral.id));
    expect(offers.filter((o) => o.status === 'ACCEPTED').map((o) => o.practiceId)).toEqual([winner.practice.id]);
    expect(offers.filter((o) => o.status === 'WITHDRAWN')).toHaveLength(5);
    const [row] = await t.db.select().from(referrals).where(eq(referrals.id, referral.id));
    expect(row).toMatchObject({ status: 'ACCEPTED', receivingPracticeId: winner.practice.id });
    // The losers no longer see the patient.
    const loser = takers.find((x) => x !== winner)!;
    expect((await loser.client.get(`/api/v1/referral/${referral.id}?practiceId=${loser.practice.id}`)).statusCode).toBe(
      456,
    );
  });

  it('is exactly-once inside one practice too: of two colleagues (or a double click) one wins, the other gets 454', async () => {
    const s = await referralScene(t);
    const colleague = await createUser(t.db, { firstName: 'Alpha', lastName: 'Colleague' });
    await addMember(t.db, s.a.practice.id, colleague.id, 'PROVIDER');
    const colleagueClient = await signedIn(t.app, colleague);
    const sent = await s.send();
    const accept = (client: typeof colleagueClient) =>
      client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id });

    const answers = await Promise.all([accept(s.a.client), accept(colleagueClient)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 454]);
    expect(answers.find((a) => a.statusCode === 454)!.json()).toMatchObject({
      code: 'REFERRAL_ALREADY_ACCEPTED',
      message: 'Referral already accepted',
    });
    const winner = answers[0].statusCode === 200 ? s.a.provider : colleague;
    const [row] = await t.db.select().from(referrals).where(eq(referrals.id, sent.id));
    expect(row).toMatchObject({
      status: 'ACCEPTED',
      receivingPracticeId: s.a.practice.id,
      acceptedByUserId: winner.id,
    });
    const accepted = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.type, 'referral accepted'));
    expect(accepted.filter((e) => e.details.referralId === sent.id)).toHaveLength(1);

    // A second click after a reschedule, too.
    await s.sender.client.put(`/api/v1/referral/${sent.id}/reschedule`, {
      practiceId: s.sender.practice.id,
      ...slot(),
    });
    const doubleClicks = await Promise.all([accept(s.a.client), accept(s.a.client)]);
    expect(doubleClicks.map((a) => a.statusCode)).toEqual([454, 454]);
    const detail = (await s.a.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.a.practice.id}`)).json<Detail>();
    expect(detail.timeline.filter((e) => e.kind === 'ACCEPTED')).toHaveLength(1);
  });

  it('refuses practices that may not accept, and a provider who does not work there', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    expect(
      (await s.sender.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.sender.practice.id })).json()
        .message,
    ).toBe('Your practice cannot accept this referral');
    expect(
      (await s.b.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.b.practice.id })).statusCode,
    ).toBe(456);
    expect(
      (await s.b.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id })).statusCode,
    ).toBe(403);
    const wrong = await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, {
      practiceId: s.a.practice.id,
      recievingUserId: s.b.provider.id,
    });
    expect(wrong.json().message).toBe('The provider named does not work at this practice');
    const half = await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, {
      practiceId: s.a.practice.id,
      start: Date.now(),
    });
    expect(half.json().message).toBe('Give both start and end of the appointment, or neither');
    const backwards = await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, {
      practiceId: s.a.practice.id,
      start: 2000,
      end: 1000,
    });
    expect(backwards.json().message).toBe('The appointment must end after it starts');
    const [row] = await t.db.select().from(referrals).where(eq(referrals.id, sent.id));
    expect(row.status).toBe('OFFERED');
  });
});

describe('reject, reschedule, cancel', () => {
  it('ends a BASIC referral when its practice declines, with the reason on the timeline and no tier left', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    // Stored with a deadline, as BASIC referrals were before they waited for an answer.
    await t.db
      .update(referrals)
      .set({ tierExpiresAt: new Date(Date.now() + HOUR) })
      .where(eq(referrals.id, sent.id));
    const res = await s.a.client.put(`/api/v1/referral/${sent.id}/reject`, {
      practiceId: s.a.practice.id,
      reason: 'Not taking new patients',
    });
    expect(res.statusCode).toBe(200);
    const detail = (
      await s.sender.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.sender.practice.id}`)
    ).json<Detail>();
    expect(detail).toMatchObject({
      status: 'REJECTED',
      tier: null,
      tierExpiresAt: null,
      actions: ['referAgain', 'archive', 'comment'],
    });
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: 'REJECTED',
      practice: { id: s.a.practice.id },
      details: { reason: 'Not taking new patients' },
    });
    expect((await s.a.client.get(`/api/v1/referrals/inbox?practiceId=${s.a.practice.id}`)).json().count).toBe(0);
    expect(
      (await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id })).statusCode,
    ).toBe(400);
    expect(
      (await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.type, 'referral refused'))).length,
    ).toBeGreaterThan(0);
  });

  it('reschedules an accepted referral from either side, keeping the previous appointment on the timeline', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    const first = slot();
    await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id, ...first });
    const offered = await s.send();
    expect(
      (
        await s.sender.client.put(`/api/v1/referral/${offered.id}/reschedule`, {
          practiceId: s.sender.practice.id,
          ...slot(),
        })
      ).json().message,
    ).toBe('A referral that is offered cannot be rescheduled');
    expect(
      (
        await s.a.client.put(`/api/v1/referral/${offered.id}/reschedule`, { practiceId: s.a.practice.id, ...slot() })
      ).json().message,
    ).toBe('Your practice cannot reschedule this referral');

    const second = slot(first.start + 48 * HOUR);
    const res = await s.sender.client.put(`/api/v1/referral/${sent.id}/reschedule`, {
      practiceId: s.sender.practice.id,
      ...second,
      virtualLink: 'https://video.example/room',
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json<Detail>();
    expect(detail).toMatchObject({
      status: 'RESCHEDULED',
      appointment: { ...second, virtualLink: 'https://video.example/room' },
    });
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: 'RESCHEDULED',
      details: { previous: { start: first.start } },
    });
    expect(
      (await s.a.client.put(`/api/v1/referral/${sent.id}/reschedule`, { practiceId: s.a.practice.id })).statusCode,
    ).toBe(400);
    expect(
      (await s.b.client.put(`/api/v1/referral/${sent.id}/reschedule`, { practiceId: s.b.practice.id, ...slot() }))
        .statusCode,
    ).toBe(456);
  });

  it('lets only the sender cancel, withdrawing every live offer', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    expect(
      (await s.a.client.put(`/api/v1/referral/${sent.id}/cancel`, { practiceId: s.a.practice.id })).json().message,
    ).toBe('Your practice cannot cancel this referral');
    const res = await s.sender.client.put(`/api/v1/referral/${sent.id}/cancel`, {
      practiceId: s.sender.practice.id,
      reason: 'Patient moved away',
    });
    expect(res.json<Detail>()).toMatchObject({ status: 'CANCELLED', actions: ['referAgain', 'archive', 'comment'] });
    const [offer] = await t.db
      .select()
      .from(referralOffers)
      .where(and(eq(referralOffers.referralId, sent.id), eq(referralOffers.practiceId, s.a.practice.id)));
    expect(offer.status).toBe('WITHDRAWN');
    expect((await s.a.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.a.practice.id}`)).statusCode).toBe(456);
    expect(
      (await s.sender.client.put(`/api/v1/referral/${sent.id}/cancel`, { practiceId: s.sender.practice.id })).json()
        .message,
    ).toBe('A referral that is cancelled cannot be cancelled');
  });
});

describe('refer again', () => {
  it('is offered to the sender only, once the referral ended without care', async () => {
    const s = await referralScene(t);
    type Side = typeof s.sender;
    const actions = async (side: Side, id: number) =>
      (await side.client.get(`/api/v1/referral/${id}?practiceId=${side.practice.id}`)).json<Detail>().actions;

    const offered = await s.send();
    expect(await actions(s.sender, offered.id)).toEqual(['cancel', 'archive', 'comment']);
    expect(await actions(s.a, offered.id)).toEqual(['accept', 'reject', 'archive', 'comment']);

    const accepted = await s.send();
    await s.a.client.put(`/api/v1/referral/${accepted.id}/accept`, { practiceId: s.a.practice.id, ...slot() });
    expect(await actions(s.sender, accepted.id)).toEqual(['reschedule', 'cancel', 'archive', 'comment']);
    await s.sender.client.put(`/api/v1/referral/${accepted.id}/cancel`, { practiceId: s.sender.practice.id });
    expect(await actions(s.sender, accepted.id)).toEqual(['referAgain', 'archive', 'comment']);
    // The practice that had accepted still sees it, but the patient is not theirs to send on.
    expect(await actions(s.a, accepted.id)).toEqual(['archive', 'comment']);

    const rejected = await s.send();
    await s.a.client.put(`/api/v1/referral/${rejected.id}/reject`, { practiceId: s.a.practice.id });
    expect(await actions(s.sender, rejected.id)).toEqual(['referAgain', 'archive', 'comment']);

    // Only a SPECIALTY referral expires; the rules go by status alone.
    const expired = await s.send();
    await t.db.update(referrals).set({ status: 'EXPIRED' }).where(eq(referrals.id, expired.id));
    expect(await actions(s.sender, expired.id)).toEqual(['referAgain', 'archive', 'comment']);
  });
});
