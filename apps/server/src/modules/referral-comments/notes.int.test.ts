import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createTestClock } from '../../test/clock.js';
import { TestClient } from '../../test/client.js';
import { addMember, createUser } from '../../test/factories.js';
import { lastAudit, practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { insertReferral } from '../referrals/referrals.test-factories.js';
import { referralNotes } from './referral-comments.table.js';
import {
  emailsSince,
  expireOffer,
  fileOwner,
  noticeWorker,
  outboxMark,
  uploadedPdf,
} from './referral-comments.test-factories.js';

let t: TestApp;
let worker: ReturnType<typeof noticeWorker>;
const clock = createTestClock();
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  worker = noticeWorker(t);
});
afterAll(async () => {
  await t?.close();
});

async function referralBetween(state: 'accepted' | 'offered' = 'accepted') {
  const sender = await practiceWithTeam(t.db);
  const receiver = await practiceWithTeam(t.db);
  const { referral } = await insertReferral(t.db, {
    senderPracticeId: sender.practice.id,
    fromUserId: sender.provider.id,
    ...(state === 'accepted'
      ? { acceptedBy: { practiceId: receiver.practice.id, userId: receiver.provider.id } }
      : { offeredTo: [receiver.practice.id] }),
  });
  return { sender, receiver, referral };
}

const notesOn = async (referralId: number) =>
  (await t.db.select({ n: count() }).from(referralNotes).where(eq(referralNotes.referralId, referralId)))[0].n;

