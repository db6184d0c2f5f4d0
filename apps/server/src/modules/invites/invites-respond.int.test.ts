import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { organisationRolesIn, rolesIn, users } from '../../core/index.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { networkPractices } from '../networks/networks.table.js';
import { isPatientOf } from './invite-membership.js';
import {
  createNetwork,
  createOrganisation,
  expectBadRequest,
  expire,
  invite,
  inviteCodeSentTo,
  inviteRow,
  practiceWith,
  signedIn,
  uniqueEmail,
} from './invites.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An admin's practice, an existing provider account and an invite sent to it. */
async function invitedAccount(body: Record<string, unknown> = {}, account: Parameters<typeof createUser>[1] = {}) {
  const { practice, user: admin, client: adminClient } = await practiceWith(t, 'ADMIN', 'Birch Clinic');
  const invitee = await createUser(t.db, account);
  const sent = await invite(t, adminClient, practice.id, { email: invitee.email, ...body });
  return { practice, admin, adminClient, invitee, client: await signedIn(t, invitee), ...sent };
}

describe('GET /api/v1/invites/:code', () => {
  it('shows what the invite is, masking the address for anyone but the invitee', async () => {
    const { practice, client: admin, user: inviter } = await practiceWith(t, 'ADMIN', 'Cedar Clinic');
    const email = uniqueEmail('cedar');
    const sent = await invite(t, admin, practice.id, { email, role: 'STAFF' });
    const res = await new TestClient(t.app).get(`/api/v1/invites/${sent.code}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: sent.invite.id,
      type: 'PROVIDER',
      target: 'PRACTICE',
      role: 'STAFF',
      status: 'PENDING',
      practice: { id: practice.id, name: 'Cedar Clinic' },
      network: null,
      organisation: null,
      inviter: { firstName: inviter.firstName, lastName: inviter.lastName },
      email: `c•••@example.test`,
      phone: null,
      isInvitee: false,
      accountExists: false,
    });
    expect(res.json()).not.toHaveProperty('codeHash');
  });

  it('shows the address to the signed-in invitee and says an account exists', async () => {
    const { client, code, invitee } = await invitedAccount();
    const res = await client.get(`/api/v1/invites/${code}`);
    expect(res.json()).toMatchObject({ email: invitee.email, isInvitee: true, accountExists: true });
    expect((await new TestClient(t.app).get(`/api/v1/invites/${code}`)).json().accountExists).toBe(true);
  });

  it('answers 452 when expired and 456 when unknown or no longer pending', async () => {
    const { practice, client } = await practiceWith(t);
    const sent = await invite(t, client, practice.id, { email: uniqueEmail() });
    await expire(t, sent.invite.id);
    const expired = await new TestClient(t.app).get(`/api/v1/invites/${sent.code}`);
    expect(expired.statusCode).toBe(452);
    expect(expired.json().code).toBe('INVITE_EXPIRED');
    expect((await new TestClient(t.app).get('/api/v1/invites/not-a-real-code-at-all')).statusCode).toBe(456);
    const declined = await invite(t, client, practice.id, { email: uniqueEmail() });
    await new TestClient(t.app).put(`/api/v1/invite/${declined.invite.id}/decline`, { code: declined.code });
    expect((await new TestClient(t.app).get(`/api/v1/invites/${declined.code}`)).statusCode).toBe(456);
  });

  it('describes network and organisation invites', async () => {
    const { practice, user, client } = await practiceWith(t);
    const network = await createNetwork(t, practice.id, 'Ortho');
    const toNetwork = await invite(t, client, practice.id, { email: uniqueEmail(), networkId: network.id });
    expect((await new TestClient(t.app).get(`/api/v1/invites/${toNetwork.code}`)).json()).toMatchObject({
      target: 'NETWORK',
      network: { id: network.id, name: 'Ortho', practice: { id: practice.id } },
      practice: { id: practice.id },
    });
    const org = await createOrganisation(t, user.id);
    const email = uniqueEmail();
    await client.post(`/api/v1/organisation/${org.id}/invite`, { email });
    const view = await new TestClient(t.app).get(`/api/v1/invites/${await inviteCodeSentTo(t, email)}`);
    expect(view.json()).toMatchObject({
      target: 'ORGANISATION',
      organisation: { id: org.id, name: org.name },
      practice: null,
    });
  });
});

describe('PUT /api/v1/invite/:id/accept', () => {
  it('makes the invitee a member with the role and switches them to the practice', async () => {
    const { practice, invitee, client, invite: sent, code } = await invitedAccount({ role: 'STAFF' });
    const res = await client.put(`/api/v1/invite/${sent.id}/accept`, { code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      inviteId: sent.id,
      target: 'PRACTICE',
      practiceId: practice.id,
      networkId: null,
      organisationId: null,
      role: 'STAFF',
    });
    expect(await rolesIn(t.db, invitee.id, practice.id)).toEqual(['STAFF']);
    const current = await client.get('/api/v1/user/current');
    expect(current.json().currentPractice).toMatchObject({ practice: { id: practice.id }, roles: ['STAFF'] });
    expect(await inviteRow(t, sent.id)).toMatchObject({ status: 'ACCEPTED', respondedBy: invitee.id });
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invite.accepted'), eq(auditEvents.targetId, String(sent.id))));
    expect(audit).toHaveLength(1);
    const again = await client.put(`/api/v1/invite/${sent.id}/accept`, { code });
    expect(again.statusCode).toBe(450);
  });

  it('answers 452 for an expired invite, leaving it pending', async () => {
    const { invitee, client, invite: sent, code, practice } = await invitedAccount();
    await expire(t, sent.id);
    const res = await client.put(`/api/v1/invite/${sent.id}/accept`, { code });
    expect(res.statusCode).toBe(452);
    expect(await rolesIn(t.db, invitee.id, practice.id)).toEqual([]);
    expect((await inviteRow(t, sent.id)).status).toBe('PENDING');
  });

  it("answers 456 for a wrong code or another invite's code, 401 when signed out", async () => {
    const { client, invite: sent, code, adminClient, practice } = await invitedAccount();
    const other = await invite(t, adminClient, practice.id, { email: uniqueEmail() });
    expect((await client.put(`/api/v1/invite/${sent.id}/accept`, { code: 'x'.repeat(43) })).statusCode).toBe(456);
    expect((await client.put(`/api/v1/invite/${sent.id}/accept`, { code: other.code })).statusCode).toBe(456);
    expect((await client.put('/api/v1/invite/999999/accept', { code })).statusCode).toBe(456);
    expect((await new TestClient(t.app).put(`/api/v1/invite/${sent.id}/accept`, { code })).statusCode).toBe(401);
    expect((await inviteRow(t, sent.id)).status).toBe('PENDING');
  });

  it('answers 403 to another account holding the code, changing nothing', async () => {
    const { invite: sent, code, practice } = await invitedAccount();
    const stranger = await createUser(t.db);
    const strangerClient = await signedIn(t, stranger);
    const res = await strangerClient.put(`/api/v1/invite/${sent.id}/accept`, { code });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^This invite was sent to .•••@example\.test\./);
    expect(await rolesIn(t.db, stranger.id, practice.id)).toEqual([]);
    expect((await inviteRow(t, sent.id)).status).toBe('PENDING');
  });

  it('lets the invitee accept from their own list without the code; nobody else', async () => {
    const { client, invite: sent, practice, invitee } = await invitedAccount();
    const stranger = await signedIn(t, await createUser(t.db));
    expect((await stranger.put(`/api/v1/invite/${sent.id}/accept`, {})).statusCode).toBe(456);
    const res = await client.put(`/api/v1/invite/${sent.id}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await rolesIn(t.db, invitee.id, practice.id)).toEqual(['PROVIDER']);
  });

  it('makes a patient a patient of the practice without any staff role', async () => {
    const {
      practice,
      invitee,
      client,
      invite: sent,
      code,
    } = await invitedAccount({ type: 'PATIENT' }, { kind: 'PATIENT' });
    const res = await client.put(`/api/v1/invite/${sent.id}/accept`, { code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ target: 'PRACTICE', practiceId: practice.id, role: null });
    expect(await rolesIn(t.db, invitee.id, practice.id)).toEqual([]);
    expect(await isPatientOf(t.db, invitee.id, practice.id)).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, invitee.id));
    expect(row.currentPracticeId).toBeNull();
  });

  it('refuses a staff invite to a patient account', async () => {
    const { practice, client: admin } = await practiceWith(t);
    const email = uniqueEmail();
    const sent = await invite(t, admin, practice.id, { email });
    const patient = await createUser(t.db, { kind: 'PATIENT', email, emailVerifiedAt: null });
    const client = await signedIn(t, patient);
    expectBadRequest(
      await client.put(`/api/v1/invite/${sent.invite.id}/accept`, { code: sent.code }),
      'This invite is for a provider account; sign in with one to accept it',
    );
  });

  it("adds one of the caller's practices (where they are an admin) to a network", async () => {
    const { practice: owner, client: ownerClient } = await practiceWith(t);
    const network = await createNetwork(t, owner.id);
    const { practice: mine, user: me, client } = await practiceWith(t);
    const sent = await invite(t, ownerClient, owner.id, { email: me.email, networkId: network.id });
    expectBadRequest(
      await client.put(`/api/v1/invite/${sent.invite.id}/accept`, { code: sent.code }),
      'Choose which of your practices joins the network',
    );
    const notAdmin = await createPractice(t.db);
    await addMember(t.db, notAdmin.id, me.id, 'PROVIDER');
    expect(
      (await client.put(`/api/v1/invite/${sent.invite.id}/accept`, { code: sent.code, practiceId: notAdmin.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await client.put(`/api/v1/invite/${sent.invite.id}/accept`, { code: sent.code, practiceId: owner.id }))
        .statusCode,
    ).toBe(403);
    const res = await client.put(`/api/v1/invite/${sent.invite.id}/accept`, { code: sent.code, practiceId: mine.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ target: 'NETWORK', networkId: network.id, practiceId: mine.id });
    const rows = await t.db.select().from(networkPractices).where(eq(networkPractices.networkId, network.id));
    expect(rows.map((r) => r.practiceId)).toEqual([mine.id]);
  });

  it('makes the invitee a member of an organisation', async () => {
    const { user: orgAdmin, client: adminClient } = await practiceWith(t);
    const org = await createOrganisation(t, orgAdmin.id);
    const invitee = await createUser(t.db);
    const sent = await adminClient.post(`/api/v1/organisation/${org.id}/invite`, { email: invitee.email });
    const code = await inviteCodeSentTo(t, invitee.email!);
    const client = await signedIn(t, invitee);
    const res = await client.put(`/api/v1/invite/${sent.json().invite.id}/accept`, { code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ target: 'ORGANISATION', organisationId: org.id, role: 'PROVIDER' });
    expect(await organisationRolesIn(t.db, invitee.id, org.id)).toEqual(['PROVIDER']);
  });
});

