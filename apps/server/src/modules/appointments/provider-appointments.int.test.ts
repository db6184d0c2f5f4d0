import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { appointmentScene, HOUR, tomorrowAt, type Appointment } from './appointments.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Page = { data: Appointment[]; count: number };

describe('GET /api/v1/provider/appointments', () => {
  it("lists the provider's own coming appointments in the practice, soonest first, 10 a page, without cancelled ones", async () => {
    const s = await appointmentScene(t);
    const starts = Array.from({ length: 12 }, (_, i) => tomorrowAt(8) + i * HOUR);
    const booked: Appointment[] = [];
    // Booked out of order, so the order of the list is the list's own.
    for (const start of [...starts].reverse()) {
      const res = await s.book(start, start + HOUR / 2);
      expect(res.statusCode, res.body).toBe(201);
      booked.push(res.json());
    }
    const cancelled = booked.find((a) => a.start === starts[3])!;
    expect((await s.staff.client.put(`/api/v1/appointment/${cancelled.uuid}/cancel`, {})).statusCode).toBe(200);

    const list = (query = '') =>
      s.provider.client.get(`/api/v1/provider/appointments?practiceId=${s.practice.id}${query}`);
    const first = (await list()).json<Page>();
    expect(first.count).toBe(11);
    expect(first.data.map((a) => a.start)).toEqual(starts.filter((_, i) => i !== 3).slice(0, 10));
    const second = (await list('&page=1')).json<Page>();
    expect(second.data.map((a) => a.start)).toEqual([starts[11]]);

    // From a later time, what has ended by then is left out.
    const later = (await list(`&startDate=${starts[10]}`)).json<Page>();
    expect(later.data.map((a) => a.start)).toEqual([starts[10], starts[11]]);
  });

  it('shows a colleague none of the provider’s appointments, and another practice nothing', async () => {
    const s = await appointmentScene(t);
    const start = tomorrowAt(9);
    expect((await s.book(start, start + HOUR)).statusCode).toBe(201);

    const mine = await s.staff.client.get(`/api/v1/provider/appointments?practiceId=${s.practice.id}`);
    expect(mine.json()).toEqual({ data: [], count: 0 });
    const outside = await s.outsider.client.get(`/api/v1/provider/appointments?practiceId=${s.practice.id}`);
    expect(outside.statusCode).toBe(403);
  });

  it('refuses a bad page or date with the field named, and changes nothing', async () => {
    const s = await appointmentScene(t);
    const res = await s.provider.client.get(
      `/api/v1/provider/appointments?practiceId=${s.practice.id}&pageSize=500&startDate=soon`,
    );
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .issues.map((i: { path: string[] }) => i.path.at(-1))
        .sort(),
    ).toEqual(['pageSize', 'startDate']);
  });
});
