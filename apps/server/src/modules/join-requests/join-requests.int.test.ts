import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, lastMessage } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { rolesIn, users } from '../../core/index.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { practiceJoinRequests } from './join-requests.table.js';
import { expectBadRequest, memberOf, practiceWith, signedIn } from '../invites/invites.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A practice with a signed-in admin, and a provider (signed up as STAFF) who is not a member. */
async function practiceAndRequester() {
  const { practice, user: admin, client: adminClient } = await practiceWith(t, 'ADMIN', 'Elm Clinic');
  const requester = await createUser(t.db, { signupRole: 'STAFF', firstName: 'Rita', title: 'Dr' });
  return { practice, admin, adminClient, requester, client: await signedIn(t, requester) };
}

const requestRow = async (id: number) =>
  (await t.db.select().from(practiceJoinRequests).where(eq(practiceJoinRequests.id, id)))[0];
const requestRows = () => t.db.select().from(practiceJoinRequests);

describe('POST /api/v1/practicejoinrequest', () => {
  it("asks to join with a message and tells the practice's admins", async () => {
    const { practice, admin, requester, client } = await practiceAndRequester();
    const res = await client.post('/api/v1/practicejoinrequest', {
      practiceId: practice.id,
      message: 'I work here now',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      practice: { id: practice.id, name: 'Elm Clinic' },
      message: 'I work here now',
      state: 'PENDING',
      requestedBy: { id: requester.id, firstName: 'Rita', title: 'Dr' },
      acceptingUserId: null,
      rejectingUserId: null,
    });
    expect(res.json().requestedBy).not.toHaveProperty('email');
    expect((await lastMessage(t.db, admin.email!)).body).toContain('I work here now');
  });

  it('refuses a second pending request, members, long messages, unknown practices and signed-out callers', async () => {
    const { practice, client } = await practiceAndRequester();
    expect((await client.post('/api/v1/practicejoinrequest', { practiceId: practice.id })).statusCode).toBe(201);
    const twice = await client.post('/api/v1/practicejoinrequest', { practiceId: practice.id, message: 'again' });
    expect(twice.statusCode).toBe(450);
    expect(twice.json().message).toBe('You already asked to join this practice');
    const { client: member } = await memberOf(t, practice.id, 'STAFF');
    const asMember = await member.post('/api/v1/practicejoinrequest', { practiceId: practice.id });
    expect(asMember.statusCode).toBe(450);
    expect(asMember.json().message).toBe('You are already a member of this practice');
    const other = await createPractice(t.db);
    expectBadRequest(
      await client.post('/api/v1/practicejoinrequest', { practiceId: other.id, message: 'x'.repeat(1001) }),
      'Message must be at most 1000 characters',
    );
    expect((await client.post('/api/v1/practicejoinrequest', { practiceId: 999999 })).statusCode).toBe(456);
    expect((await new TestClient(t.app).post('/api/v1/practicejoinrequest', { practiceId: other.id })).statusCode).toBe(
      401,
    );
    expect((await requestRows()).filter((r) => r.practiceId === other.id)).toHaveLength(0);
  });
});