describe('PUT /api/v1/invite/:id/decline', () => {
  it('declines with the code from the link, even signed out', async () => {
    const { practice, client } = await practiceWith(t);
    const sent = await invite(t, client, practice.id, { email: uniqueEmail() });
    const res = await new TestClient(t.app).put(`/api/v1/invite/${sent.invite.id}/decline`, { code: sent.code });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inviteRow(t, sent.invite.id)).status).toBe('DECLINED');
    expect(
      (await new TestClient(t.app).put(`/api/v1/invite/${sent.invite.id}/decline`, { code: sent.code })).statusCode,
    ).toBe(456);
  });

  it('declines as the signed-in invitee; others get 401 or 456 and nothing changes', async () => {
    const { client, invite: sent } = await invitedAccount();
    expect((await new TestClient(t.app).put(`/api/v1/invite/${sent.id}/decline`, {})).statusCode).toBe(401);
    const stranger = await signedIn(t, await createUser(t.db));
    expect((await stranger.put(`/api/v1/invite/${sent.id}/decline`, {})).statusCode).toBe(456);
    expect((await stranger.put(`/api/v1/invite/${sent.id}/decline`, { code: 'wrong' })).statusCode).toBe(456);
    expect((await inviteRow(t, sent.id)).status).toBe('PENDING');
    expect((await client.put(`/api/v1/invite/${sent.id}/decline`, {})).statusCode).toBe(200);
    expect((await inviteRow(t, sent.id)).status).toBe('DECLINED');
  });
});

