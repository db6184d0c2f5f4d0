import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { addMember, createUser } from '../../test/factories.js';
import { lastAudit, signedIn } from '../practices/practices.test-factories.js';
import { practiceTags } from '../practices/practices.table.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { referralScene, referralIds as ids, type ReferralPage as Page } from './referrals.test-factories.js';

/** The referral lists: paging, filters and search, viewed marks, archiving, tags, and a patient's referrals. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
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