describe('GET /api/v1/practicejoinrequest', () => {
  it("lists the practice's requests for its admins, pending first", async () => {
    const { practice, adminClient, client } = await practiceAndRequester();
    const first = (await client.post('/api/v1/practicejoinrequest', { practiceId: practice.id })).json();
    await adminClient.put(`/api/v1/practicejoinrequest/${first.id}`, { state: 'REJECTED' });
    const later = await createUser(t.db);
    const second = (
      await (await signedIn(t, later)).post('/api/v1/practicejoinrequest', { practiceId: practice.id })
    ).json();
    const res = await adminClient.get(`/api/v1/practicejoinrequest?practiceId=${practice.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(2);
    expect(res.json().data.map((r: { id: number; state: string }) => [r.id, r.state])).toEqual([
      [second.id, 'PENDING'],
      [first.id, 'REJECTED'],
    ]);
  });

  it('answers 403 to members without admin rights and outsiders, 401 when signed out', async () => {
    const { practice } = await practiceAndRequester();
    const { client: provider } = await memberOf(t, practice.id, 'PROVIDER');
    const { client: outsider } = await practiceWith(t);
    expect((await provider.get(`/api/v1/practicejoinrequest?practiceId=${practice.id}`)).statusCode).toBe(403);
    expect((await outsider.get(`/api/v1/practicejoinrequest?practiceId=${practice.id}`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/practicejoinrequest?practiceId=${practice.id}`)).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /api/v1/practicejoinrequest/:id', () => {
  it('approves: the requester becomes a member with their signup role and is told by e-mail', async () => {
    const { practice, admin, adminClient, requester, client } = await practiceAndRequester();
    const request = (await client.post('/api/v1/practicejoinrequest', { practiceId: practice.id })).json();
    const res = await adminClient.put(`/api/v1/practicejoinrequest/${request.id}`, { state: 'APPROVED' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'APPROVED', acceptingUserId: admin.id, rejectingUserId: null });
    expect(await rolesIn(t.db, requester.id, practice.id)).toEqual(['STAFF']);
    const [row] = await t.db.select().from(users).where(eq(users.id, requester.id));
    expect(row.currentPracticeId).toBe(practice.id);
    expect((await lastMessage(t.db, requester.email!)).subject).toBe('You joined Elm Clinic on Referwell');
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'join_request.approved'), eq(auditEvents.targetId, String(request.id))));
    expect(audit).toHaveLength(1);
    const again = await adminClient.put(`/api/v1/practicejoinrequest/${request.id}`, { state: 'REJECTED' });
    expectBadRequest(again, 'This join request is already approved; only pending requests can change');
  });

  it('grants PROVIDER when the requester chose no role at signup', async () => {
    const { practice, adminClient } = await practiceAndRequester();
    const plain = await createUser(t.db);
    const request = (
      await (await signedIn(t, plain)).post('/api/v1/practicejoinrequest', { practiceId: practice.id })
    ).json();
    await adminClient.put(`/api/v1/practicejoinrequest/${request.id}`, { state: 'APPROVED' });
    expect(await rolesIn(t.db, plain.id, practice.id)).toEqual(['PROVIDER']);
  });

  it('rejects, recording who did; the requester may withdraw but not approve', async () => {
    const { practice, admin, adminClient, requester, client } = await practiceAndRequester();
    const request = (await client.post('/api/v1/practicejoinrequest', { practiceId: practice.id })).json();
    expect((await client.put(`/api/v1/practicejoinrequest/${request.id}`, { state: 'APPROVED' })).statusCode).toBe(403);
    expect(await rolesIn(t.db, requester.id, practice.id)).toEqual([]);
    const rejected = await adminClient.put(`/api/v1/practicejoinrequest/${request.id}`, { state: 'REJECTED' });
    expect(rejected.json()).toMatchObject({ state: 'REJECTED', rejectingUserId: admin.id });

    const other = await createPractice(t.db);
    const mine = (await client.post('/api/v1/practicejoinrequest', { practiceId: other.id })).json();
    const withdrawn = await client.put(`/api/v1/practicejoinrequest/${mine.id}`, { state: 'REMOVED' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().state).toBe('REMOVED');
    expect((await client.post('/api/v1/practicejoinrequest', { practiceId: other.id })).statusCode).toBe(201);
  });

  it('validates the state and answers 401, 403 and 456 without changing anything', async () => {
    const { practice, adminClient, client } = await practiceAndRequester();
    const request = (await client.post('/api/v1/practicejoinrequest', { practiceId: practice.id })).json();
    expectBadRequest(
      await adminClient.put(`/api/v1/practicejoinrequest/${request.id}`, { state: 'PENDING' }),
      'State must be APPROVED, REJECTED or REMOVED',
    );
    const { client: outsider } = await practiceWith(t);
    expect((await outsider.put(`/api/v1/practicejoinrequest/${request.id}`, { state: 'APPROVED' })).statusCode).toBe(
      403,
    );
    expect((await outsider.put(`/api/v1/practicejoinrequest/${request.id}`, { state: 'REMOVED' })).statusCode).toBe(
      403,
    );
    expect(
      (await new TestClient(t.app).put(`/api/v1/practicejoinrequest/${request.id}`, { state: 'REMOVED' })).statusCode,
    ).toBe(401);
    expect((await adminClient.put('/api/v1/practicejoinrequest/999999', { state: 'APPROVED' })).statusCode).toBe(456);
    expect((await requestRow(request.id)).state).toBe('PENDING');
  });
});

