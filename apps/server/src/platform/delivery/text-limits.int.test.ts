import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createTestClock } from '../../test/clock.js';
import { signedInAs, TestClient } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { CSRF_COOKIE, CSRF_HEADER } from '@referwell/contracts';
import * as schema from '../../db/schema.js';

/**
 * Outbound texts are limited per sender, per practice and per number, on every instance at once;
 * a call past a limit answers 429 with the limit and when to try again, and changes nothing.
 */

const clock = createTestClock();
let t: TestApp;
let second: TestApp;

const phone = (n: number) => `+1202555${String(2000 + n)}`;
let seq = 0;
const freshPhones = (n: number) => Array.from({ length: n }, () => phone(++seq));

async function staff(practiceId: number, role: 'ADMIN' | 'PROVIDER' = 'PROVIDER') {
  const user = await createUser(t.db);
  await addMember(t.db, practiceId, user.id, role);
  return { user, client: await signedInAs(t.app, user) };
}

/** The same signed-in browser, talking to the second instance. */
function onSecond(client: TestClient) {
  const other = new TestClient(second.app);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

const patientChat = (client: TestClient, practiceId: number, number: string) =>
  client.post('/api/v1/chats', { practiceId, type: 'PATIENT', usersPhoneNumbers: [number] });

async function tally(where: { practiceId?: number; actorUserId?: number }) {
  const chats = await t.db
    .select({ n: count() })
    .from(schema.chats)
    .where(where.practiceId ? eq(schema.chats.practiceId, where.practiceId) : undefined);
  const jobs = await t.db.select({ n: count() }).from(schema.jobs).where(eq(schema.jobs.kind, 'chat.invite'));
  const sent = await t.db
    .select()
    .from(schema.auditEvents)
    .where(
      and(
        eq(schema.auditEvents.action, 'text.sent'),
        where.actorUserId ? eq(schema.auditEvents.actorUserId, where.actorUserId) : undefined,
      ),
    );
  return { chats: chats[0].n, inviteJobs: jobs[0].n, sent };
}

beforeAll(async () => {
  // Today's defaults, written out: 20 per person in 10 minutes, 100 per practice and 6 per number in an hour.
  const env = { TEXT_LIMIT_PER_USER: '20/10', TEXT_LIMIT_PER_PRACTICE: '100/60', TEXT_LIMIT_PER_NUMBER: '6/60' };
  t = await createTestApp(env, { clock });
  second = await createTestApp(env, { clock, database: t.database });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('texts per person', () => {
  it('stops a burst of 35 patient chats at 20, across two instances, and the refused ones leave nothing behind', async () => {
    const practice = await createPractice(t.db);
    const { user, client } = await staff(practice.id);
    const elsewhere = onSecond(client);
    const numbers = freshPhones(35);
    const answers = await Promise.all(numbers.map((n, i) => patientChat(i % 2 ? elsewhere : client, practice.id, n)));

    const created = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(created).toHaveLength(20);
    expect(refused).toHaveLength(15);
    for (const res of refused) {
      expect(res.json()).toMatchObject({ statusCode: 429, code: 'TEXT_LIMIT_REACHED' });
      expect(res.json().message).toMatch(
        /^You can have at most 20 text messages sent in 10 minutes\. Try again in (10 minutes|\d minutes?)\.$/,
      );
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
    }

    const after = await tally({ practiceId: practice.id, actorUserId: user.id });
    expect(after.chats).toBe(20);
    expect(after.inviteJobs).toBe(20);
    const invited = await t.db.select().from(schema.chatUsers).where(inArray(schema.chatUsers.phone, numbers));
    expect(invited).toHaveLength(20);
    // Each text is audited with who had it sent, for which practice and why; never its words.
    expect(after.sent).toHaveLength(20);
    for (const row of after.sent) {
      expect(row).toMatchObject({
        actorUserId: user.id,
        practiceId: practice.id,
        details: { purpose: 'chat_link', channel: 'sms' },
      });
      expect(numbers).toContain((row.details as { to: string }).to);
      expect(JSON.stringify(row.details)).not.toMatch(/chat\/\?|token/);
    }
    const refusedRows = await t.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.action, 'text.refused'), eq(schema.auditEvents.actorUserId, user.id)));
    expect(refusedRows).toHaveLength(15);
    expect(refusedRows[0]).toMatchObject({
      practiceId: practice.id,
      details: { limit: 'user', purpose: 'chat_link', route: 'POST /api/v1/chats' },
    });

    // Ten minutes on, the person may text again.
    clock.advance(10 * 60_000 + 1_000);
    expect((await patientChat(client, practice.id, freshPhones(1)[0])).statusCode).toBe(201);
  });

  it('refuses more numbers in one request than a person may text at all, saying so', async () => {
    const practice = await createPractice(t.db);
    const { client } = await staff(practice.id);
    const res = await client.post('/api/v1/chats', {
      practiceId: practice.id,
      type: 'PRACTICE_TO_USER',
      usersPhoneNumbers: freshPhones(21),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(
      'You can have at most 20 text messages sent in 10 minutes. Send to fewer numbers at once.',
    );
    expect((await tally({ practiceId: practice.id })).chats).toBe(0);
  });
});

describe('texts per practice', () => {
  it('stops the practice’s people together at the practice’s ceiling', async () => {
    const practice = await createPractice(t.db);
    const people = await Promise.all(Array.from({ length: 6 }, () => staff(practice.id)));
    // 6 people × 16 texts stay under each person's 20, and reach the practice's 100 together.
    const answers = [];
    for (let round = 0; round < 17; round++) {
      answers.push(...(await Promise.all(people.map((p) => patientChat(p.client, practice.id, freshPhones(1)[0])))));
    }
    const created = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(created).toHaveLength(100);
    expect(refused).toHaveLength(2);
    expect(refused[0].json().message).toMatch(
      /^Your practice can send at most 100 text messages in an hour\. Try again in /,
    );
    expect((await tally({ practiceId: practice.id })).chats).toBe(100);
    // Another practice is not held back by this one's texts.
    const other = await createPractice(t.db);
    const { client } = await staff(other.id);
    expect((await patientChat(client, other.id, freshPhones(1)[0])).statusCode).toBe(201);
  });
});

describe('texts per number', () => {
  it('texts one number at most 6 times an hour, whoever sends', async () => {
    const number = freshPhones(1)[0];
    const answers = [];
    for (let i = 0; i < 7; i++) {
      const practice = await createPractice(t.db);
      const { client } = await staff(practice.id);
      answers.push(await patientChat(client, practice.id, number));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 429]);
    expect(answers[6].json().message).toMatch(
      /^This phone number can be sent at most 6 text messages in an hour\. Try again in /,
    );
    const chats = await t.db.select().from(schema.chatUsers).where(eq(schema.chatUsers.phone, number));
    expect(chats).toHaveLength(6);
  });

  it('counts a new chat link sent on request against the same limits, and a refused revocation with a new link leaves the links as they were', async () => {
    const number = freshPhones(1)[0];
    const practice = await createPractice(t.db);
    const { client } = await staff(practice.id);
    const created = await patientChat(client, practice.id, number);
    expect(created.statusCode).toBe(201);
    const chatId = created.json().id as number;
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await client.post(`/api/v1/chat/${chatId}/link`, { practiceId: practice.id }));
    // The chat's own link was the first of the number's 6 texts this hour.
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5].json().message).toMatch(/^This phone number can be sent at most 6 text messages in an hour\./);

    const before = await t.db.select().from(schema.chatUsers).where(eq(schema.chatUsers.phone, number));
    const revoked = await client.post(`/api/v1/chat/${chatId}/link/revoke`, {
      practiceId: practice.id,
      sendNewLink: true,
    });
    expect(revoked.statusCode).toBe(429);
    const after = await t.db.select().from(schema.chatUsers).where(eq(schema.chatUsers.phone, number));
    expect(after.map((u) => u.linkGeneration)).toEqual(before.map((u) => u.linkGeneration));
  });

  it('counts invites by text against the same limits; a refused invite is neither kept nor sent', async () => {
    const number = freshPhones(1)[0];
    const practice = await createPractice(t.db);
    const admin = await staff(practice.id, 'ADMIN');
    for (let i = 0; i < 6; i++) expect((await patientChat(admin.client, practice.id, number)).statusCode).toBe(201);
    const before = await t.db.select({ n: count() }).from(schema.invites);
    const res = await admin.client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PATIENT',
      phoneNumber: number,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^This phone number can be sent at most 6/);
    expect(await t.db.select({ n: count() }).from(schema.invites)).toEqual(before);
    expect(await t.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.to, number))).toEqual([]);
  });

  it('keeps an invite as it was when sending it again is refused, so its first link still works', async () => {
    const number = freshPhones(1)[0];
    const practice = await createPractice(t.db);
    const admin = await staff(practice.id, 'ADMIN');
    const sent = await admin.client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PATIENT',
      phoneNumber: number,
    });
    expect(sent.statusCode).toBe(200);
    const id = sent.json().invite.id as number;
    for (let i = 0; i < 5; i++) expect((await patientChat(admin.client, practice.id, number)).statusCode).toBe(201);
    const [before] = await t.db.select().from(schema.invites).where(eq(schema.invites.id, id));
    // The resend rule waits a minute after a send; move the invite's last send back.
    await t.db
      .update(schema.invites)
      .set({ lastSentAt: new Date(Date.now() - 120_000) })
      .where(eq(schema.invites.id, id));
    // A GET that changes state: sent with the CSRF header, as the web app sends it.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invites/${id}/resend`,
      headers: {
        cookie: [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        [CSRF_HEADER]: admin.client.cookies.get(CSRF_COOKIE)!,
      },
    });
    expect(again.statusCode).toBe(429);
    const [after] = await t.db.select().from(schema.invites).where(eq(schema.invites.id, id));
    expect({ ...after, lastSentAt: null }).toEqual({ ...before, lastSentAt: null });
  });

  it('limits sign-in codes per number, for numbers with and without an account alike', async () => {
    const patient = await createUser(t.db, { kind: 'PATIENT', phone: freshPhones(1)[0], email: null });
    const unknown = freshPhones(1)[0];
    for (const number of [patient.phone!, unknown]) {
      const anonymous = new TestClient(t.app);
      await anonymous.csrf();
      const flowsBefore = await t.db
        .select({ n: count() })
        .from(schema.authFlows)
        .where(eq(schema.authFlows.identifier, number));
      const answers = [];
      for (let i = 0; i < 7; i++)
        answers.push(await anonymous.post('/api/v1/auth/start', { app: 'PATIENT_MOBILE', phone: number }));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 429]);
      expect(answers[6].json().message).toMatch(/^This phone number can be sent at most 6 text messages in an hour\./);
      const flowsAfter = await t.db
        .select({ n: count() })
        .from(schema.authFlows)
        .where(eq(schema.authFlows.identifier, number));
      expect(flowsAfter[0].n - flowsBefore[0].n).toBe(6);
    }
    const texts = await t.db
      .select()
      .from(schema.outboxMessages)
      .where(inArray(schema.outboxMessages.to, [patient.phone!, unknown]));
    expect(texts.map((m) => m.to)).toEqual(Array(6).fill(patient.phone));
    // The codes sent are audited to the account, without the code; nothing is recorded as sent to the unknown number.
    const audited = await t.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'text.sent'));
    const codes = audited.filter((r) => (r.details as { purpose: string }).purpose === 'sign_in_code');
    expect(codes).toHaveLength(6);
    expect(
      codes.every(
        (r) =>
          r.subjectUserId === patient.id &&
          r.actorUserId === null &&
          (r.details as { to: string }).to === patient.phone,
      ),
    ).toBe(true);
    expect(JSON.stringify(codes)).not.toMatch(/\b\d{6}\b/);
  });
});
