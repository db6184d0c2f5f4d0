import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitesApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { createUser } from '../../test/factories.js';
import { sha256 } from '../../platform/auth/crypto.js';
import {
  allowResend,
  auditOf,
  expectBadRequest,
  expire,
  invite,
  inviteCodeSentTo,
  inviteRow,
  memberOf,
  practiceWith,
  uniqueEmail,
} from './invites.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /api/v1/user/:id/resendInvite', () => {
  it("sends the practice's pending invite to the user again, to a corrected e-mail", async () => {
    const { practice, client } = await practiceWith(t);
    const picked = await createUser(t.db);
    const sent = await client.post('/api/v1/users/inviteFromSearch', {
      searchid: picked.id,
      practiceId: practice.id,
      email: uniqueEmail('typo'),
    });
    const inviteId = sent.json().invite.id;
    expect((await client.put(`/api/v1/user/${picked.id}/resendInvite`, { practiceId: practice.id })).statusCode).toBe(
      429,
    );
    await allowResend(t, inviteId);
    const corrected = uniqueEmail('right');
    const res = await client.put(`/api/v1/user/${picked.id}/resendInvite`, {
      practiceId: practice.id,
      newEmail: corrected,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: inviteId, email: corrected, inviteeUserId: picked.id });
    await inviteCodeSentTo(t, corrected);
    expect(await auditOf(t, 'invite.resent', inviteId)).toHaveLength(1);
  });

  it('answers 404 without a pending invite, 403 to outsiders and 401 when signed out', async () => {
    const { practice, client } = await practiceWith(t);
    const picked = await createUser(t.db);
    expect((await client.put(`/api/v1/user/${picked.id}/resendInvite`, { practiceId: practice.id })).statusCode).toBe(
      456,
    );
    await client.post(`/api/v1/practice/${practice.id}/invite`, { userId: picked.id });
    const { client: outsider } = await practiceWith(t);
    expect((await outsider.put(`/api/v1/user/${picked.id}/resendInvite`, { practiceId: practice.id })).statusCode).toBe(
      403,
    );
    expect(
      (await new TestClient(t.app).put(`/api/v1/user/${picked.id}/resendInvite`, { practiceId: practice.id }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /api/v1/invites/pending', () => {
  it("lists the practice's pending invites, newest first, for its team", async () => {
    const { practice, client } = await practiceWith(t);
    const first = await invite(t, client, practice.id, { email: uniqueEmail() });
    const second = await invite(t, client, practice.id, { email: uniqueEmail() });
    const revoked = await invite(t, client, practice.id, { email: uniqueEmail() });
    await client.delete(`/api/v1/invites/${revoked.invite.id}`);
    await expire(t, first.invite.id);
    const { client: staff } = await memberOf(t, practice.id, 'STAFF');
    const res = await staff.get(`/api/v1/invites/pending?practiceId=${practice.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(2);
    expect(res.json().data.map((i: { id: number }) => i.id)).toEqual([second.invite.id, first.invite.id]);
    expect(res.json().data[1].expired).toBe(true);
    const page = await staff.get(`/api/v1/invites/pending?practiceId=${practice.id}&page=1&pageSize=1`);
    expect(page.json()).toMatchObject({ count: 2, data: [{ id: first.invite.id }] });
  });

  it('answers 403 to outsiders and 401 when signed out', async () => {
    const { practice } = await practiceWith(t);
    const { client: outsider } = await practiceWith(t);
    expect((await outsider.get(`/api/v1/invites/pending?practiceId=${practice.id}`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/invites/pending?practiceId=${practice.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/invites/:id/resend', () => {
  it('lets the inviter send again with a fresh code and a new expiry, once a minute', async () => {
    const { practice, client } = await practiceWith(t, 'PROVIDER');
    const email = uniqueEmail();
    const sent = await invite(t, client, practice.id, { email });
    expect((await client.get(`/api/v1/invites/${sent.invite.id}/resend`)).statusCode).toBe(429);
    await expire(t, sent.invite.id);
    await allowResend(t, sent.invite.id);
    expect((await new TestClient(t.app).get(`/api/v1/invites/${sent.code}`)).statusCode).toBe(452);
    const res = await client.get(`/api/v1/invites/${sent.invite.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: sent.invite.id, status: 'PENDING', expired: false });
    expect(res.json().expiresAt).toBeGreaterThan(Date.now() + invitesApi.INVITE_TTL_MS - 60_000);
    const code = await inviteCodeSentTo(t, email);
    expect(code).not.toBe(sent.code);
    expect((await new TestClient(t.app).get(`/api/v1/invites/${code}`)).statusCode).toBe(200);
  });

  it("lets a practice admin send someone else's invite again, but not another provider", async () => {
    const { practice, client: inviter } = await practiceWith(t, 'PROVIDER');
    const sent = await invite(t, inviter, practice.id, { email: uniqueEmail() });
    await allowResend(t, sent.invite.id);
    const { client: other } = await memberOf(t, practice.id, 'PROVIDER');
    const { client: outsider } = await practiceWith(t);
    expect((await other.get(`/api/v1/invites/${sent.invite.id}/resend`)).statusCode).toBe(403);
    expect((await outsider.get(`/api/v1/invites/${sent.invite.id}/resend`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/invites/${sent.invite.id}/resend`)).statusCode).toBe(401);
    expect((await inviteRow(t, sent.invite.id)).codeHash).toBe(sha256(sent.code));
    const { client: admin } = await memberOf(t, practice.id, 'ADMIN');
    expect((await admin.get(`/api/v1/invites/${sent.invite.id}/resend`)).statusCode).toBe(200);
    expect((await admin.get('/api/v1/invites/999999/resend')).statusCode).toBe(456);
  });

  it('refuses invites that are no longer pending', async () => {
    const { practice, client } = await practiceWith(t);
    const sent = await invite(t, client, practice.id, { email: uniqueEmail() });
    await client.delete(`/api/v1/invites/${sent.invite.id}`);
    await allowResend(t, sent.invite.id);
    expectBadRequest(
      await client.get(`/api/v1/invites/${sent.invite.id}/resend`),
      'This invite is revoked; only pending invites can be sent again',
    );
  });
});

describe('DELETE /api/v1/invites/:id', () => {
  it('revokes a pending invite: its link stops working', async () => {
    const { practice, client } = await practiceWith(t);
    const sent = await invite(t, client, practice.id, { email: uniqueEmail() });
    const res = await client.delete(`/api/v1/invites/${sent.invite.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await inviteRow(t, sent.invite.id)).status).toBe('REVOKED');
    expect((await new TestClient(t.app).get(`/api/v1/invites/${sent.code}`)).statusCode).toBe(456);
    expect(await auditOf(t, 'invite.revoked', sent.invite.id)).toHaveLength(1);
    expectBadRequest(
      await client.delete(`/api/v1/invites/${sent.invite.id}`),
      'This invite is revoked; only pending invites can be revoked',
    );
  });

  it('answers 403 to outsiders and 401 when signed out, leaving the invite pending', async () => {
    const { practice, client } = await practiceWith(t);
    const sent = await invite(t, client, practice.id, { email: uniqueEmail() });
    const { client: outsider } = await practiceWith(t);
    expect((await outsider.delete(`/api/v1/invites/${sent.invite.id}`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).delete(`/api/v1/invites/${sent.invite.id}`)).statusCode).toBe(401);
    expect((await inviteRow(t, sent.invite.id)).status).toBe('PENDING');
  });
});
