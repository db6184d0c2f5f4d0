import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createUser } from '../../test/factories.js';
import { apiKeyClient, lastAudit, signedIn } from '../practices/practices.test-factories.js';
import { practiceTags } from '../practices/practices.table.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { files } from '../files/files.table.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { analyticsEvents } from '../analytics/analytics.table.js';
import { insertUploadedFile, referralScene } from './referrals.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Page = { data: referralsApi.ReferralSummary[]; count: number };
const ids = (page: Page) => page.data.map((r) => r.id);

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

describe('lists, filters and search', () => {
  it('pages newest change first and filters by provider, patient name and updatedSince', async () => {
    const s = await referralScene(t);
    const john = await insertPatient(t.db, s.sender.practice.id, { firstName: 'John', lastName: 'Smith' });
    const first = await s.send();
    const second = await s.send(s.a, { patientId: john.id });
    const third = await s.send();
    const q = `practiceId=${s.a.practice.id}`;
    const page0 = (await s.a.client.get(`/api/v1/referrals/inbox?${q}&page=0&pageSize=2`)).json<Page>();
    expect(page0).toMatchObject({ count: 3 });
    expect(ids(page0)).toEqual([third.id, second.id]);
    expect(ids((await s.a.client.get(`/api/v1/referrals/inbox?${q}&page=1&pageSize=2`)).json())).toEqual([first.id]);
    expect(ids((await s.a.client.get(`/api/v1/referrals/inbox?${q}&patientName=smi`)).json())).toEqual([second.id]);
    expect(
      ids((await s.a.client.get(`/api/v1/referrals/inbox?${q}&provider=${s.sender.provider.id}`)).json()),
    ).toHaveLength(3);
    expect(ids((await s.a.client.get(`/api/v1/referrals/inbox?${q}&updatedSince=${second.updatedAt}`)).json())).toEqual(
      [third.id],
    );
    expect((await s.a.client.get(`/api/v1/referrals/outbox?${q}`)).statusCode).toBe(400);
    expect((await s.a.client.get(`/api/v1/referrals/inbox?${q}&pageSize=500`)).statusCode).toBe(400);

    const found = (await s.a.client.get(`/api/v1/referrals/search?${q}&query=john`)).json<
      referralsApi.ReferralSummary[]
    >();
    expect(found.map((r) => r.id)).toEqual([second.id]);
    expect(
      (
        await s.a.client.get(
          `/api/v1/referrals/search?${q}&query=${encodeURIComponent(s.sender.practice.name.slice(0, 10))}&inbox=false`,
        )
      ).json(),
    ).toEqual([]);
    expect((await s.a.client.get(`/api/v1/referrals/search?${q}&query=j`)).json().message).toBe(
      'Type at least 2 characters',
    );
    expect(await lastAudit(t.db, 'referral.searched')).toMatchObject({ actorUserId: s.a.provider.id });
  });

  it('keeps viewed marks per user and counts unviewed inbox referrals in the unread summary', async () => {
    const s = await referralScene(t);
    const colleague = await createUser(t.db);
    await addMember(t.db, s.a.practice.id, colleague.id, 'STAFF');
    const other = await signedIn(t.app, colleague);
    const sent = await s.send();
    await s.send();
    const unread = async (client: TestClient) =>
      (await client.get(`/api/v1/unread?practiceId=${s.a.practice.id}&selectedPracticeOnly=true`)).json()[0];
    expect(await unread(s.a.client)).toMatchObject({ inboxItems: 2, total: 2 });

    expect(
      (await s.a.client.put(`/api/v1/referrals/${sent.id}/view`, { practiceId: s.a.practice.id })).statusCode,
    ).toBe(200);
    expect(await unread(s.a.client)).toMatchObject({ inboxItems: 1 });
    expect(await unread(other)).toMatchObject({ inboxItems: 2 });
    const inbox = (await s.a.client.get(`/api/v1/referrals/inbox?practiceId=${s.a.practice.id}`)).json<Page>();
    expect(inbox.data.find((r) => r.id === sent.id)?.viewed).toBe(true);

    await s.a.client.put(`/api/v1/referrals/${sent.id}/removeView`, { practiceId: s.a.practice.id });
    expect(await unread(s.a.client)).toMatchObject({ inboxItems: 2 });
    expect(
      (await s.b.client.put(`/api/v1/referrals/${sent.id}/view`, { practiceId: s.b.practice.id })).statusCode,
    ).toBe(456);
  });

  it('marks a referral new again for the other side when it is answered or discussed, not for whoever did it', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    const viewed = async (client: TestClient, type: string, practiceId: number) =>
      (await client.get(`/api/v1/referrals/${type}?practiceId=${practiceId}`))
        .json<Page>()
        .data.find((r) => r.id === sent.id)?.viewed;
    await s.a.client.put(`/api/v1/referrals/${sent.id}/view`, { practiceId: s.a.practice.id });
    expect(await viewed(s.sender.client, 'sent', s.sender.practice.id)).toBe(true);

    await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id });
    expect(await viewed(s.sender.client, 'sent', s.sender.practice.id)).toBe(false);
    expect(await viewed(s.a.client, 'inbox', s.a.practice.id)).toBe(true);

    await s.sender.client.put(`/api/v1/referrals/${sent.id}/view`, { practiceId: s.sender.practice.id });
    const comment = await s.sender.client.post(`/api/v1/referral/${sent.id}/comments`, {
      practiceId: s.sender.practice.id,
      message: 'Thank you',
    });
    expect(comment.statusCode).toBe(201);
    expect(await viewed(s.a.client, 'inbox', s.a.practice.id)).toBe(false);
    expect(await viewed(s.sender.client, 'sent', s.sender.practice.id)).toBe(true);
    expect(
      (await s.a.client.get(`/api/v1/unread?practiceId=${s.a.practice.id}&selectedPracticeOnly=true`)).json()[0],
    ).toMatchObject({ inboxItems: 1 });
  });

  it('archives per practice and brings back', async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    expect(
      (await s.a.client.put(`/api/v1/referrals/${sent.id}/archive`, { practiceId: s.a.practice.id })).statusCode,
    ).toBe(200);
    const list = async (type: string, client = s.a.client, practiceId = s.a.practice.id) =>
      ids((await client.get(`/api/v1/referrals/${type}?practiceId=${practiceId}`)).json());
    expect(await list('inbox')).toEqual([]);
    expect(await list('archived')).toEqual([sent.id]);
    expect(await list('sent', s.sender.client, s.sender.practice.id)).toEqual([sent.id]);
    const detail = (
      await s.a.client.get(`/api/v1/referral/${sent.id}?practiceId=${s.a.practice.id}`)
    ).json<referralsApi.ReferralDetail>();
    expect(detail).toMatchObject({ archived: true, actions: ['accept', 'reject', 'unarchive', 'comment'] });
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'ARCHIVED', practice: { id: s.a.practice.id } });
    await s.a.client.put(`/api/v1/referrals/${sent.id}/archive`, { practiceId: s.a.practice.id, archived: false });
    expect(await list('inbox')).toEqual([sent.id]);
  });

  it("tags with the practice's own referral tags only", async () => {
    const s = await referralScene(t);
    const sent = await s.send();
    const [urgent, general, patientTag] = await t.db
      .insert(practiceTags)
      .values([
        { practiceId: s.a.practice.id, name: 'Urgent', color: '#ff0000', context: 'REFERRAL' },
        { practiceId: s.a.practice.id, name: 'Follow up', color: '#00ff00', context: 'GENERAL' },
        { practiceId: s.a.practice.id, name: 'VIP', color: '#0000ff', context: 'PATIENT' },
      ])
      .returning();
    const [foreign] = await t.db
      .insert(practiceTags)
      .values({ practiceId: s.sender.practice.id, name: 'Theirs', color: '#000000', context: 'REFERRAL' })
      .returning();
    const put = (tags: number[]) =>
      s.a.client.put(`/api/v1/referral/${sent.id}/tags`, { practiceId: s.a.practice.id, tags });
    expect((await put([urgent.id, general.id])).json().map((x: { name: string }) => x.name)).toEqual([
      'Follow up',
      'Urgent',
    ]);
    for (const bad of [patientTag.id, foreign.id]) {
      const res = await put([bad]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`Tag ${bad} cannot be used: choose the practice's referral or general tags`);
    }
    const inbox = (await s.a.client.get(`/api/v1/referrals/inbox?practiceId=${s.a.practice.id}`)).json<Page>();
    expect(inbox.data[0].tags.map((x) => x.name)).toEqual(['Follow up', 'Urgent']);
    // The sender keeps its own view: no tags of another practice.
    const sentList = (
      await s.sender.client.get(`/api/v1/referrals/sent?practiceId=${s.sender.practice.id}`)
    ).json<Page>();
    expect(sentList.data[0].tags).toEqual([]);
    await put([]);
    expect(
      (
        await t.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'referral.tagged'), eq(auditEvents.targetId, String(sent.id))))
      ).length,
    ).toBe(2);
  });
});

describe('GET /api/v1/patient/{id}/referrals', () => {
  it("lists the patient's referrals with their count, notes on request", async () => {
    const s = await referralScene(t);
    const one = await s.send();
    const two = await s.send(s.b);
    const url = `/api/v1/patient/${s.patient.id}/referrals?practiceId=${s.sender.practice.id}`;
    const page = (await s.sender.client.get(`${url}&pageSize=1`)).json<Page>();
    expect(page.count).toBe(2);
    expect(ids(page)).toEqual([two.id]);
    const withNotes = (await s.sender.client.get(`${url}&referralNotes=true`)).json<{
      data: { id: number; notes?: string }[];
    }>();
    expect(withNotes.data.map((r) => [r.id, r.notes])).toEqual([
      [two.id, 'Knee pain, please assess'],
      [one.id, 'Knee pain, please assess'],
    ]);
    expect(
      (await s.a.client.get(`/api/v1/patient/${s.patient.id}/referrals?practiceId=${s.a.practice.id}`)).statusCode,
    ).toBe(456);
    expect(await lastAudit(t.db, 'patient.referrals_listed')).toMatchObject({ targetId: String(s.patient.id) });
  });
});
