import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { practices } from '../../core/index.js';
import { referralScene } from './referrals.test-factories.js';
import { cataloguePair, routingContext } from './routing/routing.test-factories.js';
import { offerNextTier } from './routing/offers.js';
import { referralEvents, referrals } from './referrals.table.js';
import { createTestClock } from '../../test/clock.js';

/**
 * autoArchiveEnabled: a referral that ends without care (declined, expired, cancelled) moves to the
 * archived list of each practice on it that asked for that, archived by the system.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Detail = referralsApi.ReferralDetail;
type Scene = Awaited<ReturnType<typeof referralScene>>;
type Side = Scene['sender'];

const autoArchive = (side: Side) =>
  t.db.update(practices).set({ autoArchiveEnabled: true }).where(eq(practices.id, side.practice.id));
const list = async (side: Side, type: referralsApi.ReferralListType) =>
  (await side.client.get(`/api/v1/referrals/${type}?practiceId=${side.practice.id}`))
    .json<{ data: { id: number }[] }>()
    .data.map((r) => r.id);
const detailFor = async (side: Side, id: number) =>
  (await side.client.get(`/api/v1/referral/${id}?practiceId=${side.practice.id}`)).json<Detail>();
const systemArchives = (referralId: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'referral.archived'),
        eq(auditEvents.targetId, String(referralId)),
        isNull(auditEvents.actorUserId),
      ),
    )
    .orderBy(asc(auditEvents.id));

describe('a practice that archives ended referrals automatically', () => {
  it('finds a referral its practice declined in its archive, archived by Referwell, and the sender without the setting does not', async () => {
    const s = await referralScene(t);
    await autoArchive(s.sender);
    const declined = await s.send();
    await s.a.client.put(`/api/v1/referral/${declined.id}/reject`, { practiceId: s.a.practice.id, reason: 'Full' });

    expect(await list(s.sender, 'sent')).toEqual([]);
    expect(await list(s.sender, 'archived')).toEqual([declined.id]);
    const detail = await detailFor(s.sender, declined.id);
    expect(detail).toMatchObject({
      status: 'REJECTED',
      archived: true,
      actions: ['referAgain', 'unarchive', 'comment'],
    });
    expect(detail.timeline.map((e) => e.kind)).toEqual(['CREATED', 'OFFERED', 'REJECTED', 'ARCHIVED']);
    expect(detail.timeline.at(-1)).toMatchObject({
      actor: null,
      practice: { id: s.sender.practice.id },
      details: { automatic: true },
    });
    expect(await systemArchives(declined.id)).toEqual([
      expect.objectContaining({
        targetType: 'referral',
        details: { practiceId: s.sender.practice.id, automatic: true },
      }),
    ]);
    // It can be brought back like any archived referral.
    await s.sender.client.put(`/api/v1/referrals/${declined.id}/archive`, {
      practiceId: s.sender.practice.id,
      archived: false,
    });
    expect(await list(s.sender, 'sent')).toEqual([declined.id]);

    // Another sender, without the setting, keeps its declined referral in its sent list.
    const other = await referralScene(t);
    const kept = await other.send();
    await other.a.client.put(`/api/v1/referral/${kept.id}/reject`, { practiceId: other.a.practice.id });
    expect(await list(other.sender, 'sent')).toEqual([kept.id]);
    expect((await detailFor(other.sender, kept.id)).timeline.map((e) => e.kind)).toEqual([
      'CREATED',
      'OFFERED',
      'REJECTED',
    ]);
    expect(await systemArchives(kept.id)).toEqual([]);
  });

  it('archives a cancelled referral for each practice still on it that asked, the accepting one included', async () => {
    const s = await referralScene(t);
    await autoArchive(s.a);
    const sent = await s.send();
    await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id });
    await s.sender.client.put(`/api/v1/referral/${sent.id}/cancel`, {
      practiceId: s.sender.practice.id,
      reason: 'Patient moved away',
    });

    expect(await list(s.a, 'inbox')).toEqual([]);
    expect(await list(s.a, 'archived')).toEqual([sent.id]);
    expect(await list(s.sender, 'sent')).toEqual([sent.id]);
    const timeline = (await detailFor(s.a, sent.id)).timeline;
    expect(timeline.slice(-2)).toMatchObject([
      { kind: 'CANCELLED' },
      { kind: 'ARCHIVED', actor: null, practice: { id: s.a.practice.id } },
    ]);
    expect((await systemArchives(sent.id)).map((a) => a.details)).toEqual([
      { practiceId: s.a.practice.id, automatic: true },
    ]);
  });

  it('archives a specialty referral that expired, and leaves accepted ones and ones archived by hand as they are', async () => {
    const s = await referralScene(t);
    await autoArchive(s.sender);
    await autoArchive(s.a);
    // Routing finds nobody left to ask (nobody in this test database practises the speciality):
    // the referral ends EXPIRED, as when its last tier runs out.
    const { speciality } = await cataloguePair(t.db, 0);
    const [waiting] = await t.db
      .insert(referrals)
      .values({
        type: 'SPECIALTY',
        status: 'OFFERED',
        practiceId: s.sender.practice.id,
        fromUserId: s.sender.provider.id,
        patientId: s.patient.id,
        specialityId: speciality.id,
        scheduleType: 'NEXT',
      })
      .returning();
    await t.db.insert(referralEvents).values({
      referralId: waiting.id,
      kind: 'CREATED',
      actorUserId: s.sender.provider.id,
      practiceId: s.sender.practice.id,
    });
    await t.db.transaction((tx) => offerNextTier(routingContext(t, createTestClock()), tx, waiting));
    const expired = await detailFor(s.sender, waiting.id);
    expect(expired).toMatchObject({ status: 'EXPIRED', archived: true });
    expect(expired.timeline.map((e) => e.kind)).toEqual(['CREATED', 'EXPIRED', 'ARCHIVED']);

    // Accepted: the patient is being cared for, so it stays listed on both sides.
    const accepted = await s.send();
    await s.a.client.put(`/api/v1/referral/${accepted.id}/accept`, { practiceId: s.a.practice.id });
    expect(await list(s.a, 'inbox')).toEqual([accepted.id]);
    expect(await list(s.sender, 'sent')).toEqual([accepted.id]);

    // Archived by hand before it ended: no second archive on the timeline.
    const withdrawn = await s.send(s.b);
    await s.sender.client.put(`/api/v1/referrals/${withdrawn.id}/archive`, { practiceId: s.sender.practice.id });
    await s.sender.client.put(`/api/v1/referral/${withdrawn.id}/cancel`, { practiceId: s.sender.practice.id });
    const timeline = (await detailFor(s.sender, withdrawn.id)).timeline;
    expect(timeline.map((e) => e.kind)).toEqual(['CREATED', 'OFFERED', 'ARCHIVED', 'CANCELLED']);
    expect(timeline[2]).toMatchObject({ actor: { id: s.sender.provider.id } });
    expect(await systemArchives(withdrawn.id)).toEqual([]);
  });
});
