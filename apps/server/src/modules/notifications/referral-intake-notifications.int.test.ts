import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { notificationsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { openEventsSocket } from '../../test/sockets.js';
import { createJobs } from '../../platform/jobs/queue.js';
import { recordingLog } from '../../platform/jobs/log.test-support.js';
import { addMember, createUser } from '../../test/factories.js';
import { signedIn } from '../practices/practices.test-factories.js';
import { insertReferral, referralScene } from '../referrals/referrals.test-factories.js';
import { queueReferralNotice } from '../referrals/referral-notifications.js';
import { jobsDone, listen, staffMember } from '../chats/chats.test-factories.js';
import { createBot, submitted } from '../intake/intake.test-factories.js';
import { NOTIFICATION_WRITTEN } from './notifications.service.js';

/**
 * Referral and intake news in people's bells: who is told what, that no patient is named, and
 * that it goes once read. The app listens, so its own worker runs the jobs that write them.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
});
afterAll(async () => {
  await t?.close();
});

type Bell = { data: notificationsApi.Notification[]; count: number };
const bellOf = async (client: TestClient) => (await client.get('/api/v1/notification')).json<Bell>();
const shown = (bell: Bell) => bell.data.map((n) => `${n.title}: ${n.text}`);

describe('referral notifications', () => {
  it('tells every member of a practice offered a referral who sent it, naming no patient, until it is answered', async () => {
    const s = await referralScene(t);
    const colleague = await createUser(t.db);
    await addMember(t.db, s.a.practice.id, colleague.id, 'STAFF');
    const colleagueClient = await signedIn(t.app, colleague);
    const socket = openEventsSocket(base, s.a.client);
    await socket.subscribe();

    const sent = await s.send(s.a);
    await jobsDone(t);
    const bell = await bellOf(s.a.client);
    expect(bell).toEqual({
      count: 1,
      data: [
        expect.objectContaining({
          practiceId: s.a.practice.id,
          title: 'New referral',
          text: `New referral from ${s.sender.practice.name}`,
          link: `/referrals/view/${sent.id}`,
        }),
      ],
    });
    expect(JSON.stringify(bell)).not.toMatch(/Jane|Doe|Knee/);
    expect(shown(await bellOf(colleagueClient))).toEqual([`New referral: New referral from ${s.sender.practice.name}`]);
    expect((await bellOf(s.b.client)).count).toBe(0);
    expect((await bellOf(s.sender.client)).count).toBe(0);
    // Its push is what pops up in the open app.
    const pushed = await socket.until((m) => m.event === NOTIFICATION_WRITTEN);
    expect(pushed.data.notification).toMatchObject({
      title: 'New referral',
      actions: [{ title: 'View referral', link: `/referrals/view/${sent.id}` }],
    });
    socket.socket.close();

    // Answered, the offer needs no more telling; the sender hears of it.
    await s.a.client.put(`/api/v1/referral/${sent.id}/accept`, { practiceId: s.a.practice.id });
    await jobsDone(t);
    expect((await bellOf(colleagueClient)).count).toBe(0);
    expect((await bellOf(s.a.client)).count).toBe(0);
    const senderBell = await bellOf(s.sender.client);
    expect(shown(senderBell)).toEqual([`Referral accepted: ${s.a.practice.name} accepted your referral`]);
    expect((await s.sender.client.get('/api/v1/user/notifications/count')).json()).toEqual({ count: 1 });

    // Opening the referral reads it.
    await s.sender.client.put(`/api/v1/referrals/${sent.id}/view`, { practiceId: s.sender.practice.id });
    expect((await bellOf(s.sender.client)).count).toBe(0);
  });

  it('tells the sender of a decline and of an expiry, and the receiver of a cancel; one read, then all', async () => {
    const s = await referralScene(t);
    const declined = await s.send(s.b);
    await s.b.client.put(`/api/v1/referral/${declined.id}/reject`, { practiceId: s.b.practice.id, reason: 'Full' });
    const cancelled = await s.send(s.a);
    await s.a.client.put(`/api/v1/referral/${cancelled.id}/accept`, { practiceId: s.a.practice.id });
    await s.sender.client.put(`/api/v1/referral/${cancelled.id}/cancel`, { practiceId: s.sender.practice.id });
    // No practice took it in time: routing's notice, as the tier job queues it.
    const { referral: expired } = await insertReferral(t.db, {
      senderPracticeId: s.sender.practice.id,
      fromUserId: s.sender.provider.id,
    });
    const jobs = createJobs(t.db, recordingLog());
    await t.db.transaction((tx) =>
      queueReferralNotice({ jobs }, tx, {
        referralId: expired.id,
        kind: 'EXPIRED',
        practiceIds: [s.sender.practice.id],
      }),
    );
    await jobsDone(t);

    const senderBell = await bellOf(s.sender.client);
    expect(shown(senderBell).sort()).toEqual(
      [
        `Referral declined: ${s.b.practice.name} declined your referral`,
        `Referral accepted: ${s.a.practice.name} accepted your referral`,
        'No match: No practice accepted your referral in time',
      ].sort(),
    );
    expect(shown(await bellOf(s.a.client))).toEqual([
      `Referral cancelled: ${s.sender.practice.name} cancelled a referral you accepted`,
    ]);
    expect((await bellOf(s.b.client)).count).toBe(0);

    const [first] = senderBell.data;
    expect((await s.sender.client.put(`/api/v1/notification/${first.id}/dismiss`)).statusCode).toBe(200);
    expect((await bellOf(s.sender.client)).count).toBe(2);
    expect((await s.sender.client.put('/api/v1/notification/clear', {})).statusCode).toBe(200);
    expect(await bellOf(s.sender.client)).toEqual({ count: 0, data: [] });
  });
});

describe('intake notifications', () => {
  it('tells every member of a new submission, one notification per form saying how many wait, naming no patient', async () => {
    const admin = await staffMember(t, 'ADMIN');
    const provider = await staffMember(t, 'PROVIDER', admin.practiceId);
    const outsider = await staffMember(t);
    const bot = await createBot(admin, { name: 'New patients' });

    await submitted(t, bot, { firstName: 'Rosa', lastName: 'Diaz' });
    await jobsDone(t);
    const bell = await bellOf(provider.client);
    expect(bell).toEqual({
      count: 1,
      data: [
        expect.objectContaining({
          practiceId: admin.practiceId,
          title: 'New form submission',
          text: 'A patient sent the form New patients',
          link: `/intake/${bot.id}`,
        }),
      ],
    });

    await submitted(t, bot, { firstName: 'Omar', lastName: 'Haddad' });
    await jobsDone(t);
    for (const who of [admin, provider]) {
      const now = await bellOf(who.client);
      expect(shown(now)).toEqual(['New form submissions: 2 new submissions through the form New patients']);
      expect(JSON.stringify(now)).not.toMatch(/Rosa|Diaz|Omar|Haddad/);
    }
    expect((await bellOf(outsider.client)).count).toBe(0);
  });
});
