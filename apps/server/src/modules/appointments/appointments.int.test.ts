import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { appointmentEvents, appointments } from './appointments.table.js';
import { HOUR, appointmentScene, tomorrowAt, type Appointment } from './appointments.test-factories.js';

let t: TestApp;
let s: Awaited<ReturnType<typeof appointmentScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await appointmentScene(t);
});
afterAll(async () => {
  await t?.close();
});

const eventsOf = (id: number) =>
  t.db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, id)).orderBy(appointmentEvents.id);
const auditsOf = (id: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'appointment'), eq(auditEvents.targetId, String(id))))
    .orderBy(auditEvents.id);

describe('booking an appointment (POST /appointment)', () => {
  it('books a patient with a provider, in the practice’s zone, recording the event and the audit', async () => {
    const start = tomorrowAt(9);
    const res = await s.book(start, start + HOUR / 2, { appointmentLocation: 'PRACTICE' });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<Appointment>();
    expect(a).toMatchObject({
      practiceId: s.practice.id,
      providerId: s.provider.user.id,
      patientId: s.patient.id,
      start,
      end: start + HOUR / 2,
      timezone: 'UTC',
      appointmentLocation: 'PRACTICE',
      state: 'SCHEDULED',
      referralId: null,
      viewedByPatientAt: null,
    });
    expect(a.code).toMatch(/^[A-Za-z0-9]{12}$/);
    const [event] = await eventsOf(a.id);
    expect(event).toMatchObject({ fromState: null, toState: 'SCHEDULED', actorUserId: s.staff.user.id });
    expect(event.userAgent).toBe('vitest-browser');
    expect((await auditsOf(a.id)).map((e) => e.action)).toEqual(['appointment.created']);

    const byUuid = await s.admin.client.get(`/api/v1/appointment/${a.uuid}`);
    expect(byUuid.json<Appointment>().id).toBe(a.id);
    const byId = await s.provider.client.get(`/api/v1/appointmentById/${a.id}`);
    expect(byId.json<Appointment>().uuid).toBe(a.uuid);
  });

  it('refuses a start in the past, an end not after the start and a bad zone, on the field, storing nothing', async () => {
    const before = (await t.db.select().from(appointments)).length;
    const past = await s.book(Date.now() - HOUR, Date.now());
    expect(past.statusCode).toBe(400);
    expect(past.json().issues).toEqual([
      { path: ['body', 'start'], message: 'The appointment must start in the future' },
    ]);
    const start = tomorrowAt(11);
    const backwards = await s.book(start, start);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues[0].path).toEqual(['body', 'end']);
    const zone = await s.book(start, start + HOUR, { timezone: 'Mars/Olympus' });
    expect(zone.json().issues[0].message).toBe('Unknown time zone');
    expect((await t.db.select().from(appointments)).length).toBe(before);
  });

  it('refuses another practice’s patient, a non-provider and a template of another practice', async () => {
    const start = tomorrowAt(12);
    const notOurs = await s.book(start, start + HOUR, { providerId: s.outsider.user.id });
    expect(notOurs.json().issues[0].path).toEqual(['body', 'providerId']);
    const staffer = await s.book(start, start + HOUR, { providerId: s.staff.user.id });
    expect(staffer.json().issues[0].message).toBe('The provider named does not work at this practice');
    const template = await s.outsider.client.post('/api/v1/calendar/appointment/template', {
      practiceId: s.other.id,
      name: 'Theirs',
      defaultDuration: 30,
      color: 'RED',
    });
    const foreign = await s.book(start, start + HOUR, { templateId: template.json().id });
    expect(foreign.json().issues[0].path).toEqual(['body', 'templateId']);
  });
});

