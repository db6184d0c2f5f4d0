import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitesApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, lastMessage } from '../../test/client.js';
import { createPractice } from '../../test/factories.js';
import { sha256 } from '../../platform/auth/crypto.js';
import { networkPractices } from '../networks/networks.table.js';
import {
  allowResend,
  auditOf,
  createNetwork,
  createOrganisation,
  expectBadRequest,
  invite,
  inviteCodeSentTo,
  inviteRow,
  inviteRows,
  memberOf,
  practiceWith,
  uniqueEmail,
  uniquePhone,
} from './invites.test-factories.js';

/**
 * Sending an invite through POST /invite: its message and code, the roles and targets it may carry,
 * and who may send it. The other invite routes and existing accounts are in invites-send-accounts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/invite', () => {
  it('answers 401 when signed out', async () => {
    const { practice } = await practiceWith(t);
    const res = await new TestClient(t.app).post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PROVIDER',
      email: uniqueEmail(),
    });
    expect(res.statusCode).toBe(401);
  });

  it('e-mails a link with a fresh code, naming the inviter and the practice; only the hash is stored', async () => {
    const { practice, user, client } = await practiceWith(t, 'ADMIN', 'Oak Clinic');
    const email = uniqueEmail();
    const before = Date.now();
    const res = await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PROVIDER',
      email: email.toUpperCase(),
      firstName: 'Jane',
      message: 'Welcome aboard',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.resent).toBe(false);
    expect(body.invite).toMatchObject({
      type: 'PROVIDER',
      target: 'PRACTICE',
      role: 'PROVIDER',
      email,
      phone: null,
      practiceId: practice.id,
      status: 'PENDING',
      invitedBy: { id: user.id, firstName: user.firstName, lastName: user.lastName },
      expired: false,
      inviteeUserId: null,
    });
    expect(body.invite.expiresAt).toBeGreaterThanOrEqual(before + invitesApi.INVITE_TTL_MS);
    expect(body.invite.expiresAt).toBeLessThan(Date.now() + invitesApi.INVITE_TTL_MS + 1000);
    expect(body.invite).not.toHaveProperty('codeHash');

    const message = await lastMessage(t.db, email);
    expect(message.channel).toBe('email');
    expect(message.subject).toContain(`${user.firstName} ${user.lastName}`);
    expect(message.body).toContain('Hi Jane');
    expect(message.body).toContain('Oak Clinic');
    expect(message.body).toContain('Welcome aboard');
    const code = await inviteCodeSentTo(t, email);
    expect(message.body).toContain(`${t.config.publicUrl}/invite/${code}`);
    expect(code.length).toBeGreaterThanOrEqual(32);
    const row = await inviteRow(t, body.invite.id);
    expect(row.codeHash).toBe(sha256(code));
    expect(row.codeHash).not.toContain(code);
    expect(await auditOf(t, 'invite.sent', row.id)).toHaveLength(1);
  });

  it('texts the link to a phone number, normalised', async () => {
    const { practice, client } = await practiceWith(t);
    const phone = uniquePhone();
    const res = await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PATIENT',
      phoneNumber: phone.typed,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invite).toMatchObject({ phone: phone.e164, email: null, type: 'PATIENT', role: null });
    const sms = await lastMessage(t.db, phone.e164);
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms.body).toContain(practice.name);
    expect(sms.body).toContain(`${t.config.publicUrl}/invite/`);
  });

  it.each([
    [{}, 'Either phoneNumber or email must be provided.'],
    [{ email: 'not-an-address' }, 'Invalid e-mail address'],
    [{ phoneNumber: '123' }, 'Phone must be at least 8 characters'],
    [{ email: 'a@example.test', message: 'x'.repeat(1001) }, 'Message must be at most 1000 characters'],
  ])('refuses %j: %s', async (change, message) => {
    const { practice, client } = await practiceWith(t);
    const res = await client.post(`/api/v1/invite?practiceId=${practice.id}`, { type: 'PROVIDER', ...change });
    expectBadRequest(res, message);
    expect(await inviteRows(t).then((rows) => rows.filter((r) => r.practiceId === practice.id))).toHaveLength(0);
  });

  it('refuses an unknown type, an invalid phone number and a missing practice', async () => {
    const { practice, client } = await practiceWith(t);
    const type = await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'FRIEND',
      email: uniqueEmail(),
    });
    expect(type.statusCode).toBe(400);
    const phone = await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PROVIDER',
      phoneNumber: '555-555-5555',
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({ code: 'ERROR_INVALID_PHONE_NUMBER', message: 'Invalid phone number' });
    expectBadRequest(
      await client.post('/api/v1/invite', { type: 'PROVIDER', email: uniqueEmail() }),
      'practiceId is required',
    );
  });

  it('grants roles: PROVIDER by default, VENDOR as third-party staff, ADMIN only from admins', async () => {
    const { practice, client: admin } = await practiceWith(t);
    const { client: provider } = await memberOf(t, practice.id, 'PROVIDER');
    const send = (c: TestClient, body: object) =>
      c.post(`/api/v1/invite?practiceId=${practice.id}`, { email: uniqueEmail(), ...body });

    expect((await send(provider, { type: 'PROVIDER' })).json().invite.role).toBe('PROVIDER');
    expect((await send(provider, { type: 'PROVIDER', role: 'STAFF' })).json().invite.role).toBe('STAFF');
    expect((await send(provider, { type: 'VENDOR' })).json().invite.role).toBe('THIRD_PARTY_STAFF');
    expectBadRequest(
      await send(provider, { type: 'VENDOR', role: 'PROVIDER' }),
      'Vendors are invited as THIRD_PARTY_ADMIN or THIRD_PARTY_STAFF',
    );
    expectBadRequest(await send(provider, { type: 'PATIENT', role: 'STAFF' }), 'Patient invites grant no role');

    const count = (await inviteRows(t)).length;
    const refused = await send(provider, { type: 'PROVIDER', role: 'ADMIN' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only practice admins may invite someone as ADMIN');
    expect(await inviteRows(t)).toHaveLength(count);
    expect((await send(admin, { type: 'PROVIDER', role: 'ADMIN' })).json().invite.role).toBe('ADMIN');
  });

  it('answers 403 to staff without invite rights and to outsiders, creating nothing', async () => {
    const { practice } = await practiceWith(t);
    const { client: staff } = await memberOf(t, practice.id, 'STAFF');
    const { client: outsider } = await practiceWith(t);
    const count = (await inviteRows(t)).length;
    for (const c of [staff, outsider]) {
      const res = await c.post(`/api/v1/invite?practiceId=${practice.id}`, { type: 'PROVIDER', email: uniqueEmail() });
      expect(res.statusCode).toBe(403);
    }
    expect(await inviteRows(t)).toHaveLength(count);
  });

  it('answers 450 when the person is already a member', async () => {
    const { practice, client } = await practiceWith(t);
    const { user } = await memberOf(t, practice.id, 'STAFF');
    const res = await client.post(`/api/v1/invite?practiceId=${practice.id}`, { type: 'PROVIDER', email: user.email });
    expect(res.statusCode).toBe(450);
    expect(res.json()).toMatchObject({
      code: 'ERROR_OBJECT_EXISTS',
      message: 'This person is already a member of the practice',
    });
  });

  it('sends a pending invite to the same address again instead of a second one, at most once a minute', async () => {
    const { practice, client } = await practiceWith(t);
    const email = uniqueEmail();
    const first = await invite(t, client, practice.id, { email });
    const again = await client.post(`/api/v1/invite?practiceId=${practice.id}`, { type: 'PROVIDER', email });
    expect(again.statusCode).toBe(429);
    await allowResend(t, first.invite.id);
    const resent = await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PROVIDER',
      email,
      role: 'STAFF',
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ resent: true, invite: { id: first.invite.id, role: 'STAFF' } });
    expect((await inviteRows(t)).filter((r) => r.email === email)).toHaveLength(1);
    const code = await inviteCodeSentTo(t, email);
    expect(code).not.toBe(first.code);
    expect((await new TestClient(t.app).get(`/api/v1/invites/${first.code}`)).statusCode).toBe(456);
    expect((await new TestClient(t.app).get(`/api/v1/invites/${code}`)).statusCode).toBe(200);
  });

  it('invites to a network the practice owns or belongs to, and 404 for any other', async () => {
    const { practice, client } = await practiceWith(t);
    const owned = await createNetwork(t, practice.id);
    const elsewhere = await createPractice(t.db);
    const joined = await createNetwork(t, elsewhere.id, 'Joined');
    await t.db.insert(networkPractices).values({ networkId: joined.id, practiceId: practice.id });
    const foreign = await createNetwork(t, elsewhere.id, 'Foreign');

    for (const network of [owned, joined]) {
      const res = await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
        type: 'PROVIDER',
        email: uniqueEmail(),
        networkId: network.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().invite).toMatchObject({
        target: 'NETWORK',
        networkId: network.id,
        practiceId: practice.id,
        role: null,
      });
    }
    const email = uniqueEmail();
    await client.post(`/api/v1/invite?practiceId=${practice.id}`, { type: 'PROVIDER', email, networkId: owned.id });
    expect((await lastMessage(t.db, email)).body).toContain(`the Cardiology network of ${practice.name}`);

    const refused = await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PROVIDER',
      email: uniqueEmail(),
      networkId: foreign.id,
    });
    expect(refused.statusCode).toBe(456);
    expectBadRequest(
      await client.post(`/api/v1/invite?practiceId=${practice.id}`, {
        type: 'PATIENT',
        email: uniqueEmail(),
        networkId: owned.id,
      }),
      'Patients are invited to a practice, not to a network or an organisation',
    );
  });

  it('invites to an organisation for its admins only', async () => {
    const { user: admin, client } = await practiceWith(t);
    const org = await createOrganisation(t, admin.id);
    const res = await client.post('/api/v1/invite', {
      type: 'PROVIDER',
      email: uniqueEmail(),
      organisationId: org.id,
      role: 'STAFF',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invite).toMatchObject({
      target: 'ORGANISATION',
      organisationId: org.id,
      practiceId: null,
      role: 'STAFF',
    });
    expectBadRequest(
      await client.post('/api/v1/invite', {
        type: 'PROVIDER',
        email: uniqueEmail(),
        organisationId: org.id,
        networkId: 1,
      }),
      'Invite to a network or to an organisation, not both.',
    );

    const { user: member, client: memberClient } = await practiceWith(t);
    await createOrganisation(t); // unrelated
    const orgOfMember = await createOrganisation(t, member.id, 'PROVIDER');
    expect(
      (
        await memberClient.post('/api/v1/invite', {
          type: 'PROVIDER',
          email: uniqueEmail(),
          organisationId: orgOfMember.id,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await memberClient.post('/api/v1/invite', { type: 'PROVIDER', email: uniqueEmail(), organisationId: org.id }))
        .statusCode,
    ).toBe(403);
  });
});
