import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { createLocalBus, REFERRAL_CHANGED, type ReferralChanged } from '../../platform/events/bus.js';
import { apiKeyClient, lastAudit, signedIn } from '../practices/practices.test-factories.js';
import { referralComments } from './referral-comments.table.js';
import {
  discussion,
  emailsSince,
  expireOffer,
  fileOwner,
  noticeWorker,
  outboxMark,
  uploadedPdf,
} from './referral-comments.test-factories.js';

/**
 * Comments on a referral: threads, files, mentions, live events and e-mails, and who may comment.
 * The people a comment may mention are in referral-mentions.
 */

let t: TestApp;
let worker: ReturnType<typeof noticeWorker>;
const events: ReferralChanged[] = [];
beforeAll(async () => {
  const bus = createLocalBus();
  bus.subscribe(REFERRAL_CHANGED, (e) => events.push(e as ReferralChanged));
  t = await createTestApp({}, { bus });
  worker = noticeWorker(t);
});
afterAll(async () => {
  await t?.close();
});

const commentsOn = async (referralId: number) =>
  (await t.db.select({ n: count() }).from(referralComments).where(eq(referralComments.referralId, referralId)))[0].n;

describe('POST /api/v1/referral/{id}/comments', () => {
  it('lets the practices on a referral discuss it, with files, mentions, a live event and e-mails', async () => {
    const { sender, receiver, referral, patient, url } = await discussion(t);
    const author = await signedIn(t.app, sender.provider);
    const reader = await signedIn(t.app, receiver.staff);
    const fileId = await uploadedPdf(t, author, sender.practice.id, 'x-ray.pdf');
    expect((await reader.get(`/api/v1/files?ids=${fileId}`)).json()).toEqual([]);
    const mark = await outboxMark(t.db);

    const res = await author.post(url, {
      practiceId: sender.practice.id,
      message: '  Please review the attached report  ',
      files: [fileId, fileId],
      usersMentioned: [receiver.staff.id],
      needsResponse: true,
      notifyPracticeUsers: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const comment = res.json();
    expect(comment).toMatchObject({
      referralId: referral.id,
      practice: { id: sender.practice.id, name: sender.practice.name },
      author: { id: sender.provider.id, firstName: 'Paul', lastName: sender.provider.lastName },
      message: 'Please review the attached report',
      files: [{ id: fileId, name: 'x-ray.pdf' }],
      needsResponse: true,
      notifyPracticeUsers: true,
      usersMentioned: [{ id: receiver.staff.id, firstName: 'Sam' }],
      parentId: null,
    });
    expect(typeof comment.createdAt).toBe('number');
    expect(await fileOwner(t.db, fileId)).toEqual({ ownerKind: 'REFERRAL', ownerId: referral.id });
    expect((await reader.get(`/api/v1/files?ids=${fileId}`)).json()).toMatchObject([{ id: fileId, name: 'x-ray.pdf' }]);
    expect(events.filter((e) => e.referralId === referral.id)).toEqual([
      {
        referralId: referral.id,
        kind: 'COMMENTED',
        practiceIds: expect.arrayContaining([sender.practice.id, receiver.practice.id]),
      },
    ]);
    expect(await lastAudit(t.db, 'referral.comment_created', referral.id)).toMatchObject({
      actorUserId: sender.provider.id,
      targetType: 'referral',
      details: {
        practiceId: sender.practice.id,
        commentId: comment.id,
        files: [fileId],
        usersMentioned: [receiver.staff.id],
      },
    });

    const listed = await reader.get(`${url}?practiceId=${receiver.practice.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([comment]);
    expect(await lastAudit(t.db, 'referral.comments_listed', referral.id)).toMatchObject({
      actorUserId: receiver.staff.id,
      details: { practiceId: receiver.practice.id, count: 1 },
    });

    expect(await worker.drain()).toBeGreaterThanOrEqual(3);
    const mails = await emailsSince(t.db, mark, [
      receiver.admin.email,
      receiver.provider.email,
      receiver.staff.email,
      sender.admin.email,
      sender.provider.email,
      sender.staff.email,
    ]);
    expect(mails.map((m) => `${m.to}: ${m.subject}`).sort()).toEqual(
      [
        `${receiver.admin.email}: New comment on a referral`,
        `${receiver.provider.email}: New comment on a referral`,
        `${receiver.staff.email}: You were mentioned on a referral`,
      ].sort(),
    );
    const mention = mails.find((m) => m.to === receiver.staff.email)!;
    expect(mention.body).toContain(
      `Paul ${sender.provider.lastName} (${sender.practice.name}) mentioned you in a comment`,
    );
    expect(mention.body).toContain(`on referral #${referral.id}.`);
    expect(mention.body).not.toMatch(/patient/i);
    expect(mention.body).toContain('They are waiting for a response.');
    expect(mention.body).toContain(`http://localhost:3000/referrals/view/${referral.id}`);
    for (const mail of mails) {
      expect(mail.body).not.toContain('attached report');
      expect(mail.body).not.toContain(patient.lastName);
    }
  });

  it('keeps threads one level deep: a reply to a reply joins its root', async () => {
    const { sender, receiver, referral, url } = await discussion(t);
    const a = await signedIn(t.app, sender.provider);
    const b = await signedIn(t.app, receiver.provider);
    const root = (await a.post(url, { practiceId: sender.practice.id, message: 'Any news?' })).json();
    const reply = await b.post(url, {
      practiceId: receiver.practice.id,
      message: 'Booked for Monday',
      parentId: root.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().parentId).toBe(root.id);
    const replyToReply = await a.post(url, {
      practiceId: sender.practice.id,
      message: 'Thanks',
      parentId: reply.json().id,
    });
    expect(replyToReply.json().parentId).toBe(root.id);

    const listed = (await a.get(`${url}?practiceId=${sender.practice.id}`)).json();
    expect(listed.map((c: { message: string; parentId: number | null }) => [c.message, c.parentId])).toEqual([
      ['Any news?', null],
      ['Booked for Monday', root.id],
      ['Thanks', root.id],
    ]);

    const elsewhere = await discussion(t);
    const foreign = (
      await (
        await signedIn(t.app, elsewhere.sender.provider)
      ).post(elsewhere.url, { practiceId: elsewhere.sender.practice.id, message: 'Hi' })
    ).json();
    for (const parentId of [foreign.id, 2_000_000_000]) {
      const refused = await a.post(url, { practiceId: sender.practice.id, message: 'Reply', parentId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'The comment you are replying to is not on this referral',
        issues: [{ path: ['body', 'parentId'], message: 'The comment you are replying to is not on this referral' }],
      });
    }
    expect(await commentsOn(referral.id)).toBe(3);
  });

  it('needs a message or a file', async () => {
    const { sender, referral, url } = await discussion(t);
    const client = await signedIn(t.app, sender.provider);
    for (const body of [{}, { message: '   ' }, { message: '', files: [] }]) {
      const res = await client.post(url, { practiceId: sender.practice.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Write a message or attach a file',
        issues: [{ path: ['body', 'message'] }],
      });
    }
    const tooLong = await client.post(url, { practiceId: sender.practice.id, message: 'x'.repeat(5_001) });
    expect(tooLong.json()).toMatchObject({ statusCode: 400, message: 'The message must be at most 5000 characters' });
    expect(await commentsOn(referral.id)).toBe(0);

    const fileId = await uploadedPdf(t, client, sender.practice.id);
    const fileOnly = await client.post(url, { practiceId: sender.practice.id, files: [fileId] });
    expect(fileOnly.statusCode, fileOnly.body).toBe(201);
    expect(fileOnly.json()).toMatchObject({ message: '', files: [{ id: fileId }] });
  });

  it('refuses mentions of people who cannot see the referral, naming them, and changes nothing', async () => {
    const { sender, receiver, referral, url } = await discussion(t);
    const client = await signedIn(t.app, sender.provider);
    const fileId = await uploadedPdf(t, client, sender.practice.id);
    const res = await client.post(url, {
      practiceId: sender.practice.id,
      message: 'Look',
      files: [fileId],
      usersMentioned: [receiver.staff.id, receiver.staff.id, sender.outsider.id, 2_000_000_000],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ['body', 'usersMentioned', 2], message: `Olga ${sender.outsider.lastName} cannot see this referral` },
      { path: ['body', 'usersMentioned', 3], message: 'User 2000000000 cannot see this referral' },
    ]);
    expect(await commentsOn(referral.id)).toBe(0);
    expect(await fileOwner(t.db, fileId)).toEqual({ ownerKind: 'PRACTICE', ownerId: sender.practice.id });
  });

  it('attaches only files the caller uploaded to this practice or already on the referral', async () => {
    const { sender, referral, url } = await discussion(t);
    const provider = await signedIn(t.app, sender.provider);
    const admin = await signedIn(t.app, sender.admin);
    const outsider = await signedIn(t.app, sender.outsider);
    const colleagues = await uploadedPdf(t, admin, sender.practice.id);
    const foreign = await uploadedPdf(t, outsider, sender.otherPractice.id);
    const deleted = await uploadedPdf(t, provider, sender.practice.id);
    expect((await provider.delete(`/api/v1/file/${deleted}`)).statusCode).toBe(200);
    const mine = await uploadedPdf(t, provider, sender.practice.id);

    for (const fileId of [colleagues, foreign, deleted, 2_000_000_000]) {
      const res = await provider.post(url, {
        practiceId: sender.practice.id,
        message: 'See file',
        files: [mine, fileId],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: expect.stringContaining(`File ${fileId} cannot be attached`),
        issues: [{ path: ['body', 'files'] }],
      });
    }
    expect(await commentsOn(referral.id)).toBe(0);
    expect(await fileOwner(t.db, mine)).toEqual({ ownerKind: 'PRACTICE', ownerId: sender.practice.id });
    expect(await fileOwner(t.db, colleagues)).toEqual({ ownerKind: 'PRACTICE', ownerId: sender.practice.id });

    expect((await provider.post(url, { practiceId: sender.practice.id, files: [mine] })).statusCode).toBe(201);
    const again = await provider.post(url, {
      practiceId: sender.practice.id,
      message: 'Same file again',
      files: [mine],
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().files).toMatchObject([{ id: mine }]);
  });

  it('shows the discussion to an offered practice while its offer is live, and 456 after it ran out', async () => {
    const { sender, receiver, referral, url } = await discussion(t, 'offered');
    const offered = await signedIn(t.app, receiver.provider);
    const asked = await offered.post(url, {
      practiceId: receiver.practice.id,
      message: 'Is the patient mobile?',
      usersMentioned: [sender.staff.id],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const senderView = (
      await (await signedIn(t.app, sender.staff)).get(`${url}?practiceId=${sender.practice.id}`)
    ).json();
    expect(senderView).toMatchObject([{ message: 'Is the patient mobile?', practice: { id: receiver.practice.id } }]);

    const answer = await (
      await signedIn(t.app, sender.provider)
    ).post(url, {
      practiceId: sender.practice.id,
      message: 'Yes',
      usersMentioned: [receiver.staff.id],
      notifyPracticeUsers: true,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const mark = await outboxMark(t.db);
    await expireOffer(t.db, referral.id, receiver.practice.id);
    // The e-mails go after the offer ran out: nobody there hears of the referral any more.
    expect(await worker.drain()).toBe(4);
    expect(
      await emailsSince(t.db, mark, [receiver.admin.email, receiver.provider.email, receiver.staff.email]),
    ).toEqual([]);
    expect(await emailsSince(t.db, mark, [sender.staff.email])).toMatchObject([
      { subject: 'You were mentioned on a referral' },
    ]);

    for (const res of [
      await offered.get(`${url}?practiceId=${receiver.practice.id}`),
      await offered.post(url, { practiceId: receiver.practice.id, message: 'Hello?' }),
    ]) {
      expect(res.statusCode).toBe(456);
      expect(res.json()).toMatchObject({ code: 'OBJECT_NOT_FOUND', message: 'No such referral' });
    }
    expect(await commentsOn(referral.id)).toBe(2);
  });

  it('refuses outsiders and strangers, and keys without the permission', async () => {
    const { sender, referral, url } = await discussion(t);
    const outsider = await signedIn(t.app, sender.outsider);
    expect((await outsider.get(`${url}?practiceId=${sender.otherPractice.id}`)).statusCode).toBe(456);
    expect((await outsider.get(`${url}?practiceId=${sender.practice.id}`)).statusCode).toBe(403);
    expect((await outsider.post(url, { practiceId: sender.practice.id, message: 'Hi' })).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`${url}?practiceId=${sender.practice.id}`)).statusCode).toBe(401);
    expect(
      (
        await (
          await signedIn(t.app, sender.staff)
        ).get(`/api/v1/referral/2000000000/comments?practiceId=${sender.practice.id}`)
      ).statusCode,
    ).toBe(456);

    const reader = await apiKeyClient(t.app, t.db, sender.practice.id, sender.admin.id, ['REFERRALS_READ']);
    expect((await reader.post(url, { practiceId: sender.practice.id, message: 'Hi' })).statusCode).toBe(403);
    expect((await reader.get(`${url}?practiceId=${sender.practice.id}`)).statusCode).toBe(200);
    const writer = await apiKeyClient(t.app, t.db, sender.practice.id, sender.admin.id, ['REFERRALS_WRITE']);
    const posted = await writer.post(url, { practiceId: sender.practice.id, message: 'From the EHR' });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().author.id).toBe(sender.admin.id);
    expect(await commentsOn(referral.id)).toBe(1);
  });
});
