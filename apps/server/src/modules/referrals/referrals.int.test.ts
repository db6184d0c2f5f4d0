import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createUser } from '../../test/factories.js';
import { apiKeyClient, lastAudit, signedIn } from '../practices/practices.test-factories.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { files } from '../files/files.table.js';
import { analyticsEvents } from '../analytics/analytics.table.js';
import {
  insertUploadedFile,
  referralScene,
  referralIds as ids,
  type ReferralPage as Page,
} from './referrals.test-factories.js';

/** Sending a BASIC referral: what the practices then see, what is refused, attachments, and who may send. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/referrals (BASIC)', () => {
  it('sends a referral that the named practice finds in its inbox, unread, with the patient and timeline', async () => {
    const s = await referralScene(t);
    const sent = await s.send(s.a, { recievingUserId: s.a.provider.id });
    expect(sent).toMatchObject({
      type: 'BASIC',
      status: 'OFFERED',
      notes: 'Knee pain, please assess',
      practice: { id: s.sender.practice.id },
      fromUser: { id: s.sender.provider.id },
      receivingPractice: { id: s.a.practice.id },
      receivingUser: { id: s.a.provider.id },
      patient: { firstName: 'Jane', lastName: 'Doe', dateOfBirth: '04/02/1980' },
      viewed: true,
      archived: false,
      actions: ['cancel', 'archive', 'comment'],
    });
    expect(sent.timeline.map((e) => e.kind)).toEqual(['CREATED', 'OFFERED']);

    const inbox = (await s.a.client.get(`/api/v1/referrals/inbox?practiceId=${s.a.practice.id}`)).json<Page>();
    expect(inbox.count).toBe(1);
    expect(inbox.data[0]).toMatchObject({ id: sent.id, viewed: false, status: 'OFFERED' });
    expect(
      ids((await s.sender.client.get(`/api/v1/referrals/sent?practiceId=${s.sender.practice.id}`)).json()),
    ).toEqual([sent.id]);
    // Bravo was not asked: nothing in its inbox, and the referral itself is private.
    expect((await s.b.client.get(`/api/v1/referrals/inbox?practiceId=${s.b.practice.id}`)).json<Page>().count).toBe(0);
    expect((await s.b.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.b.practice.id}`)).statusCode).toBe(456);

    const detail = (
      await s.a.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.a.practice.id}`)
    ).json<referralsApi.ReferralDetail>();
    expect(detail.actions).toEqual(['accept', 'reject', 'archive', 'comment']);
    expect(await lastAudit(t.db, 'referral.read')).toMatchObject({
      actorUserId: s.a.provider.id,
      targetId: String(sent.id),
    });
    const created = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.type, 'referral created'));
    expect(created.some((e) => e.details.referralId === sent.id)).toBe(true);
    const matched = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.type, 'referral matched'));
    expect(matched.filter((e) => e.details.referralId === sent.id).map((e) => e.practiceId)).toEqual([s.a.practice.id]);
  });

  it('refuses what it cannot send, with a message per field, and stores nothing', async () => {
    const s = await referralScene(t);
    const other = await insertPatient(t.db, s.a.practice.id);
    const base = { practiceId: s.sender.practice.id, patientId: s.patient.id };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base }, 'Choose the practice to refer to, or a speciality to match'],
      [{ ...base, patientId: other.id, targetPracticeId: s.a.practice.id }, 'No such patient in this practice'],
      [{ ...base, targetPracticeId: s.sender.practice.id }, 'A practice cannot refer to itself'],
      [{ ...base, targetPracticeId: 999_999 }, 'No such practice'],
      [
        { ...base, targetPracticeId: s.a.practice.id, recievingUserId: s.b.provider.id },
        expect.stringContaining('does not work at'),
      ],
      [
        { ...base, targetPracticeId: s.a.practice.id, notes: 'x'.repeat(5001) },
        'Notes must be at most 5000 characters',
      ],
      [{ ...base, specialityId: 1 }, 'scheduleType is required for a specialty referral'],
      [
        { ...base, specialityId: 1, scheduleType: 'PREFERENCE' },
        'Give at least one day and time of day for a PREFERENCE referral',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await s.sender.client.post('/api/v1/referrals', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toEqual(message);
    }
    expect(
      (await s.sender.client.get(`/api/v1/referrals/sent?practiceId=${s.sender.practice.id}`)).json<Page>().count,
    ).toBe(0);
    expect(
      (await s.b.client.post('/api/v1/referrals', { ...base, targetPracticeId: s.a.practice.id })).statusCode,
    ).toBe(403);
    expect(
      (await new TestClient(t.app).post('/api/v1/referrals', { ...base, targetPracticeId: s.a.practice.id }))
        .statusCode,
    ).toBe(401);
  });

  it("sends the spec's BASIC payload, which names only the provider, to the one practice where they are a provider", async () => {
    const s = await referralScene(t);
    const base = { practiceId: s.sender.practice.id, patientId: s.patient.id };
    // Also a member of the sender and a STAFF member of Bravo: neither is where they see patients referred to them.
    await addMember(t.db, s.sender.practice.id, s.a.provider.id, 'PROVIDER');
    await addMember(t.db, s.b.practice.id, s.a.provider.id, 'STAFF');
    const res = await s.sender.client.post('/api/v1/referrals', { ...base, recievingUserId: s.a.provider.id });
    expect(res.statusCode).toBe(201);
    expect(res.json<referralsApi.ReferralDetail>()).toMatchObject({
      type: 'BASIC',
      receivingPractice: { id: s.a.practice.id },
      receivingUser: { id: s.a.provider.id },
    });
    expect((await s.a.client.get(`/api/v1/referrals/inbox?practiceId=${s.a.practice.id}`)).json<Page>().count).toBe(1);

    // A provider at two practices: the sender must say which one.
    await addMember(t.db, s.b.practice.id, s.a.provider.id, 'PROVIDER');
    const ambiguous = await s.sender.client.post('/api/v1/referrals', { ...base, recievingUserId: s.a.provider.id });
    expect(ambiguous.statusCode).toBe(400);
    const several =
      'The provider asked for works at several practices: name the practice to refer to (targetPracticeId)';
    expect(ambiguous.json()).toMatchObject({
      message: several,
      issues: [{ path: ['body', 'targetPracticeId'], message: several }],
    });
    const nobody = await createUser(t.db);
    const unknown = await s.sender.client.post('/api/v1/referrals', { ...base, recievingUserId: nobody.id });
    expect(unknown.json()).toMatchObject({
      statusCode: 400,
      message: 'The provider asked for is not a provider at another practice',
    });
    expect(
      (await s.sender.client.get(`/api/v1/referrals/sent?practiceId=${s.sender.practice.id}`)).json<Page>().count,
    ).toBe(1);
    // Named together, the practice decides.
    expect(
      (
        await s.sender.client.post('/api/v1/referrals', {
          ...base,
          recievingUserId: s.a.provider.id,
          targetPracticeId: s.b.practice.id,
        })
      ).statusCode,
    ).toBe(201);
  });

  it("attaches only the sender's own uploads, which the receiving practice can then open", async () => {
    const s = await referralScene(t);
    const mine = await insertUploadedFile(t.db, { practiceId: s.sender.practice.id, uploadedBy: s.sender.provider.id });
    const colleague = await createUser(t.db);
    await addMember(t.db, s.sender.practice.id, colleague.id, 'STAFF');
    const theirs = await insertUploadedFile(t.db, { practiceId: s.sender.practice.id, uploadedBy: colleague.id });
    const refused = await s.sender.client.post('/api/v1/referrals', {
      practiceId: s.sender.practice.id,
      patientId: s.patient.id,
      targetPracticeId: s.a.practice.id,
      files: [mine.id, theirs.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `File ${theirs.id} cannot be attached: attach files you uploaded for this practice`,
    );
    expect((await t.db.select().from(files).where(eq(files.id, mine.id)))[0].ownerKind).toBe('PRACTICE');

    const sent = await s.send(s.a, { files: [mine.id] });
    expect(sent.files.map((f) => f.id)).toEqual([mine.id]);
    const seen = (await s.a.client.get(`/api/v1/files?ids=${mine.id}`)).json<{ id: number }[]>();
    expect(seen.map((f) => f.id)).toEqual([mine.id]);
    expect((await s.b.client.get(`/api/v1/files?ids=${mine.id}`)).json()).toEqual([]);
  });

  it('names only a provider of the practice as the referring provider', async () => {
    const s = await referralScene(t);
    const staff = await createUser(t.db, { firstName: 'Sam', lastName: 'Staff' });
    await addMember(t.db, s.sender.practice.id, staff.id, 'STAFF');
    await addMember(t.db, s.sender.practice.id, staff.id, 'ADMIN');
    const staffClient = await signedIn(t.app, staff);
    const body = { practiceId: s.sender.practice.id, patientId: s.patient.id, targetPracticeId: s.a.practice.id };

    const self = await staffClient.post('/api/v1/referrals', body);
    expect(self.statusCode).toBe(400);
    const selfMessage =
      'Only a provider can refer a patient: name the referring provider of this practice (fromUserId)';
    expect(self.json()).toMatchObject({
      message: selfMessage,
      issues: [{ path: ['body', 'fromUserId'], message: selfMessage }],
    });
    for (const fromUserId of [staff.id, s.a.provider.id]) {
      const named = await s.sender.client.post('/api/v1/referrals', { ...body, fromUserId });
      expect(named.json()).toMatchObject({
        statusCode: 400,
        message: 'The referring provider must be a provider of this practice',
      });
    }
    expect(
      (await s.sender.client.get(`/api/v1/referrals/sent?practiceId=${s.sender.practice.id}`)).json<Page>().count,
    ).toBe(0);

    // Staff send on a provider's behalf.
    const onBehalf = await staffClient.post('/api/v1/referrals', { ...body, fromUserId: s.sender.provider.id });
    expect(onBehalf.statusCode).toBe(201);
    expect(onBehalf.json<referralsApi.ReferralDetail>().fromUser).toMatchObject({ id: s.sender.provider.id });
  });

  it('lets an integration send with a key that may write referrals, naming the provider', async () => {
    const s = await referralScene(t);
    const key = await apiKeyClient(t.app, t.db, s.sender.practice.id, s.sender.provider.id, [
      'REFERRALS_WRITE',
      'REFERRALS_READ',
    ]);
    const body = { practiceId: s.sender.practice.id, patientId: s.patient.id, targetPracticeId: s.a.practice.id };
    expect((await key.post('/api/v1/referrals', body)).json().message).toBe(
      'An integration must name the referring provider (fromUserId)',
    );
    const res = await key.post('/api/v1/referrals', { ...body, fromUserId: s.sender.provider.id });
    expect(res.statusCode).toBe(201);
    const readOnly = await apiKeyClient(t.app, t.db, s.sender.practice.id, s.sender.provider.id, ['REFERRALS_READ']);
    expect((await readOnly.post('/api/v1/referrals', { ...body, fromUserId: s.sender.provider.id })).statusCode).toBe(
      403,
    );
    expect((await readOnly.get(`/api/v1/referrals/sent?practiceId=${s.sender.practice.id}`)).json<Page>().count).toBe(
      1,
    );
  });
});
