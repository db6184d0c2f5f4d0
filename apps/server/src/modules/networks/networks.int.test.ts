import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { createPractice, insertApiKey } from '../../test/factories.js';
import { audited, member, team } from '../roles/roles.test-factories.js';
import { networkPractices, networkProviders, networks } from './networks.table.js';
import { namesInOrder, withNetworks } from './networks.test-factories.js';

/**
 * A practice's networks themselves: creating, changing, ordering, deleting and reading them. Who is
 * in a network is in networks-members.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/networks', () => {
  it('creates networks as the last tier (201) and records them', async () => {
    const { practice, admin } = await team(t);
    const first = await admin.client.post('/api/v1/networks', {
      name: 'Close partners',
      practiceId: practice.id,
      matchingTimeLimit: 30,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Close partners',
      practiceId: practice.id,
      matchingTimeLimit: 30,
      order: 0,
      practice: { id: practice.id, name: practice.name },
      practices: [],
      providers: [],
    });
    const second = await admin.client.post('/api/v1/networks', {
      name: 'Everyone else',
      practiceId: practice.id,
      matchingTimeLimit: 10_080,
    });
    expect(second.json().order).toBe(1);
    const [event] = await audited(t.db, 'network.created', second.json().id);
    expect(event).toMatchObject({
      actorUserId: admin.user.id,
      details: { practiceId: practice.id, name: 'Everyone else', matchingTimeLimit: 10_080 },
    });
  });

  it('explains what is wrong with the input', async () => {
    const { practice, admin } = await team(t);
    const range = 'matchingTimeLimit must be between 1 and 10080 minutes';
    const cases: [Record<string, unknown>, string][] = [
      [{ practiceId: practice.id, matchingTimeLimit: 5 }, 'Name is required'],
      [{ name: ' ', practiceId: practice.id, matchingTimeLimit: 5 }, 'Name is required'],
      [{ name: 'N', practiceId: practice.id }, 'matchingTimeLimit is required (minutes)'],
      [{ name: 'N', practiceId: practice.id, matchingTimeLimit: 0 }, range],
      [{ name: 'N', practiceId: practice.id, matchingTimeLimit: 10_081 }, range],
      [
        { name: 'N', practiceId: practice.id, matchingTimeLimit: 1.5 },
        'matchingTimeLimit must be a whole number of minutes',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await admin.client.post('/api/v1/networks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await namesInOrder(t.db, practice.id)).toEqual([]);
  });

  it('refuses a second network of the same name (450)', async () => {
    const { practice, admin } = await withNetworks(t);
    const res = await admin.client.post('/api/v1/networks', {
      name: 'a',
      practiceId: practice.id,
      matchingTimeLimit: 5,
    });
    expect(res.statusCode).toBe(450);
    expect(res.json().message).toBe('The practice already has a network with this name');
  });

  it('refuses staff, providers, outsiders and anonymous callers', async () => {
    const { practice, staff, provider, outsider } = await team(t);
    const body = { name: 'Mine', practiceId: practice.id, matchingTimeLimit: 5 };
    for (const client of [staff.client, provider.client, outsider.client]) {
      expect((await client.post('/api/v1/networks', body)).statusCode).toBe(403);
    }
    expect((await new TestClient(t.app).post('/api/v1/networks', body)).statusCode).toBe(401);
    expect(await namesInOrder(t.db, practice.id)).toEqual([]);
  });
});

describe('PUT /api/v1/network/:id', () => {
  it('renames and changes the time limit', async () => {
    const { a, admin } = await withNetworks(t);
    const res = await admin.client.put(`/api/v1/network/${a.id}`, { name: 'Alpha', matchingTimeLimit: 120 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, name: 'Alpha', matchingTimeLimit: 120, order: 0 });
    expect((await admin.client.put(`/api/v1/network/${a.id}`, { matchingTimeLimit: 15 })).json()).toMatchObject({
      name: 'Alpha',
      matchingTimeLimit: 15,
    });
    expect(await audited(t.db, 'network.updated', a.id)).toHaveLength(2);
  });

  it('validates the change', async () => {
    const { a, admin } = await withNetworks(t);
    const empty = await admin.client.put(`/api/v1/network/${a.id}`, {});
    expect(empty.json()).toMatchObject({ name: 'A', matchingTimeLimit: 60 });
    expect(await audited(t.db, 'network.updated', a.id)).toEqual([]);
    expect((await admin.client.put(`/api/v1/network/${a.id}`, { matchingTimeLimit: -1 })).json().message).toBe(
      'matchingTimeLimit must be between 1 and 10080 minutes',
    );
    expect((await admin.client.put(`/api/v1/network/${a.id}`, { name: 'B' })).statusCode).toBe(450);
    expect((await admin.client.put('/api/v1/network/999999', { name: 'Z' })).statusCode).toBe(456);
  });

  it('refuses staff and outsiders and changes nothing', async () => {
    const { practice, a, staff, outsider } = await withNetworks(t);
    for (const client of [staff.client, outsider.client]) {
      expect((await client.put(`/api/v1/network/${a.id}`, { name: 'Hijacked' })).statusCode).toBe(403);
    }
    expect(await namesInOrder(t.db, practice.id)).toEqual(['A0', 'B1', 'C2']);
  });
});

describe('PUT /api/v1/network/:id/order', () => {
  it('moves a network and renumbers the others', async () => {
    const { practice, a, c, admin } = await withNetworks(t);
    const res = await admin.client.put(`/api/v1/network/${c.id}/order`, { order: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((n: { name: string; order: number }) => `${n.name}${n.order}`)).toEqual(['C0', 'A1', 'B2']);
    expect(res.json()[0].practice.id).toBe(practice.id);
    expect(await namesInOrder(t.db, practice.id)).toEqual(['C0', 'A1', 'B2']);

    await admin.client.put(`/api/v1/network/${a.id}/order`, { order: 2 });
    expect(await namesInOrder(t.db, practice.id)).toEqual(['C0', 'B1', 'A2']);
    await admin.client.put(`/api/v1/network/${c.id}/order`, { order: 99 });
    expect(await namesInOrder(t.db, practice.id)).toEqual(['B0', 'A1', 'C2']);
    const [event] = await audited(t.db, 'network.reordered', c.id);
    expect(event.details).toMatchObject({ from: 0, to: 2 });
  });

  it('validates the order', async () => {
    const { a, admin } = await withNetworks(t);
    expect((await admin.client.put(`/api/v1/network/${a.id}/order`, { order: -1 })).json().message).toBe(
      'order starts at 0',
    );
    expect((await admin.client.put(`/api/v1/network/${a.id}/order`, {})).json().message).toBe('order is required');
    expect((await admin.client.put(`/api/v1/network/${a.id}/order`, { order: 0.5 })).json().message).toBe(
      'order must be a whole number',
    );
  });

  it('refuses staff and outsiders and changes nothing', async () => {
    const { practice, c, staff, outsider } = await withNetworks(t);
    for (const client of [staff.client, outsider.client]) {
      expect((await client.put(`/api/v1/network/${c.id}/order`, { order: 0 })).statusCode).toBe(403);
    }
    expect(await namesInOrder(t.db, practice.id)).toEqual(['A0', 'B1', 'C2']);
  });
});

describe('DELETE /api/v1/network/:id', () => {
  it('deletes the network and closes up the order', async () => {
    const { practice, b, admin, staff } = await withNetworks(t);
    expect((await staff.client.delete(`/api/v1/network/${b.id}`)).statusCode).toBe(403);
    const res = await admin.client.delete(`/api/v1/network/${b.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await namesInOrder(t.db, practice.id)).toEqual(['A0', 'C1']);
    expect((await admin.client.get(`/api/v1/network/${b.id}`)).statusCode).toBe(456);
    expect(await audited(t.db, 'network.deleted', b.id)).toHaveLength(1);
  });

  it('refuses outsiders and anonymous callers', async () => {
    const { practice, b, outsider } = await withNetworks(t);
    expect((await outsider.client.delete(`/api/v1/network/${b.id}`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).delete(`/api/v1/network/${b.id}`)).statusCode).toBe(401);
    expect(await namesInOrder(t.db, practice.id)).toEqual(['A0', 'B1', 'C2']);
  });
});

describe('GET /api/v1/network/:id', () => {
  it('shows the network to members of its practices and to the providers it lists', async () => {
    const { a, staff, otherPractice, outsider, practice, provider } = await withNetworks(t);
    const res = await staff.client.get(`/api/v1/network/${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, name: 'A', practice: { id: practice.id } });

    expect((await outsider.client.get(`/api/v1/network/${a.id}`)).statusCode).toBe(403);
    await t.db.insert(networkPractices).values({ networkId: a.id, practiceId: otherPractice.id });
    expect((await outsider.client.get(`/api/v1/network/${a.id}`)).statusCode).toBe(200);

    const elsewhere = await createPractice(t.db);
    const listed = await member(t, elsewhere.id, ['PROVIDER']);
    expect((await listed.client.get(`/api/v1/network/${a.id}`)).statusCode).toBe(403);
    await t.db.insert(networkProviders).values({ networkId: a.id, userId: listed.user.id, practiceId: elsewhere.id });
    const seen = await listed.client.get(`/api/v1/network/${a.id}`);
    expect(seen.json().providers.map((p: { user: { id: number } }) => p.user.id)).toEqual([listed.user.id]);
    expect(provider.user.id).not.toBe(listed.user.id);
  });

  it('answers 403 to outsiders, 456 for no such network, 401 signed out', async () => {
    const { a, outsider, staff } = await withNetworks(t);
    const refused = await outsider.client.get(`/api/v1/network/${a.id}`);
    expect(refused.json().message).toBe('You do not have access to this network');
    const missing = await staff.client.get('/api/v1/network/999999');
    expect(missing.statusCode).toBe(456);
    expect(missing.json().message).toBe('Network not found');
    expect((await new TestClient(t.app).get(`/api/v1/network/${a.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/practice/:id/networks', () => {
  it('lists its own networks in order, then the networks it is a member of', async () => {
    const { practice, c, staff, otherPractice, admin } = await withNetworks(t);
    const [foreign] = await t.db
      .insert(networks)
      .values({ practiceId: otherPractice.id, name: 'Their tier', matchingTimeLimit: 5 })
      .returning();
    await t.db.insert(networkPractices).values({ networkId: foreign.id, practiceId: practice.id });
    await admin.client.put(`/api/v1/network/${c.id}/order`, { order: 0 });

    const res = await staff.client.get(`/api/v1/practice/${practice.id}/networks`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((n: { name: string; owned: boolean }) => [n.name, n.owned])).toEqual([
      ['C', true],
      ['A', true],
      ['B', true],
      ['Their tier', false],
    ]);
    expect(res.json()[3]).toMatchObject({ practice: { id: otherPractice.id }, practices: [{ id: practice.id }] });

    const integration = new TestClient(t.app);
    integration.apiKey = await insertApiKey(t.db, practice.id, admin.user.id, ['PRACTICE_READ']);
    expect((await integration.get(`/api/v1/practice/${practice.id}/networks`)).json()).toHaveLength(4);
  });

  it("refuses outsiders, other practices' keys and anonymous callers", async () => {
    const { practice, otherPractice, outsider } = await withNetworks(t);
    expect((await outsider.client.get(`/api/v1/practice/${practice.id}/networks`)).statusCode).toBe(403);
    const foreign = new TestClient(t.app);
    foreign.apiKey = await insertApiKey(t.db, otherPractice.id, outsider.user.id, ['PRACTICE_READ']);
    expect((await foreign.get(`/api/v1/practice/${practice.id}/networks`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/practice/${practice.id}/networks`)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/user/:id/networks', () => {
  it("lists networks of one's practices, those they belong to and those listing one as a provider", async () => {
    const { practice, staff, otherPractice } = await withNetworks(t);
    const [joined] = await t.db
      .insert(networks)
      .values({ practiceId: otherPractice.id, name: 'Joined', matchingTimeLimit: 5 })
      .returning();
    await t.db.insert(networkPractices).values({ networkId: joined.id, practiceId: practice.id });
    const [unrelated] = await t.db
      .insert(networks)
      .values({ practiceId: otherPractice.id, name: 'Unrelated', matchingTimeLimit: 5, order: 1 })
      .returning();

    const res = await staff.client.get(`/api/v1/user/${staff.user.id}/networks`);
    expect(res.statusCode).toBe(200);
    const names = res.json().map((n: { name: string }) => n.name);
    expect(names.sort()).toEqual(['A', 'B', 'C', 'Joined']);

    const solo = await createPractice(t.db);
    const listed = await member(t, solo.id, ['PROVIDER']);
    await t.db
      .insert(networkProviders)
      .values({ networkId: unrelated.id, userId: listed.user.id, practiceId: solo.id });
    expect(
      (await listed.client.get(`/api/v1/user/${listed.user.id}/networks`)).json().map((n: { name: string }) => n.name),
    ).toEqual(['Unrelated']);
  });

  it("shows only one's own", async () => {
    const { staff, admin } = await withNetworks(t);
    expect((await admin.client.get(`/api/v1/user/${staff.user.id}/networks`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/user/${staff.user.id}/networks`)).statusCode).toBe(401);
  });
});
