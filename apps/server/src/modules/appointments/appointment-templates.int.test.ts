import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { appointmentsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { appointmentTemplates } from './appointments.table.js';
import { HOUR, appointmentScene, tomorrowAt, type Appointment } from './appointments.test-factories.js';

type Template = appointmentsApi.AppointmentTemplate;
const BASE = '/api/v1/calendar/appointment/template';

let t: TestApp;
let s: Awaited<ReturnType<typeof appointmentScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await appointmentScene(t);
});
afterAll(async () => {
  await t?.close();
});

const list = async (client = s.staff.client) =>
  (await client.get(`/api/v3/calendar/appointment/templates?practiceId=${s.practice.id}`)).json<Template[]>();

describe('appointment templates', () => {
  it('an admin creates, changes and retires them; everyone in the practice lists them by name', async () => {
    const created = await s.admin.client.post(BASE, {
      practiceId: s.practice.id,
      name: '  New patient visit ',
      description: 'First consultation',
      defaultDuration: 45,
      color: 'PURPLE',
      patientBookable: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const visit = created.json<Template>();
    expect(visit).toMatchObject({
      name: 'New patient visit',
      description: 'First consultation',
      defaultDuration: 45,
      color: 'PURPLE',
      patientBookable: true,
      patientSchedulable: false,
    });
    await s.admin.client.post(BASE, {
      practiceId: s.practice.id,
      name: 'Follow-up',
      defaultDuration: 15,
      color: 'RUBY',
    });
    expect((await list()).map((x) => x.name)).toEqual(['Follow-up', 'New patient visit']);

    const changed = await s.admin.client.put(`${BASE}/${visit.id}`, {
      practiceId: s.practice.id,
      defaultDuration: 60,
      description: '',
    });
    expect(changed.json<Template>()).toMatchObject({
      defaultDuration: 60,
      description: null,
      name: 'New patient visit',
    });

    // An appointment made from it keeps it after it is retired.
    const start = tomorrowAt(9);
    const booked = (await s.book(start, start + HOUR, { templateId: visit.id })).json<Appointment>();
    const removed = await s.admin.client.delete(`${BASE}/${visit.id}?practiceId=${s.practice.id}`);
    expect(removed.json()).toEqual({ ok: true });
    expect((await list()).map((x) => x.name)).toEqual(['Follow-up']);
    expect((await s.staff.client.get(`/api/v1/appointmentById/${booked.id}`)).json<Appointment>().templateId).toBe(
      visit.id,
    );
    // A retired template is gone for changes and new bookings.
    expect(
      (await s.admin.client.put(`${BASE}/${visit.id}`, { practiceId: s.practice.id, name: 'Again' })).statusCode,
    ).toBe(456);
    expect((await s.book(start + HOUR, start + 2 * HOUR, { templateId: visit.id })).statusCode).toBe(400);

    const actions = (await t.db.select().from(auditEvents).where(eq(auditEvents.targetType, 'appointment_template')))
      .filter((e) => e.targetId === String(visit.id))
      .map((e) => e.action);
    expect(actions).toEqual([
      'appointment.template_created',
      'appointment.template_updated',
      'appointment.template_deleted',
    ]);
  });

  it('refuses bad fields with the field’s message and stores nothing', async () => {
    const before = (await t.db.select().from(appointmentTemplates)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ', defaultDuration: 30, color: 'RED' }, 'name', 'Name is required'],
      [
        { name: 'X', defaultDuration: 2, color: 'RED' },
        'defaultDuration',
        'Default duration must be at least 5 minutes',
      ],
      [
        { name: 'X', defaultDuration: 721, color: 'RED' },
        'defaultDuration',
        'Default duration must be at most 720 minutes',
      ],
      [{ name: 'X', defaultDuration: 30 }, 'color', ''],
      [{ name: 'X', defaultDuration: 30, color: 'TEAL' }, 'color', ''],
      [{ name: 'a\u202Eb', defaultDuration: 30, color: 'RED' }, 'name', 'Name must not contain control characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await s.admin.client.post(BASE, { practiceId: s.practice.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const issue = res.json<{ issues: { path: string[]; message: string }[] }>().issues[0];
      expect(issue.path).toEqual(['body', field]);
      expect(issue.message).toContain(message);
    }
    expect((await t.db.select().from(appointmentTemplates)).length).toBe(before);
  });

  it('only admins change them; another practice sees and changes nothing', async () => {
    const body = { practiceId: s.practice.id, name: 'Scan', defaultDuration: 20, color: 'BLUE' };
    expect((await s.staff.client.post(BASE, body)).statusCode).toBe(403);
    expect((await s.provider.client.post(BASE, body)).statusCode).toBe(403);
    const scan = (await s.admin.client.post(BASE, body)).json<Template>();

    const them = s.outsider.client;
    expect((await them.get(`/api/v3/calendar/appointment/templates?practiceId=${s.practice.id}`)).statusCode).toBe(403);
    expect((await them.put(`${BASE}/${scan.id}`, { ...body, name: 'Theirs' })).statusCode).toBe(403);
    // Naming their own practice does not reach ours either.
    expect((await them.put(`${BASE}/${scan.id}`, { practiceId: s.other.id, name: 'Theirs' })).statusCode).toBe(456);
    expect((await them.delete(`${BASE}/${scan.id}?practiceId=${s.other.id}`)).statusCode).toBe(456);
    expect((await list()).find((x) => x.id === scan.id)).toMatchObject({ name: 'Scan' });
  });
});
