import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { chatsApi, intakeApi, unreadApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { lastMessage } from '../../test/client.js';
import { patients } from '../patients/patients.table.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { lastAudit } from '../practices/practices.test-factories.js';
import { jobsDone, listen, staffMember, type Staff } from '../chats/chats.test-factories.js';
import { createLocalBus } from '../../platform/events/bus.js';
import { createBot, submitted } from './intake.test-factories.js';
import { SUBMISSION_CHANGED } from './intake-notices.js';

let t: TestApp;
let admin: Staff;
let staff: Staff;
let phoneSeq = 10;
/** SUBMISSION_CHANGED as published: what tells the other members' apps to refresh. */
const changes: unknown[] = [];

beforeAll(async () => {
  const bus = createLocalBus();
  bus.subscribe(SUBMISSION_CHANGED, (e) => changes.push(e));
  t = await createTestApp({}, { bus });
  await listen(t);
  admin = await staffMember(t, 'ADMIN');
  staff = await staffMember(t, 'STAFF', admin.practiceId);
});
afterAll(async () => {
  await t?.close();
});

/** A submission from a patient with a phone number of their own. */
const fromNewPatient = (bot: intakeApi.Bot, changes: Record<string, string> = {}) => {
  phoneSeq += 1;
  return submitted(t, bot, { phone: `+1 202 555 01${phoneSeq}`, ...changes });
};
type Page = { data: intakeApi.Submission[]; count: number };
const list = async (who: Staff, botId: number, query = '') =>
  (await who.client.get(`/api/v1/bot/${botId}/submissions?${query}`)).json<Page>();
const counts = async (who: Staff, botId: number) =>
  (await who.client.get(`/api/v1/bot/${botId}/submissionCounts`)).json<intakeApi.SubmissionCounts>();
const act = (who: Staff, id: number, action: 'accept' | 'reject' | 'action/createChat') =>
  who.client.post(`/api/v1/submission/${id}/${action}`, { practiceId: who.practiceId });
const archive = (who: Staff, id: number, archived: boolean) =>
  who.client.put(`/api/v1/submission/${id}/archive?practiceId=${who.practiceId}`, { archived });

describe('reading submissions', () => {
  it('lists a bot’s submissions newest first, by page, status and archive', async () => {
    const bot = await createBot(admin);
    const ids = [
      await fromNewPatient(bot, { firstName: 'Ann' }),
      await fromNewPatient(bot, { firstName: 'Ben' }),
      await fromNewPatient(bot, { firstName: 'Cal' }),
    ];
    const all = await list(staff, bot.id);
    expect([all.count, all.data.map((s) => s.id)]).toEqual([3, [...ids].reverse()]);
    expect(all.data[0]).toMatchObject({
      botName: bot.name,
      firstName: 'Cal',
      status: 'NEW',
      archived: false,
      viewed: false,
      patientId: null,
    });
    expect((await list(staff, bot.id, 'page=1&pageSize=2')).data.map((s) => s.id)).toEqual([ids[0]]);
    expect(await lastAudit(t.db, 'submission.listed', bot.id)).toMatchObject({ actorUserId: staff.user.id });

    await act(staff, ids[0], 'accept');
    await act(staff, ids[1], 'reject');
    await archive(staff, ids[1], true);
    expect((await list(staff, bot.id, 'status=ACCEPTED')).data.map((s) => s.id)).toEqual([ids[0]]);
    expect((await list(staff, bot.id, 'archived=true')).data.map((s) => s.id)).toEqual([ids[1]]);
    expect((await list(staff, bot.id)).data.map((s) => s.id)).toEqual([ids[2], ids[0]]);
    expect(await counts(staff, bot.id)).toEqual({ NEW: 1, ACCEPTED: 1, REJECTED: 0, archived: 1, unread: 2 });
  });

  it('counts a submission unread until anyone in the practice opens it', async () => {
    const quiet = await createBot(admin, { name: 'Aaa quiet' });
    const bot = await createBot(admin, { name: 'Aaa busy' });
    const practiceUnread = async () =>
      (await staff.client.get(`/api/v1/unread?practiceId=${admin.practiceId}&selectedPracticeOnly=true`)).json<
        unreadApi.UnreadSummary[]
      >()[0];
    const before = await practiceUnread();
    const [first, second] = [await fromNewPatient(bot), await fromNewPatient(bot)];
    // The navigation's count: the practice's unopened submissions, in its total too (beside the
    // notification of them, which its job writes meanwhile).
    const after = await practiceUnread();
    expect(after.submissions).toBe(before.submissions + 2);
    expect(after.total).toBe(after.inboxItems + after.chats + after.notifications + after.submissions);
    const bots = async (query = '') =>
      (await staff.client.get(`/api/v1/practice/${admin.practiceId}/bots?${query}`)).json<{ data: intakeApi.Bot[] }>();
    expect((await bots()).data.filter((b) => [quiet.id, bot.id].includes(b.id)).map((b) => [b.name, b.unread])).toEqual(
      [
        ['Aaa busy', 2],
        ['Aaa quiet', 0],
      ],
    );
    expect((await bots('unreads=true')).data.map((b) => b.id)).toContain(bot.id);
    expect((await bots('unreads=true')).data.map((b) => b.id)).not.toContain(quiet.id);

    changes.length = 0;
    const opened = await staff.client.get(`/api/v1/submission/${first}?practiceId=${admin.practiceId}`);
    expect(opened.json()).toMatchObject({ id: first, viewed: true, phoneNumber: expect.stringMatching(/^\+1202555/) });
    expect(await lastAudit(t.db, 'submission.viewed', first)).toMatchObject({ actorUserId: staff.user.id });
    expect((await admin.client.get(`/api/v1/bot/${bot.id}`)).json().unread).toBe(1);
    expect((await counts(admin, bot.id)).unread).toBe(1);
    expect((await practiceUnread()).submissions).toBe(before.submissions + 1);
    // The first opening tells the practice's other members; opening it again changes nothing.
    await admin.client.get(`/api/v1/submission/${first}?practiceId=${admin.practiceId}`);
    expect(changes).toEqual([{ practiceId: admin.practiceId }]);
    // Archiving an unopened one settles it too.
    await archive(admin, second, true);
    expect((await bots('unreads=true')).data.map((b) => b.id)).not.toContain(bot.id);
  });
});

describe('accepting and rejecting', () => {
  it('accepts a new submission once, making the patient record from its answers', async () => {
    const bot = await createBot(admin);
    const id = await fromNewPatient(bot, {
      firstName: 'Maya',
      lastName: 'Stone',
      dob: '02/03/1980',
      email: 'maya@example.test',
      gender: 'FEMALE',
    });
    const both = await Promise.all([act(staff, id, 'accept'), act(admin, id, 'accept')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.statusCode === 400)!.json().message).toBe('This submission was already accepted');
    const accepted = both.find((r) => r.statusCode === 200)!.json<intakeApi.Submission>();
    expect(accepted).toMatchObject({
      status: 'ACCEPTED',
      decidedAt: expect.any(Number),
      patientId: expect.any(Number),
    });
    const [patient] = await t.db.select().from(patients).where(eq(patients.id, accepted.patientId!));
    expect(patient).toMatchObject({
      practiceId: admin.practiceId,
      firstName: 'Maya',
      lastName: 'Stone',
      phoneNumber: accepted.phoneNumber,
      email: 'maya@example.test',
      dateOfBirth: '1980-02-03',
      gender: 'FEMALE',
      parentId: null,
    });
    expect((await lastAudit(t.db, 'patient.created', patient.id))?.details).toMatchObject({
      practiceId: admin.practiceId,
      submissionId: id,
    });
    expect(await lastAudit(t.db, 'submission.accepted', id)).toBeTruthy();
    expect((await act(staff, id, 'reject')).json().message).toBe('This submission was already accepted');
  });

  it('finds the practice’s patient with the same phone rather than adding another', async () => {
    const bot = await createBot(admin);
    const known = await insertPatient(t.db, admin.practiceId, {
      firstName: 'Old',
      lastName: 'Record',
      phoneNumber: '+12025550199',
    });
    const id = await submitted(t, bot, { phone: '202-555-0199' });
    expect((await act(staff, id, 'accept')).json().patientId).toBe(known.id);
    expect(
      await t.db
        .select()
        .from(patients)
        .where(and(eq(patients.practiceId, admin.practiceId), eq(patients.phoneNumber, '+12025550199'))),
    ).toHaveLength(1);
  });

  it('rejects a new submission without touching patient records', async () => {
    const bot = await createBot(admin);
    const id = await fromNewPatient(bot);
    expect((await act(staff, id, 'reject')).json()).toMatchObject({ status: 'REJECTED', patientId: null });
    expect(await lastAudit(t.db, 'submission.rejected', id)).toMatchObject({ actorUserId: staff.user.id });
    const again = await act(staff, id, 'accept');
    expect([again.statusCode, again.json().message]).toEqual([400, 'This submission was already rejected']);
  });

  it('archives and brings back, in any status', async () => {
    const bot = await createBot(admin);
    const id = await fromNewPatient(bot);
    expect((await archive(staff, id, true)).json()).toMatchObject({ archived: true, status: 'NEW' });
    expect(await lastAudit(t.db, 'submission.archived', id)).toBeTruthy();
    expect((await archive(staff, id, false)).json()).toMatchObject({ archived: false });
    expect(await lastAudit(t.db, 'submission.unarchived', id)).toBeTruthy();
  });
});

describe('answering by chat', () => {
  it('opens a chat with the patient, who is texted its link; asking again opens the same chat', async () => {
    const bot = await createBot(admin);
    const id = await submitted(t, bot, { firstName: 'Nina', lastName: 'Park', phone: '(202) 555-0166' });
    const res = await act(staff, id, 'action/createChat');
    expect(res.statusCode).toBe(200);
    const chat = res.json<chatsApi.ChatSummary>();
    expect(chat).toMatchObject({ type: 'PATIENT', title: 'Nina Park', patientId: expect.any(Number) });
    const submission = (
      await staff.client.get(`/api/v1/submission/${id}?practiceId=${admin.practiceId}`)
    ).json<intakeApi.Submission>();
    expect(submission).toMatchObject({ status: 'NEW', chatId: chat.id, patientId: chat.patientId });
    expect(await lastAudit(t.db, 'submission.chat', id)).toMatchObject({ actorUserId: staff.user.id });
    await jobsDone(t);
    const sms = await lastMessage(t.db, '+12025550166');
    expect(sms?.body).toMatch(/sent you a secure message on Referwell/);
    expect(new URL(sms.body.match(/https?:\/\/\S+/)![0]).searchParams.get('room')).toBe(chat.room);

    expect((await act(admin, id, 'action/createChat')).json<chatsApi.ChatSummary>().id).toBe(chat.id);
    expect((await list(staff, bot.id, `conversationId=${chat.id}`)).data.map((s) => s.id)).toEqual([id]);
    // Accepting later keeps the record the chat was opened with.
    expect((await act(staff, id, 'accept')).json().patientId).toBe(chat.patientId);
  });
});

describe('who may see submissions', () => {
  it('hides them from other practices, and keeps a deleted bot’s submissions with the practice', async () => {
    const bot = await createBot(admin);
    const id = await fromNewPatient(bot);
    const outsider = await staffMember(t, 'ADMIN');
    expect((await outsider.client.get(`/api/v1/submission/${id}?practiceId=${outsider.practiceId}`)).statusCode).toBe(
      456,
    );
    expect((await outsider.client.get(`/api/v1/submission/${id}?practiceId=${admin.practiceId}`)).statusCode).toBe(403);
    expect((await act(outsider, id, 'accept')).statusCode).toBe(456);
    expect((await act(outsider, id, 'action/createChat')).statusCode).toBe(456);
    expect((await outsider.client.get(`/api/v1/bot/${bot.id}/submissionCounts`)).statusCode).toBe(456);
    expect((await staff.client.get(`/api/v1/submission/${id}?practiceId=${admin.practiceId}`)).json().viewed).toBe(
      true,
    );

    const unopened = await fromNewPatient(bot);
    const unread = async () =>
      (await staff.client.get(`/api/v1/unread?practiceId=${admin.practiceId}&selectedPracticeOnly=true`)).json<
        { submissions: number }[]
      >()[0].submissions;
    const waiting = await unread();
    await admin.client.delete(`/api/v1/bot/${bot.id}?practiceId=${admin.practiceId}`);
    expect((await list(staff, bot.id)).data.map((s) => s.id)).toEqual([unopened, id]);
    // Still counted: Intake lists the forms taken down, with what waits in them.
    expect(await unread()).toBe(waiting);
    expect(
      (await staff.client.get(`/api/v1/practice/${admin.practiceId}/bots?takenDown=true`)).json().data,
    ).toContainEqual(expect.objectContaining({ id: bot.id, unread: 1 }));
    expect((await act(staff, id, 'accept')).statusCode).toBe(200);
  });
});