describe('notes', () => {
  it("keep a practice's own remarks on a referral, with files and mentions of colleagues", async () => {
    const { sender, receiver, referral } = await referralBetween();
    const author = await signedIn(t.app, sender.provider);
    const colleague = await signedIn(t.app, sender.staff);
    const fileId = await uploadedPdf(t, author, sender.practice.id, 'letter.pdf');
    const mark = await outboxMark(t.db);

    const res = await author.post('/api/v1/notes', {
      referralId: referral.id,
      practiceId: sender.practice.id,
      message: ' Call the patient back ',
      files: [fileId],
      usersMentioned: [sender.staff.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json();
    expect(note).toMatchObject({
      referralId: referral.id,
      practiceId: sender.practice.id,
      author: { id: sender.provider.id },
      message: 'Call the patient back',
      files: [{ id: fileId, name: 'letter.pdf' }],
      usersMentioned: [{ id: sender.staff.id }],
    });
    expect(note.updatedAt).toBe(note.createdAt);
    // A note's files stay the practice's: the other practice on the referral cannot open them.
    expect(await fileOwner(t.db, fileId)).toEqual({ ownerKind: 'PRACTICE', ownerId: sender.practice.id });
    expect(await lastAudit(t.db, 'referral.note_created', referral.id)).toMatchObject({
      actorUserId: sender.provider.id,
      details: { practiceId: sender.practice.id, noteId: note.id, files: [fileId], usersMentioned: [sender.staff.id] },
    });

    const listed = await colleague.get(`/api/v1/notes?referralId=${referral.id}&practiceId=${sender.practice.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([note]);
    expect(await lastAudit(t.db, 'referral.notes_listed', referral.id)).toMatchObject({
      actorUserId: sender.staff.id,
      details: { practiceId: sender.practice.id, count: 1 },
    });

    const other = await signedIn(t.app, receiver.provider);
    expect(
      (await other.get(`/api/v1/notes?referralId=${referral.id}&practiceId=${receiver.practice.id}`)).json(),
    ).toEqual([]);
    expect((await other.get(`/api/v1/files?ids=${fileId}`)).json()).toEqual([]);
    expect(
      (await other.get(`/api/v1/notes?referralId=${referral.id}&practiceId=${sender.practice.id}`)).statusCode,
    ).toBe(403);

    expect(await worker.drain()).toBe(1);
    const mails = await emailsSince(t.db, mark, [sender.staff.email, sender.provider.email, receiver.provider.email]);
    expect(mails).toMatchObject([{ to: sender.staff.email, subject: 'You were mentioned in a note on a referral' }]);
    expect(mails[0].body).toContain(`mentioned you in a note on referral #${referral.id}.`);
    expect(mails[0].body).toContain(`http://localhost:3000/referrals/view/${referral.id}`);
    expect(mails[0].body).not.toContain('Call the patient back');
  });

  it('need a message; mentions only members of the practice; refusals change nothing', async () => {
    const { sender, receiver, referral } = await referralBetween();
    const author = await signedIn(t.app, sender.provider);
    const fileId = await uploadedPdf(t, author, sender.practice.id);
    const base = { referralId: referral.id, practiceId: sender.practice.id };
    for (const message of [undefined, '   ']) {
      const res = await author.post('/api/v1/notes', { ...base, message, files: [fileId] });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toMatchObject([{ path: ['body', 'message'] }]);
    }
    expect((await author.post('/api/v1/notes', { ...base, message: '   ' })).json().message).toBe('Write the note');

    const refused = await author.post('/api/v1/notes', {
      ...base,
      message: 'FYI',
      files: [fileId],
      usersMentioned: [sender.admin.id, receiver.provider.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      {
        path: ['body', 'usersMentioned', 1],
        message: `Paul ${receiver.provider.lastName} is not a member of this practice`,
      },
    ]);
    const othersFile = await uploadedPdf(t, await signedIn(t.app, sender.admin), sender.practice.id);
    const badFile = await author.post('/api/v1/notes', { ...base, message: 'FYI', files: [othersFile] });
    expect(badFile.json()).toMatchObject({ statusCode: 400, issues: [{ path: ['body', 'files'] }] });
    expect(await notesOn(referral.id)).toBe(0);
    expect(await fileOwner(t.db, fileId)).toEqual({ ownerKind: 'PRACTICE', ownerId: sender.practice.id });
  });

  it('can be changed or deleted only by their author', async () => {
    const { sender, referral } = await referralBetween();
    const author = await signedIn(t.app, sender.provider);
    const admin = await signedIn(t.app, sender.admin);
    const first = await uploadedPdf(t, author, sender.practice.id, 'first.pdf');
    const note = (
      await author.post('/api/v1/notes', {
        referralId: referral.id,
        practiceId: sender.practice.id,
        message: 'Draft',
        files: [first],
        usersMentioned: [sender.staff.id],
      })
    ).json();
    const url = `/api/v1/note/${note.id}`;

    for (const res of [
      await admin.put(url, { message: 'Hijacked' }),
      await author.put(url, { userId: sender.admin.id, message: 'Hijacked' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the author can edit this note');
    }
    const notDeleted = await admin.delete(url);
    expect(notDeleted.json()).toMatchObject({ statusCode: 403, message: 'Only the author can delete this note' });

    await worker.drain();
    const mark = await outboxMark(t.db);
    clock.advance(60_000);
    const kept = await author.put(url, { userId: sender.provider.id, message: 'Final' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      message: 'Final',
      files: [{ id: first }],
      usersMentioned: [{ id: sender.staff.id }],
      createdAt: note.createdAt,
    });
    expect(kept.json().updatedAt).toBe(note.createdAt + 60_000);

    const second = await uploadedPdf(t, author, sender.practice.id, 'second.pdf');
    // Spec 1 writes this call with a trailing slash.
    const changed = await author.put(`${url}/`, {
      message: 'Final',
      files: [second],
      usersMentioned: [sender.staff.id, sender.admin.id],
    });
    expect(changed.json()).toMatchObject({
      files: [{ id: second }],
      usersMentioned: [{ id: sender.staff.id }, { id: sender.admin.id }],
    });
    expect(await fileOwner(t.db, second)).toEqual({ ownerKind: 'PRACTICE', ownerId: sender.practice.id });
    expect(await lastAudit(t.db, 'referral.note_updated', referral.id)).toMatchObject({
      actorUserId: sender.provider.id,
      details: { noteId: note.id, files: [second], usersMentioned: [sender.staff.id, sender.admin.id] },
    });
    await worker.drain();
    // Only the newly mentioned colleague hears of the change.
    expect((await emailsSince(t.db, mark, [sender.staff.email, sender.admin.email])).map((m) => m.to)).toEqual([
      sender.admin.email,
    ]);

    const deleted = await author.delete(url);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await lastAudit(t.db, 'referral.note_deleted', referral.id)).toMatchObject({
      actorUserId: sender.provider.id,
      details: { noteId: note.id },
    });
    expect(
      (await author.get(`/api/v1/notes?referralId=${referral.id}&practiceId=${sender.practice.id}`)).json(),
    ).toEqual([]);
    expect((await author.put(url, { message: 'Again' })).statusCode).toBe(456);
    expect((await author.delete(url)).statusCode).toBe(456);
  });

  it("suggest for @mentions the practice's members by name, at most 20", async () => {
    const { sender, receiver, referral } = await referralBetween();
    const client = await signedIn(t.app, sender.staff);
    const url = (practiceId: number, query = '') =>
      `/api/v1/notes/mentions?referralId=${referral.id}&practiceId=${practiceId}${query ? `&query=${encodeURIComponent(query)}` : ''}`;
    const all = await client.get(url(sender.practice.id));
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().map((p: { id: number }) => p.id)).toEqual([sender.admin.id, sender.provider.id, sender.staff.id]);
    expect((await client.get(url(sender.practice.id, 'PAUL'))).json()).toMatchObject([{ id: sender.provider.id }]);
    expect((await client.get(url(sender.practice.id, 'nobody'))).json()).toEqual([]);

    for (let i = 0; i < 20; i += 1) {
      const user = await createUser(t.db, { firstName: 'Zed', lastName: `Zulu${String(i).padStart(2, '0')}` });
      await addMember(t.db, sender.practice.id, user.id, 'STAFF');
    }
    const page = (await client.get(url(sender.practice.id))).json();
    expect(page).toHaveLength(20);
    expect(page.slice(0, 3).map((p: { id: number }) => p.id)).toEqual([
      sender.admin.id,
      sender.provider.id,
      sender.staff.id,
    ]);

    const theirs = (await (await signedIn(t.app, receiver.staff)).get(url(receiver.practice.id))).json();
    expect(theirs.map((p: { id: number }) => p.id)).toEqual([
      receiver.admin.id,
      receiver.provider.id,
      receiver.staff.id,
    ]);
    expect((await (await signedIn(t.app, receiver.staff)).get(url(sender.practice.id))).statusCode).toBe(403);
    expect((await (await signedIn(t.app, sender.outsider)).get(url(sender.otherPractice.id))).statusCode).toBe(456);
    expect((await new TestClient(t.app).get(url(sender.practice.id))).statusCode).toBe(401);
  });

  it('belong to a practice only while it sees the referral', async () => {
    const { sender, receiver, referral } = await referralBetween('offered');
    const offered = await signedIn(t.app, receiver.provider);
    const note = await offered.post('/api/v1/notes', {
      referralId: referral.id,
      practiceId: receiver.practice.id,
      message: 'Check capacity',
    });
    expect(note.statusCode, note.body).toBe(201);
    await expireOffer(t.db, referral.id, receiver.practice.id);
    for (const res of [
      await offered.get(`/api/v1/notes?referralId=${referral.id}&practiceId=${receiver.practice.id}`),
      await offered.post('/api/v1/notes', {
        referralId: referral.id,
        practiceId: receiver.practice.id,
        message: 'Again',
      }),
      await offered.put(`/api/v1/note/${note.json().id}`, { message: 'Edit' }),
      await offered.delete(`/api/v1/note/${note.json().id}`),
      await offered.get(`/api/v1/notes/mentions?referralId=${referral.id}&practiceId=${receiver.practice.id}`),
    ]) {
      expect(res.statusCode).toBe(456);
    }
    expect(
      (
        await (
          await signedIn(t.app, sender.outsider)
        ).post('/api/v1/notes', {
          referralId: referral.id,
          practiceId: sender.practice.id,
          message: 'Sneaky',
        })
      ).statusCode,
    ).toBe(403);
    expect(await notesOn(referral.id)).toBe(1);
  });
});
