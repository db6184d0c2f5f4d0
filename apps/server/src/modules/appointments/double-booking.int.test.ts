import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { addMember, createUser } from '../../test/factories.js';
import { appointments } from './appointments.table.js';
import { HOUR, MINUTE, appointmentScene, tomorrowAt, type Appointment } from './appointments.test-factories.js';

let t: TestApp;
let s: Awaited<ReturnType<typeof appointmentScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await appointmentScene(t);
});
afterAll(async () => {
  await t?.close();
});

const liveAt = (providerId: number, start: number) =>
  t.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, providerId),
        eq(appointments.startAt, new Date(start)),
        ne(appointments.state, 'CANCELLED'),
      ),
    );

describe('no provider is booked twice at once', () => {
  it('50 bookings of one slot at the same moment: exactly one wins, 49 are told who holds it', async () => {
    const start = tomorrowAt(10);
    const results = await Promise.all(Array.from({ length: 50 }, () => s.book(start, start + 30 * MINUTE)));
    // Any other answer is named, so a failure says what happened rather than only how many.
    expect(results.filter((r) => r.statusCode !== 201 && r.statusCode !== 450).map((r) => r.body)).toEqual([]);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(49);
    for (const res of refused) {
      expect(res.statusCode).toBe(450);
      expect(res.json()).toMatchObject({
        code: 'ERROR_OBJECT_EXISTS',
        message: 'Dr Ada Stone already has an appointment from 10:00 to 10:30',
      });
    }
    expect(await liveAt(s.provider.user.id, start)).toHaveLength(1);
  });

  it('refuses overlapping ranges and allows touching ones', async () => {
    const start = tomorrowAt(13);
    expect((await s.book(start, start + 30 * MINUTE)).statusCode).toBe(201);
    // 13:15-13:45 overlaps; 12:45-13:05 overlaps; 12:00-14:00 contains it.
    for (const [from, to] of [
      [start + 15 * MINUTE, start + 45 * MINUTE],
      [start - 15 * MINUTE, start + 5 * MINUTE],
      [start - HOUR, start + HOUR],
    ]) {
      const res = await s.book(from, to);
      expect(res.statusCode).toBe(450);
      expect(res.json().message).toBe('Dr Ada Stone already has an appointment from 13:00 to 13:30');
    }
    expect((await s.book(start + 30 * MINUTE, start + HOUR)).statusCode).toBe(201);
    expect((await s.book(start - 30 * MINUTE, start)).statusCode).toBe(201);
  });

  it('names the times in the appointment’s own zone', async () => {
    const start = tomorrowAt(15);
    await s.book(start, start + HOUR, { timezone: 'America/Chicago' });
    const res = await s.book(start, start + HOUR, { timezone: 'America/Chicago' });
    // 15:00 UTC is 09:00 or 10:00 in Chicago, by the season.
    expect(res.json().message).toMatch(/^Dr Ada Stone already has an appointment from (09|10):00 to (10|11):00$/);
  });

  it('lets another provider, or no provider, take the same time', async () => {
    const start = tomorrowAt(16);
    expect((await s.book(start, start + HOUR)).statusCode).toBe(201);
    const colleague = await createUser(t.db, { firstName: 'Ben', lastName: 'Moss' });
    await addMember(t.db, s.practice.id, colleague.id, 'PROVIDER');
    expect((await s.book(start, start + HOUR, { providerId: colleague.id })).statusCode).toBe(201);
    expect((await s.book(start, start + HOUR, { providerId: null })).statusCode).toBe(201);
    expect((await s.book(start, start + HOUR, { providerId: null })).statusCode).toBe(201);
  });

  it('frees the slot when the appointment is cancelled', async () => {
    const start = tomorrowAt(17);
    const first = (await s.book(start, start + HOUR)).json<Appointment>();
    expect((await s.book(start, start + HOUR)).statusCode).toBe(450);
    await s.staff.client.put(`/api/v1/appointment/${first.uuid}/cancel`, { cancellationReason: 'Moved' });
    const second = await s.book(start, start + HOUR);
    expect(second.statusCode).toBe(201);
    expect(await liveAt(s.provider.user.id, start)).toHaveLength(1);
  });
});