describe('changing an appointment', () => {
  it('the patient views and confirms by code; staff cancel by uuid with a reason; a cancelled one cannot change', async () => {
    const start = tomorrowAt(14);
    const a = (await s.book(start, start + HOUR)).json<Appointment>();
    const patient = new TestClient(t.app);
    patient.userAgent = 'patient-phone';

    const seen = await patient.get(`/api/v1/appointment/${a.code}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Appointment>().start).toBe(start);
    const viewed = await patient.put(`/api/v1/appointment/${a.code}/viewed`);
    expect(viewed.json<Appointment>().viewedByPatientAt).toEqual(expect.any(Number));
    // Viewing again keeps the first time.
    const again = await patient.put(`/api/v1/appointment/${a.code}/viewed`);
    expect(again.json<Appointment>().viewedByPatientAt).toBe(viewed.json<Appointment>().viewedByPatientAt);

    const confirmed = await patient.put(`/api/v1/appointment/${a.code}/confirm`);
    expect(confirmed.json<Appointment>().state).toBe('CONFIRMED');
    const twice = await patient.put(`/api/v1/appointment/${a.code}/confirm`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('This appointment is already confirmed');

    const cancelled = await s.staff.client.put(`/api/v1/appointment/${a.uuid}/cancel`, {
      cancellationReason: 'Provider unwell',
    });
    expect(cancelled.json<Appointment>()).toMatchObject({ state: 'CANCELLED', cancellationReason: 'Provider unwell' });
    const reconfirm = await s.staff.client.put(`/api/v1/appointment/${a.uuid}/confirm`);
    expect(reconfirm.statusCode).toBe(400);
    expect(reconfirm.json().message).toBe('This appointment was cancelled');
    const recancel = await s.staff.client.put(`/api/v1/appointment/${a.uuid}/cancel`, {});
    expect(recancel.statusCode).toBe(400);

    const events = await eventsOf(a.id);
    expect(events.map((e) => [e.fromState, e.toState, e.byPatient])).toEqual([
      [null, 'SCHEDULED', false],
      ['SCHEDULED', 'SCHEDULED', true],
      ['SCHEDULED', 'CONFIRMED', true],
      ['CONFIRMED', 'CANCELLED', false],
    ]);
    expect(events[2]).toMatchObject({ actorUserId: null, userAgent: 'patient-phone' });
    expect(events[3].details).toEqual({ reason: 'Provider unwell' });
    expect((await auditsOf(a.id)).map((e) => e.action)).toEqual([
      'appointment.created',
      'appointment.viewed',
      'appointment.opened_by_patient',
      'appointment.confirmed',
      'appointment.cancelled',
    ]);
  });

  it('answers 452 for the link of a cancelled or past appointment, 453 for an unknown one', async () => {
    const start = tomorrowAt(16);
    const a = (await s.book(start, start + HOUR)).json<Appointment>();
    await s.staff.client.put(`/api/v1/appointment/${a.uuid}/cancel`, {});
    const patient = new TestClient(t.app);
    for (const res of [
      await patient.get(`/api/v1/appointment/${a.code}`),
      await patient.put(`/api/v1/appointment/${a.code}/confirm`),
      await patient.put(`/api/v1/appointment/${a.code}/cancel`, {}),
    ]) {
      expect(res.statusCode).toBe(452);
      expect(res.json().code).toBe('APPOINTMENT_EXPIRED');
    }

    const [past] = await t.db
      .insert(appointments)
      .values({
        code: 'PastPastPast',
        practiceId: s.practice.id,
        patientId: s.patient.id,
        providerId: s.provider.user.id,
        startAt: new Date(Date.now() - 2 * HOUR),
        endAt: new Date(Date.now() - HOUR),
        timezone: 'UTC',
        state: 'SCHEDULED',
      })
      .returning();
    expect((await patient.get(`/api/v1/appointment/${past.code}`)).statusCode).toBe(452);
    // Staff still see it, but it no longer changes.
    expect((await s.staff.client.get(`/api/v1/appointment/${past.uuid}`)).statusCode).toBe(200);
    const late = await s.staff.client.put(`/api/v1/appointment/${past.uuid}/cancel`, {});
    expect(late.json().message).toBe('This appointment has already taken place');

    const unknown = await patient.get('/api/v1/appointment/NoSuchCode23');
    expect(unknown.statusCode).toBe(453);
    expect(unknown.json().code).toBe('APPOINTMENT_NOT_FOUND');
    expect((await s.staff.client.get('/api/v1/appointment/00000000-0000-4000-8000-000000000000')).statusCode).toBe(453);
  });

  it('lets the patient cancel through their link, which then answers 452', async () => {
    const start = tomorrowAt(15);
    const a = (await s.book(start, start + HOUR)).json<Appointment>();
    const patient = new TestClient(t.app);
    const res = await patient.put(`/api/v1/appointment/${a.code}/cancel`, { cancellationReason: 'Feeling better' });
    expect(res.json<Appointment>()).toMatchObject({ state: 'CANCELLED', cancellationReason: 'Feeling better' });
    const [event] = (await eventsOf(a.id)).slice(-1);
    expect(event).toMatchObject({ toState: 'CANCELLED', byPatient: true, actorUserId: null });
    expect((await patient.get(`/api/v1/appointment/${a.code}`)).statusCode).toBe(452);
  });

  it('needs a signed-in member of the practice for a uuid, and leaves staff out of “viewed by patient”', async () => {
    const start = tomorrowAt(17);
    const a = (await s.book(start, start + HOUR)).json<Appointment>();
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/v1/appointment/${a.uuid}`)).statusCode).toBe(401);
    expect((await anonymous.put(`/api/v1/appointment/${a.uuid}/cancel`, {})).statusCode).toBe(401);
    const staffViewed = await s.staff.client.put(`/api/v1/appointment/${a.uuid}/viewed`);
    expect(staffViewed.statusCode).toBe(400);
  });
});

describe('another practice', () => {
  it('gets 403 for every appointment call and changes nothing', async () => {
    const start = tomorrowAt(18);
    const a = (await s.book(start, start + HOUR)).json<Appointment>();
    const them = s.outsider.client;
    const calls = [
      await them.get(`/api/v1/appointment/${a.uuid}`),
      await them.get(`/api/v1/appointmentById/${a.id}`),
      await them.put(`/api/v1/appointment/${a.uuid}/cancel`, { cancellationReason: 'mine now' }),
      await them.put(`/api/v1/appointment/${a.uuid}/confirm`),
      await s.book(start + 2 * HOUR, start + 3 * HOUR, {}, them),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    for (const res of calls) expect(res.body).not.toContain('Jane');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row).toMatchObject({ state: 'SCHEDULED', cancellationReason: null });
  });
});
