import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createUser } from '../../test/factories.js';
import { apiKeyClient, lastAudit, signedIn } from '../practices/practices.test-factories.js';
import { discussion, expireOffer } from './referral-comments.test-factories.js';

/** The people a comment on a referral may mention: who is suggested, filtering, and who may ask. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/referral/{id}/mentions', () => {
  type Person = { id: number; lastName: string };
  const mentionsUrl = (referralId: number, practiceId: number, query?: string) =>
    `/api/v1/referral/${referralId}/mentions?practiceId=${practiceId}${query === undefined ? '' : `&query=${encodeURIComponent(query)}`}`;
  const team = (side: { admin: { id: number }; provider: { id: number }; staff: { id: number } }) => [
    side.admin.id,
    side.provider.id,
    side.staff.id,
  ];

  it('suggests the people of every practice on the referral, by name, and audits the read', async () => {
    const { sender, receiver, referral } = await discussion(t);
    const res = await (await signedIn(t.app, sender.staff)).get(mentionsUrl(referral.id, sender.practice.id));
    expect(res.statusCode, res.body).toBe(200);
    const people: Person[] = res.json();
    expect(people.map((p) => p.id).sort()).toEqual([...team(sender), ...team(receiver)].sort());
    expect(people.map((p) => p.lastName)).toEqual(people.map((p) => p.lastName).sort());
    expect(people.map((p) => p.id)).not.toContain(sender.outsider.id);
    expect(await lastAudit(t.db, 'referral.mentions_listed', referral.id)).toMatchObject({
      actorUserId: sender.staff.id,
      targetType: 'referral',
      details: { practiceId: sender.practice.id, count: 6 },
    });

    const theirs = await (await signedIn(t.app, receiver.provider)).get(mentionsUrl(referral.id, receiver.practice.id));
    expect(theirs.json()).toEqual(people);
  });

  it('filters by name, whatever its case, and answers at most 20', async () => {
    const { sender, receiver, referral } = await discussion(t);
    const client = await signedIn(t.app, sender.provider);
    const ids = async (query?: string) =>
      (await client.get(mentionsUrl(referral.id, sender.practice.id, query))).json<Person[]>().map((p) => p.id);
    expect((await ids('sAm')).sort()).toEqual([sender.staff.id, receiver.staff.id].sort());
    expect(await ids(`paul ${receiver.provider.lastName}`)).toEqual([receiver.provider.id]);
    expect(await ids('nobody')).toEqual([]);
    expect(await ids('')).toHaveLength(6);
    expect((await client.get(mentionsUrl(referral.id, sender.practice.id, 'x'.repeat(101)))).statusCode).toBe(400);

    for (let i = 0; i < 20; i += 1) {
      const user = await createUser(t.db, { firstName: 'Zed', lastName: `Zulu${String(i).padStart(2, '0')}` });
      await addMember(t.db, receiver.practice.id, user.id, 'STAFF');
    }
    const page = await ids();
    expect(page).toHaveLength(20);
    expect(page.slice(0, 6).sort()).toEqual([...team(sender), ...team(receiver)].sort());
    expect(await ids('zed')).toHaveLength(20);
  });

  it("offers an offered practice's people only while its offer is live", async () => {
    const { sender, receiver, referral } = await discussion(t, 'offered');
    const client = await signedIn(t.app, sender.staff);
    const ids = async () =>
      (await client.get(mentionsUrl(referral.id, sender.practice.id)))
        .json<Person[]>()
        .map((p) => p.id)
        .sort();
    expect(await ids()).toEqual([...team(sender), ...team(receiver)].sort());

    await expireOffer(t.db, referral.id, receiver.practice.id);
    expect(await ids()).toEqual(team(sender).sort());
    const gone = await (await signedIn(t.app, receiver.staff)).get(mentionsUrl(referral.id, receiver.practice.id));
    expect(gone.statusCode).toBe(456);
    expect(gone.json()).toMatchObject({ code: 'OBJECT_NOT_FOUND', message: 'No such referral' });
  });

  it('refuses non-members, practices that do not see the referral, strangers and keys without the permission', async () => {
    const { sender, referral } = await discussion(t);
    const outsider = await signedIn(t.app, sender.outsider);
    expect((await outsider.get(mentionsUrl(referral.id, sender.practice.id))).statusCode).toBe(403);
    expect((await outsider.get(mentionsUrl(referral.id, sender.otherPractice.id))).statusCode).toBe(456);
    expect(
      (await (await signedIn(t.app, sender.staff)).get(mentionsUrl(2_000_000_000, sender.practice.id))).statusCode,
    ).toBe(456);
    expect((await new TestClient(t.app).get(mentionsUrl(referral.id, sender.practice.id))).statusCode).toBe(401);
    expect(await lastAudit(t.db, 'referral.mentions_listed', referral.id)).toBeUndefined();

    const noPermission = await apiKeyClient(t.app, t.db, sender.practice.id, sender.admin.id, ['PATIENTS_READ']);
    expect((await noPermission.get(mentionsUrl(referral.id, sender.practice.id))).statusCode).toBe(403);
    const reader = await apiKeyClient(t.app, t.db, sender.practice.id, sender.admin.id, ['REFERRALS_READ']);
    const read = await reader.get(mentionsUrl(referral.id, sender.practice.id));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toHaveLength(6);
  });
});
