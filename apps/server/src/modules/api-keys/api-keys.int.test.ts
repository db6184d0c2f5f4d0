import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { sha256 } from '../../platform/auth/crypto.js';
import { apiKeys } from '../../core/index.js';
import { auditOf, expectBadRequest, memberOf, practiceWith, uniqueEmail } from '../invites/invites.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const keyRow = async (id: number) => (await t.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0];
const keyCount = async () => (await t.db.select({ id: apiKeys.id }).from(apiKeys)).length;

/** A practice, its signed-in admin, and a key with `permissions`. */
async function practiceWithKey(permissions: string[] = ['USERS_READ', 'INVITES_WRITE']) {
  const setup = await practiceWith(t, 'ADMIN', 'Pine Clinic');
  const res = await setup.client.post('/api/v1/apiKey', {
    practiceId: setup.practice.id,
    permissions,
    name: 'EHR sync',
  });
  expect(res.statusCode, res.body).toBe(201);
  const key = res.json<{ id: number; secret: string }>();
  const integration = new TestClient(t.app);
  integration.apiKey = key.secret;
  return { ...setup, key, integration };
}

describe('POST /api/v1/apiKey', () => {
  it('creates a key and shows its secret once; only the hash is stored', async () => {
    const { practice, user, client } = await practiceWith(t);
    const res = await client.post('/api/v1/apiKey', {
      practiceId: practice.id,
      permissions: ['USERS_READ', 'USERS_READ', 'PRACTICE_READ'],
      name: ' Billing ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const key = res.json();
    expect(key).toMatchObject({
      practiceId: practice.id,
      name: 'Billing',
      permissions: ['USERS_READ', 'PRACTICE_READ'],
      activated: true,
      lastUsedAt: null,
      createdBy: { id: user.id, firstName: user.firstName, lastName: user.lastName },
    });
    expect(key.secret).toMatch(/^rwk_[A-Za-z0-9_-]{40,}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 12));
    const row = await keyRow(key.id);
    expect(row.secretHash).toBe(sha256(key.secret));
    expect(await auditOf(t, 'api_key.created', key.id)).toHaveLength(1);

    const list = await client.get(`/api/v1/practice/${practice.id}/apiKeys`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).not.toHaveProperty('secret');
    expect(list.json()[0]).not.toHaveProperty('secretHash');
    expect(JSON.stringify(list.json())).not.toContain(key.secret);
  });

  it('validates the permissions', async () => {
    const { practice, client } = await practiceWith(t);
    expectBadRequest(
      await client.post('/api/v1/apiKey', { practiceId: practice.id, permissions: [] }),
      'Choose at least one permission',
    );
    expect(
      (await client.post('/api/v1/apiKey', { practiceId: practice.id, permissions: ['EVERYTHING'] })).statusCode,
    ).toBe(400);
    expect((await client.post('/api/v1/apiKey', { practiceId: practice.id })).statusCode).toBe(400);
  });

  it("is for the practice's ADMINs only: 403 to other roles and outsiders, 401 signed out", async () => {
    const { practice } = await practiceWith(t);
    const { client: provider } = await memberOf(t, practice.id, 'PROVIDER');
    const { client: outsider } = await practiceWith(t);
    const before = await keyCount();
    for (const c of [provider, outsider]) {
      expect(
        (await c.post('/api/v1/apiKey', { practiceId: practice.id, permissions: ['USERS_READ'] })).statusCode,
      ).toBe(403);
      expect((await c.get(`/api/v1/practice/${practice.id}/apiKeys`)).statusCode).toBe(403);
    }
    expect(
      (await new TestClient(t.app).post('/api/v1/apiKey', { practiceId: practice.id, permissions: ['USERS_READ'] }))
        .statusCode,
    ).toBe(401);
    expect((await new TestClient(t.app).get(`/api/v1/practice/${practice.id}/apiKeys`)).statusCode).toBe(401);
    expect(await keyCount()).toBe(before);
  });
});

describe('PUT /api/v1/apiKey/:id', () => {
  it('changes permissions and deactivates; a deactivated key gets 401 until re-activated', async () => {
    const { practice, client, key, integration } = await practiceWithKey();
    const pending = `/api/v1/invites/pending?practiceId=${practice.id}`;
    expect((await integration.get(pending)).statusCode).toBe(200);

    const off = await client.put(`/api/v1/apiKey/${key.id}`, {
      practiceId: practice.id,
      permissions: ['USERS_READ'],
      activated: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ activated: false, permissions: ['USERS_READ'], name: 'EHR sync' });
    expect(off.json()).not.toHaveProperty('secret');
    expect((await integration.get(pending)).statusCode).toBe(401);
    expect(await auditOf(t, 'api_key.deactivated', key.id)).toHaveLength(1);
    expect(await auditOf(t, 'api_key.updated', key.id)).toHaveLength(1);

    await client.put(`/api/v1/apiKey/${key.id}`, {
      practiceId: practice.id,
      permissions: ['USERS_READ'],
      activated: true,
    });
    expect((await integration.get(pending)).statusCode).toBe(200);
    expect(await auditOf(t, 'api_key.activated', key.id)).toHaveLength(1);
  });

  it("needs the key's own practice, and answers 401, 403 and 456 without changing the key", async () => {
    const { practice, client, key } = await practiceWithKey();
    const { practice: other, client: otherAdmin } = await practiceWith(t);
    const body = { practiceId: practice.id, permissions: ['PRACTICE_READ'], activated: false };
    expectBadRequest(
      await client.put(`/api/v1/apiKey/${key.id}`, { ...body, practiceId: other.id }),
      'practiceId must be the practice the key belongs to',
    );
    expect((await otherAdmin.put(`/api/v1/apiKey/${key.id}`, body)).statusCode).toBe(403);
    expect((await otherAdmin.put(`/api/v1/apiKey/${key.id}`, { ...body, practiceId: other.id })).statusCode).toBe(403);
    const { client: provider } = await memberOf(t, practice.id, 'PROVIDER');
    expect((await provider.put(`/api/v1/apiKey/${key.id}`, body)).statusCode).toBe(403);
    expect((await new TestClient(t.app).put(`/api/v1/apiKey/${key.id}`, body)).statusCode).toBe(401);
    expect((await client.put('/api/v1/apiKey/999999', body)).statusCode).toBe(456);
    expect(await keyRow(key.id)).toMatchObject({ activated: true, permissions: ['USERS_READ', 'INVITES_WRITE'] });
  });
});

describe('GET /api/v1/practice/:id/apiKeys', () => {
  it("lists the practice's keys newest first with when they were last used", async () => {
    const { practice, client, key, integration } = await practiceWithKey();
    const second = (
      await client.post('/api/v1/apiKey', { practiceId: practice.id, permissions: ['PRACTICE_READ'] })
    ).json();
    await integration.get(`/api/v1/invites/pending?practiceId=${practice.id}`);
    const res = await client.get(`/api/v1/practice/${practice.id}/apiKeys`);
    expect(res.json().map((k: { id: number }) => k.id)).toEqual([second.id, key.id]);
    expect(res.json()[1].lastUsedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(res.json()[0]).toMatchObject({ name: '', lastUsedAt: null });
  });
});

describe('calling with X-Api-Key', () => {
  it("works on endpoints that accept keys, within the key's practice and permissions", async () => {
    const { practice, user, integration } = await practiceWithKey();
    const listed = await integration.get(`/api/v1/invites/pending?practiceId=${practice.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const email = uniqueEmail();
    const sent = await integration.post(`/api/v1/invite?practiceId=${practice.id}`, { type: 'PROVIDER', email });
    expect(sent.statusCode, sent.body).toBe(200);
    // Requests made with a key are attributed to its creator.
    expect(sent.json().invite.invitedBy.id).toBe(user.id);
    expect((await integration.get(`/api/v1/invites/pending?practiceId=${practice.id}`)).json().count).toBe(1);
  });

  it('answers 403 in another practice and without the permission', async () => {
    const { practice: other } = await practiceWith(t);
    const { practice, integration } = await practiceWithKey(['USERS_READ']);
    expect((await integration.get(`/api/v1/invites/pending?practiceId=${other.id}`)).statusCode).toBe(403);
    const refused = await integration.post(`/api/v1/invite?practiceId=${practice.id}`, {
      type: 'PROVIDER',
      email: uniqueEmail(),
    });
    expect(refused.statusCode).toBe(403);
    const { integration: inviteOnly } = await practiceWithKey(['INVITES_WRITE']);
    expect((await inviteOnly.get(`/api/v1/invites/pending?practiceId=${practice.id}`)).statusCode).toBe(403);
  });

  it('is refused with 401 on endpoints that do not accept keys, and for unknown keys', async () => {
    const { practice, integration } = await practiceWithKey([
      'USERS_READ',
      'INVITES_WRITE',
      'USERS_WRITE',
      'PRACTICE_READ',
    ]);
    expect((await integration.get('/api/v1/user/current')).statusCode).toBe(401);
    expect((await integration.get(`/api/v1/practice/${practice.id}/apiKeys`)).statusCode).toBe(401);
    expect(
      (await integration.post('/api/v1/apiKey', { practiceId: practice.id, permissions: ['USERS_READ'] })).statusCode,
    ).toBe(401);
    const forged = new TestClient(t.app);
    forged.apiKey = 'rwk_not-a-real-key';
    expect((await forged.get(`/api/v1/invites/pending?practiceId=${practice.id}`)).statusCode).toBe(401);
  });
});
