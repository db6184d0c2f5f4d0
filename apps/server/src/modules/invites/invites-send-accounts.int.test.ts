import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, lastMessage } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import {
  createNetwork,
  createOrganisation,
  expectBadRequest,
  invite,
  inviteRows,
  memberOf,
  practiceWith,
  signedIn,
  uniqueEmail,
} from './invites.test-factories.js';

/**
 * Inviting people who may already have an account: the practice's and organisation's own invite
 * routes (by user id or address), inviting someone picked from search, and binding an invite to an
 * existing account. POST /invite itself is in invites-send.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/practice/:id/invite and /organisation/:id/invite', () => {
  it('invites an existing user by id to their e-mail, bound to their account', async () => {
    const { practice, client } = await practiceWith(t);
    const someone = await createUser(t.db);
    const res = await client.post(`/api/v1/practice/${practice.id}/invite`, { userId: someone.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invite).toMatchObject({
      email: someone.email,
      inviteeUserId: someone.id,
      role: 'PROVIDER',
      type: 'PROVIDER',
    });
    expect((await lastMessage(t.db, someone.email!)).body).toContain(practice.name);
  });

  it('invites an e-mail address, and checks the body and the caller', async () => {
    const { practice, client } = await practiceWith(t);
    const email = uniqueEmail();
    const res = await client.post(`/api/v1/practice/${practice.id}/invite`, { email });
    expect(res.json().invite).toMatchObject({ email, inviteeUserId: null });
    expectBadRequest(
      await client.post(`/api/v1/practice/${practice.id}/invite`, {}),
      'Either userId or email must be provided.',
    );
    expect((await client.post(`/api/v1/practice/${practice.id}/invite`, { userId: 999999 })).statusCode).toBe(456);
    const { client: outsider } = await practiceWith(t);
    expect((await outsider.post(`/api/v1/practice/${practice.id}/invite`, { email: uniqueEmail() })).statusCode).toBe(
      403,
    );
    expect(
      (await new TestClient(t.app).post(`/api/v1/practice/${practice.id}/invite`, { email: uniqueEmail() })).statusCode,
    ).toBe(401);
  });

  it('invites to an organisation as its admin; others get 403', async () => {
    const { user, client } = await practiceWith(t);
    const org = await createOrganisation(t, user.id);
    const email = uniqueEmail();
    const res = await client.post(`/api/v1/organisation/${org.id}/invite`, { email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invite).toMatchObject({ target: 'ORGANISATION', organisationId: org.id, email });
    expect((await lastMessage(t.db, email)).body).toContain(org.name);
    const { client: outsider } = await practiceWith(t);
    expect((await outsider.post(`/api/v1/organisation/${org.id}/invite`, { email: uniqueEmail() })).statusCode).toBe(
      403,
    );
    expect(
      (await new TestClient(t.app).post(`/api/v1/organisation/${org.id}/invite`, { email: uniqueEmail() })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/v1/users/inviteFromSearch', () => {
  it('invites the user picked from search at the e-mail given, to the practice or a network', async () => {
    const { practice, client } = await practiceWith(t);
    const picked = await createUser(t.db);
    const email = uniqueEmail('work');
    const res = await client.post('/api/v1/users/inviteFromSearch', {
      searchid: picked.id,
      practiceId: practice.id,
      email,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invite).toMatchObject({ email, inviteeUserId: picked.id, target: 'PRACTICE' });
    const network = await createNetwork(t, practice.id);
    const toNetwork = await client.post('/api/v1/users/inviteFromSearch', {
      searchid: picked.id,
      practiceId: practice.id,
      email,
      networkId: network.id,
    });
    expect(toNetwork.json().invite).toMatchObject({ target: 'NETWORK', networkId: network.id });
  });

  it('answers 401, 403 and 404 without inviting anyone', async () => {
    const { practice } = await practiceWith(t);
    const picked = await createUser(t.db);
    const body = { searchid: picked.id, practiceId: practice.id, email: uniqueEmail() };
    const { client: outsider } = await practiceWith(t);
    const count = (await inviteRows(t)).length;
    expect((await new TestClient(t.app).post('/api/v1/users/inviteFromSearch', body)).statusCode).toBe(401);
    expect((await outsider.post('/api/v1/users/inviteFromSearch', body)).statusCode).toBe(403);
    const { client: member } = await memberOf(t, practice.id, 'PROVIDER');
    expect((await member.post('/api/v1/users/inviteFromSearch', { ...body, searchid: 999999 })).statusCode).toBe(456);
    expect(await inviteRows(t)).toHaveLength(count);
  });
});

describe('inviting an existing account', () => {
  it('binds the invite to an account whose address is verified, and refuses patient accounts for staff invites', async () => {
    const { practice, client } = await practiceWith(t);
    const verified = await createUser(t.db);
    const res = await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PROVIDER',
      email: verified.email,
    });
    expect(res.json().invite.inviteeUserId).toBe(verified.id);
    const unverified = await createUser(t.db, { emailVerifiedAt: null });
    const res2 = await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PROVIDER',
      email: unverified.email,
    });
    expect(res2.json().invite.inviteeUserId).toBeNull();
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    expectBadRequest(
      await client.post(`/api/v1/invite?practiceId=${practice.id}`, { type: 'PROVIDER', email: patient.email }),
      'This is a patient account: invite it as a patient',
    );
    const asPatient = await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PATIENT',
      email: patient.email,
    });
    expect(asPatient.statusCode, asPatient.body).toBe(200);
  });

  it("signs the invite with the member's own name when a provider invites", async () => {
    const practice = await createPractice(t.db);
    const provider = await createUser(t.db, { firstName: 'Rosa', lastName: 'Diaz' });
    await addMember(t.db, practice.id, provider.id, 'PROVIDER');
    const client = await signedIn(t, provider);
    const email = uniqueEmail();
    await invite(t, client, practice.id, { email });
    expect((await lastMessage(t.db, email)).body).toContain('Rosa Diaz invited you to join');
  });
});