describe('GET /api/v1/user/invites and POST /api/v1/invites/ignore', () => {
  it('lists pending invites to the account or its verified addresses, unmasked', async () => {
    const { client, invite: sent, invitee } = await invitedAccount();
    const { practice: other, client: otherAdmin } = await practiceWith(t);
    const second = await invite(t, otherAdmin, other.id, { email: invitee.email });
    const expired = await invite(t, otherAdmin, other.id, { email: invitee.email, type: 'PATIENT' });
    await expire(t, expired.invite.id);
    const res = await client.get('/api/v1/user/invites');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { id: number }) => i.id)).toEqual([second.invite.id, sent.id]);
    expect(res.json()[0]).toMatchObject({ email: invitee.email, isInvitee: true, practice: { id: other.id } });
    expect((await new TestClient(t.app).get('/api/v1/user/invites')).statusCode).toBe(401);
  });

  it('does not list invites to an e-mail the account has not verified', async () => {
    const { practice, client: admin } = await practiceWith(t);
    const unverified = await createUser(t.db, { emailVerifiedAt: null });
    await invite(t, admin, practice.id, { email: unverified.email });
    const client = await signedIn(t, unverified);
    expect((await client.get('/api/v1/user/invites')).json()).toEqual([]);
  });

  it("hides invites from the invitee's list, all or nothing", async () => {
    const { client, invite: sent, invitee, practice } = await invitedAccount();
    const { practice: other, client: otherAdmin } = await practiceWith(t);
    const second = await invite(t, otherAdmin, other.id, { email: invitee.email });
    const notMine = await invite(t, otherAdmin, other.id, { email: uniqueEmail() });

    const refused = await client.post('/api/v1/invites/ignore', { inviteIds: [sent.id, notMine.invite.id] });
    expect(refused.statusCode).toBe(456);
    expect((await inviteRow(t, sent.id)).status).toBe('PENDING');
    expect(
      (await client.post(`/api/v1/invites/ignore?practiceId=${practice.id}`, { inviteIds: [second.invite.id] }))
        .statusCode,
    ).toBe(456);
    expectBadRequest(await client.post('/api/v1/invites/ignore', { inviteIds: [] }), 'Choose at least one invite');
    expect((await new TestClient(t.app).post('/api/v1/invites/ignore', { inviteIds: [sent.id] })).statusCode).toBe(401);

    const res = await client.post(`/api/v1/invites/ignore?practiceId=${practice.id}`, { inviteIds: [sent.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ignored: [sent.id] });
    expect((await inviteRow(t, sent.id)).status).toBe('IGNORED');
    expect((await client.get('/api/v1/user/invites')).json().map((i: { id: number }) => i.id)).toEqual([
      second.invite.id,
    ]);
  });
});