describe('POST /api/v1/practice/join and GET /api/v1/user/availablePractices', () => {
  it('accepts pending invites, asks to join elsewhere, and says what happened per practice', async () => {
    const { practice: invitedTo, client: admin } = await practiceWith(t);
    const { practice: memberOfIt } = await practiceWith(t);
    const askTo = await createPractice(t.db);
    const alreadyAsked = await createPractice(t.db);
    const me = await createUser(t.db);
    const client = await signedIn(t, me);
    await admin.post(`/api/v1/invite?practiceId=${invitedTo.id}`, { type: 'PROVIDER', email: me.email, role: 'STAFF' });
    await addMember(t.db, memberOfIt.id, me.id, 'PROVIDER');
    const asked = (await client.post('/api/v1/practicejoinrequest', { practiceId: alreadyAsked.id })).json();

    const available = await client.get('/api/v1/user/availablePractices');
    expect(available.statusCode).toBe(200);
    const byPractice = new Map(available.json().map((a: { practice: { id: number } }) => [a.practice.id, a]));
    expect(byPractice.get(invitedTo.id)).toMatchObject({ invite: { role: 'STAFF' }, joinRequest: null });
    expect(byPractice.get(alreadyAsked.id)).toMatchObject({ invite: null, joinRequest: { id: asked.id } });
    expect(byPractice.size).toBe(2);

    const res = await client.post('/api/v1/practice/join', {
      practiceIds: [invitedTo.id, memberOfIt.id, askTo.id, alreadyAsked.id, 999999],
      message: 'Hello',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      {
        practiceId: invitedTo.id,
        outcome: 'JOINED',
        roles: ['STAFF'],
        joinRequestId: null,
        inviteId: expect.any(Number),
      },
      {
        practiceId: memberOfIt.id,
        outcome: 'ALREADY_MEMBER',
        roles: ['PROVIDER'],
        joinRequestId: null,
        inviteId: null,
      },
      { practiceId: askTo.id, outcome: 'REQUESTED', roles: [], joinRequestId: expect.any(Number), inviteId: null },
      { practiceId: alreadyAsked.id, outcome: 'ALREADY_REQUESTED', roles: [], joinRequestId: asked.id, inviteId: null },
      { practiceId: 999999, outcome: 'NOT_FOUND', roles: [], joinRequestId: null, inviteId: null },
    ]);
    expect(await rolesIn(t.db, me.id, invitedTo.id)).toEqual(['STAFF']);
    const after = (await client.get('/api/v1/user/availablePractices'))
      .json()
      .map((a: { practice: { id: number } }) => a.practice.id);
    expect(after.sort()).toEqual([askTo.id, alreadyAsked.id].sort());
  });

  it('validates the list and answers 401 when signed out', async () => {
    const { client } = await practiceWith(t);
    expectBadRequest(await client.post('/api/v1/practice/join', { practiceIds: [] }), 'Choose at least one practice');
    expect((await new TestClient(t.app).post('/api/v1/practice/join', { practiceIds: [1] })).statusCode).toBe(401);
    expect((await new TestClient(t.app).get('/api/v1/user/availablePractices')).statusCode).toBe(401);
  });
});
