import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { lastAudit, signedIn } from '../practices/practices.test-factories.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { referralScene } from '../referrals/referrals.test-factories.js';
import { referralEvents } from '../referrals/referrals.table.js';
import { staffMember } from '../chats/chats.test-factories.js';
import { createBot, submitted } from '../intake/intake.test-factories.js';
import { specialtyOffer, unreadPracticeChat, worklistOf } from './worklist.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ids = (section: { items: { id: number }[] }) => section.items.map((item) => item.id);

/**
 * The scene: Alpha, the caller's practice, is offered referrals and sends its own; Bravo and the
 * sender are its peers.
 */
async function scene() {
  const s = await referralScene(t);
  const { a } = s;
  const ref = (side: typeof a) => ({ practiceId: side.practice.id, userId: side.provider.id });
  /** Alpha's referral of its own patient to another practice, through the API. */
  const alphaSends = async (to: number) => {
    const patient = await insertPatient(t.db, a.practice.id, { firstName: 'Ann', lastName: `Lee${to}` });
    const res = await a.client.post('/api/v1/referrals', {
      practiceId: a.practice.id,
      patientId: patient.id,
      targetPracticeId: to,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<referralsApi.ReferralDetail>();
  };
  return { ...s, ref, alphaSends };
}

describe('GET /api/v1/practice/{id}/worklist', () => {
  it('lists the offers waiting for an answer, soonest deadline first, and none of another practice', async () => {
    const { a, b, sender, ref, send } = await scene();
    const basic = await send(a);
    const later = await specialtyOffer(t, ref(sender), a.practice.id, { minutesLeft: 120 });
    const soon = await specialtyOffer(t, ref(sender), a.practice.id, { minutesLeft: 30 });
    const tidied = await specialtyOffer(t, ref(sender), a.practice.id, { minutesLeft: 5 });
    await a.client.put(`/api/v1/referrals/${tidied.id}/archive`, { practiceId: a.practice.id });
    await send(b);

    const { waitingReferrals } = await worklistOf(a.client, a.practice.id);
    expect(ids(waitingReferrals)).toEqual([soon.id, later.id, basic.id]);
    expect(waitingReferrals.count).toBe(3);
    expect(waitingReferrals.items[0]).toMatchObject({
      type: 'SPECIALTY',
      patientName: soon.patientName,
      fromPractice: { id: sender.practice.id, name: sender.practice.name },
      viewed: false,
    });
    expect(waitingReferrals.items[0].answerBy! - Date.now()).toBeGreaterThan(25 * 60_000);
    expect(waitingReferrals.items[2]).toMatchObject({ type: 'BASIC', patientName: 'Jane Doe', answerBy: null });
    // Reading names patients: audited as a list of the referrals shown.
    expect((await lastAudit(t.db, 'referral.listed'))?.details).toMatchObject({
      practiceId: a.practice.id,
      type: 'worklist',
      referralIds: [soon.id, later.id, basic.id],
    });

    // Someone in both practices sees each practice's offers under that practice only.
    const both = await createUser(t.db);
    await addMember(t.db, a.practice.id, both.id, 'STAFF');
    await addMember(t.db, b.practice.id, both.id, 'STAFF');
    const client = await signedIn(t.app, both);
    expect((await worklistOf(client, b.practice.id)).waitingReferrals.count).toBe(1);
    expect(ids((await worklistOf(client, a.practice.id)).waitingReferrals)).toEqual([soon.id, later.id, basic.id]);
  });

  it('shows what became of the referrals the practice sent until the user opens them, for each user apart', async () => {
    const { a, b, sender, alphaSends } = await scene();
    const accepted = await alphaSends(b.practice.id);
    const declined = await alphaSends(sender.practice.id);
    const cancelled = await alphaSends(b.practice.id);
    await alphaSends(b.practice.id);
    expect(
      (await b.client.put(`/api/v1/referral/${accepted.id}/accept`, { practiceId: b.practice.id })).statusCode,
    ).toBe(200);
    await sender.client.put(`/api/v1/referral/${declined.id}/reject`, { practiceId: sender.practice.id });
    await a.client.put(`/api/v1/referral/${cancelled.id}/cancel`, { practiceId: a.practice.id });

    const news = (await worklistOf(a.client, a.practice.id)).sentReferralNews;
    expect(news.items).toEqual([
      {
        id: declined.id,
        patientName: declined.patient.firstName + ' ' + declined.patient.lastName,
        status: 'REJECTED',
        byPractice: { id: sender.practice.id, name: sender.practice.name },
        changedAt: expect.any(Number),
      },
      expect.objectContaining({
        id: accepted.id,
        status: 'ACCEPTED',
        byPractice: { id: b.practice.id, name: b.practice.name },
      }),
    ]);
    expect(news.count).toBe(2);

    const colleague = await staffMember(t, 'STAFF', a.practice.id);
    await a.client.put(`/api/v1/referrals/${accepted.id}/view`, { practiceId: a.practice.id });
    expect(ids((await worklistOf(a.client, a.practice.id)).sentReferralNews)).toEqual([declined.id]);
    expect(ids((await worklistOf(colleague.client, a.practice.id)).sentReferralNews)).toEqual([
      declined.id,
      accepted.id,
    ]);

    // An answer long past is no longer news, opened or not.
    await t.db
      .update(referralEvents)
      .set({ at: new Date(Date.now() - 15 * 24 * 60 * 60_000) })
      .where(eq(referralEvents.referralId, declined.id));
    expect(ids((await worklistOf(colleague.client, a.practice.id)).sentReferralNews)).toEqual([accepted.id]);
  });

  it('lists the unread chats and the submissions nobody opened, newest first, of this practice only', async () => {
    const { a, b, sender } = await scene();
    const writer = { userId: sender.provider.id, name: 'Sid Sender' };
    const older = await unreadPracticeChat(t, { ...writer, practiceId: sender.practice.id }, a.practice.id, 2);
    const newer = await unreadPracticeChat(t, { ...writer, practiceId: b.practice.id }, a.practice.id);
    await unreadPracticeChat(t, { ...writer, practiceId: sender.practice.id }, b.practice.id);

    const admin = await staffMember(t, 'ADMIN', a.practice.id);
    const bot = await createBot(admin, { name: 'New patients' });
    const rosa = await submitted(t, bot, { firstName: 'Rosa', lastName: 'Diaz' });
    const omar = await submitted(t, bot, { firstName: 'Omar', lastName: 'Haddad' });
    const opened = await submitted(t, bot);
    await a.client.get(`/api/v1/submission/${opened}?practiceId=${a.practice.id}`);
    await submitted(t, await createBot(await staffMember(t, 'ADMIN', b.practice.id)));

    const { unreadChats, newSubmissions } = await worklistOf(a.client, a.practice.id);
    expect(unreadChats).toMatchObject({
      count: 2,
      items: [
        { id: newer.id, title: b.practice.name, unreadCount: 1, lastMessageFrom: 'Sid Sender' },
        { id: older.id, title: sender.practice.name, unreadCount: 2 },
      ],
    });
    expect(newSubmissions).toEqual({
      count: 2,
      items: [
        {
          id: omar,
          botId: bot.id,
          botName: 'New patients',
          patientName: 'Omar Haddad',
          receivedAt: expect.any(Number),
        },
        { id: rosa, botId: bot.id, botName: 'New patients', patientName: 'Rosa Diaz', receivedAt: expect.any(Number) },
      ],
    });
  });

  it('shows five of each and counts them all', async () => {
    const { a, sender, ref } = await scene();
    const offers = [];
    for (let minutes = 70; minutes > 0; minutes -= 10)
      offers.push(await specialtyOffer(t, ref(sender), a.practice.id, { minutesLeft: minutes }));
    const { waitingReferrals } = await worklistOf(a.client, a.practice.id);
    expect(waitingReferrals.count).toBe(7);
    expect(ids(waitingReferrals)).toEqual(
      offers
        .slice(2)
        .reverse()
        .map((o) => o.id),
    );
  });

  it('refuses someone outside the practice and anyone signed out', async () => {
    const practice = await createPractice(t.db);
    const outsider = await staffMember(t);
    const res = await outsider.client.get(`/api/v1/practice/${practice.id}/worklist`);
    expect(res.statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/practice/${practice.id}/worklist`)).statusCode).toBe(401);
  });
});
