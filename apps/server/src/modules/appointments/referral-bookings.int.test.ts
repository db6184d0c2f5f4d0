import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { referrals } from '../referrals/referrals.table.js';
import { referralScene } from '../referrals/referrals.test-factories.js';
import { appointmentEvents } from './appointments.table.js';
import { HOUR, tomorrowAt, type Appointment } from './appointments.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Scene = Awaited<ReturnType<typeof referralScene>>;
const appointmentOf = (who: Scene['a'], id: number) =>
  who.client.get(`/api/v1/referral/${id}/appointment?practiceId=${who.practice.id}`);

describe('a referral’s appointment is booked in the appointments table', () => {
  it('accept books it, reschedule moves it, cancel frees it; both practices read it', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    expect((await appointmentOf(s.sender, sent.id)).statusCode).toBe(453);

    const start = tomorrowAt(9);
    const accepted = await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, {
      practiceId: s.a.practice.id,
      start,
      end: start + HOUR,
      appointmentLocation: 'PRACTICE',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const booked = (await appointmentOf(s.a, sent.id)).json<Appointment>();
    const [stored] = await t.db.select().from(referrals).where(eq(referrals.id, sent.id));
    expect(booked).toMatchObject({
      referralId: sent.id,
      practiceId: s.a.practice.id,
      providerId: s.a.provider.id,
      patientId: stored.receiverPatientId,
      start,
      end: start + HOUR,
      appointmentLocation: 'PRACTICE',
      state: 'SCHEDULED',
    });
    expect((await appointmentOf(s.sender, sent.id)).json<Appointment>().id).toBe(booked.id);
    // A practice that does not see the referral does not see its appointment.
    expect((await appointmentOf(s.b, sent.id)).statusCode).toBe(456);

    const later = start + 2 * HOUR;
    await s.sender.client.put(`/api/v1/referral/${sent.id}/reschedule`, {
      practiceId: s.sender.practice.id,
      start: later,
      end: later + HOUR,
    });
    const moved = (await appointmentOf(s.a, sent.id)).json<Appointment>();
    expect(moved).toMatchObject({ id: booked.id, start: later, state: 'RESCHEDULED' });

    await s.sender.client.put(`/api/v1/referral/${sent.id}/cancel`, {
      practiceId: s.sender.practice.id,
      reason: 'Seen elsewhere',
    });
    const cancelled = (await appointmentOf(s.a, sent.id)).json<Appointment>();
    expect(cancelled).toMatchObject({ state: 'CANCELLED', cancellationReason: 'Seen elsewhere' });
    const events = await t.db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, booked.id))
      .orderBy(appointmentEvents.id);
    expect(events.map((e) => [e.fromState, e.toState, e.actorUserId])).toEqual([
      [null, 'SCHEDULED', s.a.provider.id],
      ['SCHEDULED', 'RESCHEDULED', s.sender.provider.id],
      ['RESCHEDULED', 'CANCELLED', s.sender.provider.id],
    ]);
  });

  it('refuses an accept that would book the provider twice, leaving the referral offered', async () => {
    const s = await referralScene(t);
    const start = tomorrowAt(11);
    const first = await s.send();
    await s.a.client.put(`/api/v1/referral/${first.id}/accept`, {
      practiceId: s.a.practice.id,
      start,
      end: start + HOUR,
    });
    const second = await s.send();
    const clash = await s.a.client.put(`/api/v1/referral/${second.id}/accept`, {
      practiceId: s.a.practice.id,
      start: start + HOUR / 2,
      end: start + 2 * HOUR,
    });
    expect(clash.statusCode).toBe(450);
    expect(clash.json().message).toMatch(/^Alpha Provider already has an appointment from \d\d:\d\d to \d\d:\d\d$/);
    const [stored] = await t.db.select().from(referrals).where(eq(referrals.id, second.id));
    expect(stored).toMatchObject({ status: 'OFFERED', appointment: null });
    expect((await appointmentOf(s.sender, second.id)).statusCode).toBe(453);
  });
});
