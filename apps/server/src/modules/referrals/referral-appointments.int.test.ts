import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { departments } from '../departments/departments.table.js';
import { referrals } from './referrals.table.js';
import { referralScene } from './referrals.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Detail = referralsApi.ReferralDetail;
const HOUR = 3_600_000;
const CONTENT = '6f1c2f4e-9a1b-4c3d-8e2f-0a1b2c3d4e5f';

const departmentOf = async (practiceId: number, name: string) =>
  (await t.db.insert(departments).values({ practiceId, name }).returning())[0];
const stored = async (id: number) => (await t.db.select().from(referrals).where(eq(referrals.id, id)))[0];

describe('the appointment of an accepted referral (spec 2 §3 accept payload)', () => {
  it('keeps the whole payload the accepting practice sends, and a reschedule keeps what it does not name', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    const clinic = await departmentOf(s.a.practice.id, 'Knee clinic');
    const start = Date.now() + 24 * HOUR;
    const payload = {
      start,
      end: start + HOUR,
      departmentId: clinic.id,
      appointmentLocation: 'DEPARTMENT',
      addressOverride: null,
      virtualLink: null,
      virtualAppointmentHost: null,
      scheduleType: 'PREFERENCE',
      contentUuid: CONTENT,
      submissionId: 12,
    } as const;
    const res = await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id, ...payload });
    expect(res.statusCode).toBe(200);
    expect(res.json<Detail>().appointment).toEqual(payload);
    expect((await stored(sent.id)).appointment).toEqual(payload);

    // Spec 2's reschedule payload has no scheduleType, contentUuid or submissionId: they stay.
    const later = start + 48 * HOUR;
    const moved = await s.sender.client.put(`/api/v1/referral/${sent.id}/reschedule`, {
      practiceId: s.sender.practice.id,
      start: later,
      end: later + HOUR,
      virtualLink: 'https://video.example/room',
      appointmentLocation: 'VIRTUAL',
    });
    expect(moved.json<Detail>().appointment).toEqual({
      ...payload,
      start: later,
      end: later + HOUR,
      departmentId: null,
      appointmentLocation: 'VIRTUAL',
      virtualLink: 'https://video.example/room',
    });
    // Named, they change; null clears.
    const again = await s.a.client.put(`/api/v1/referral/${sent.id}/reschedule`, {
      practiceId: s.a.practice.id,
      start: later,
      end: later + HOUR,
      scheduleType: 'URGENT',
      contentUuid: null,
    });
    expect(again.json<Detail>().appointment).toMatchObject({
      scheduleType: 'URGENT',
      contentUuid: null,
      submissionId: 12,
    });
  });

  it('takes a department only from the practice that accepts, whoever reschedules', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    const theirs = await departmentOf(s.b.practice.id, 'Elsewhere');
    const senders = await departmentOf(s.sender.practice.id, 'Sender clinic');
    const start = Date.now() + 24 * HOUR;
    const message = "The department must be one of the accepting practice's departments";

    const refused = await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, {
      practiceId: s.a.practice.id,
      start,
      end: start + HOUR,
      departmentId: theirs.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message, issues: [{ path: ['body', 'departmentId'], message }] });
    expect(await stored(sent.id)).toMatchObject({ status: 'OFFERED', appointment: null });

    const own = await departmentOf(s.a.practice.id, 'Own clinic');
    expect(
      (
        await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, {
          practiceId: s.a.practice.id,
          start,
          end: start + HOUR,
          departmentId: own.id,
        })
      ).statusCode,
    ).toBe(200);
    // The sender moving the appointment still books it at the accepting practice, not at its own.
    const bySender = await s.sender.client.put(`/api/v1/referral/${sent.id}/reschedule`, {
      practiceId: s.sender.practice.id,
      start: start + HOUR,
      end: start + 2 * HOUR,
      departmentId: senders.id,
    });
    expect(bySender.json()).toMatchObject({ statusCode: 400, message });
    expect(await stored(sent.id)).toMatchObject({ status: 'ACCEPTED', appointment: { start, departmentId: own.id } });
    const bad = await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, {
      practiceId: s.a.practice.id,
      contentUuid: 'not-a-uuid',
    });
    expect(bad.json().message).toBe('contentUuid must be a UUID');
  });
});
