import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { addMember, createPractice } from '../../test/factories.js';
import { audited } from '../roles/roles.test-factories.js';
import { networkPractices, networkProviders } from './networks.table.js';
import { withNetworks } from './networks.test-factories.js';

/** Who is in a network: adding and taking out practices and providers, and losing the PROVIDER role. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /api/v1/network/:id/addPractice and removePractice', () => {
  it('adds a practice once, and takes it out with the providers reached through it', async () => {
    const { a, admin, otherPractice, outsider } = await withNetworks(t);
    const res = await admin.client.put(`/api/v1/network/${a.id}/addPractice`, { practiceId: otherPractice.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().practices).toEqual([expect.objectContaining({ id: otherPractice.id, name: otherPractice.name })]);
    expect(
      (await admin.client.put(`/api/v1/network/${a.id}/addPractice`, { practiceId: otherPractice.id })).json()
        .practices,
    ).toHaveLength(1);
    expect(await audited(t.db, 'network.practice_added', a.id)).toHaveLength(1);

    await admin.client.put(`/api/v1/network/${a.id}/addProvider`, {
      userId: outsider.user.id,
      practiceId: otherPractice.id,
    });
    const removed = await admin.client.put(`/api/v1/network/${a.id}/removePractice`, { practiceId: otherPractice.id });
    expect(removed.json()).toMatchObject({ practices: [], providers: [] });
    const again = await admin.client.put(`/api/v1/network/${a.id}/removePractice`, { practiceId: otherPractice.id });
    expect(again.statusCode).toBe(456);
    expect(again.json().message).toBe('The practice is not in this network');
  });

  it("lets a member practice's admins leave, but not add themselves", async () => {
    const { a, otherPractice, outsider } = await withNetworks(t);
    expect(
      (await outsider.client.put(`/api/v1/network/${a.id}/addPractice`, { practiceId: otherPractice.id })).statusCode,
    ).toBe(403);
    await t.db.insert(networkPractices).values({ networkId: a.id, practiceId: otherPractice.id });
    const left = await outsider.client.put(`/api/v1/network/${a.id}/removePractice`, { practiceId: otherPractice.id });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().practices).toEqual([]);
  });

  it('refuses the owner itself and unknown practices', async () => {
    const { practice, a, admin } = await withNetworks(t);
    const own = await admin.client.put(`/api/v1/network/${a.id}/addPractice`, { practiceId: practice.id });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('A network always includes the practice that owns it');
    const unknown = await admin.client.put(`/api/v1/network/${a.id}/addPractice`, { practiceId: 999999 });
    expect(unknown.statusCode).toBe(456);
    expect(unknown.json().message).toBe('Practice not found');
  });

  it('refuses staff and outsiders and changes nothing', async () => {
    const { a, staff, outsider, otherPractice } = await withNetworks(t);
    const third = await createPractice(t.db);
    await t.db.insert(networkPractices).values({ networkId: a.id, practiceId: third.id });
    for (const client of [staff.client, outsider.client]) {
      expect(
        (await client.put(`/api/v1/network/${a.id}/addPractice`, { practiceId: otherPractice.id })).statusCode,
      ).toBe(403);
      expect((await client.put(`/api/v1/network/${a.id}/removePractice`, { practiceId: third.id })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await t.db.select().from(networkPractices).where(eq(networkPractices.networkId, a.id))).map((r) => r.practiceId),
    ).toEqual([third.id]);
  });
});

describe('PUT /api/v1/network/:id/addProvider and removeProvider', () => {
  it('adds providers through a practice where they are PROVIDER, and takes them out', async () => {
    const { a, admin, provider, practice, outsider, otherPractice } = await withNetworks(t);
    const res = await admin.client.put(`/api/v1/network/${a.id}/addProvider`, {
      userId: provider.user.id,
      practiceId: practice.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().providers).toEqual([
      {
        user: expect.objectContaining({ id: provider.user.id }),
        practice: expect.objectContaining({ id: practice.id }),
      },
    ]);
    const external = await admin.client.put(`/api/v1/network/${a.id}/addProvider`, {
      userId: outsider.user.id,
      practiceId: otherPractice.id,
    });
    expect(external.json().providers).toHaveLength(2);
    expect(await audited(t.db, 'network.provider_added', a.id)).toHaveLength(2);

    const removed = await admin.client.put(`/api/v1/network/${a.id}/removeProvider`, { userId: provider.user.id });
    expect(removed.json().providers.map((p: { user: { id: number } }) => p.user.id)).toEqual([outsider.user.id]);
    const notIn = await admin.client.put(`/api/v1/network/${a.id}/removeProvider`, { userId: provider.user.id });
    expect(notIn.statusCode).toBe(456);
    expect(notIn.json().message).toBe('This provider is not in the network');
    expect(await audited(t.db, 'network.provider_removed', a.id)).toHaveLength(1);
  });

  it('refuses someone who is not a PROVIDER of that practice', async () => {
    const { a, admin, staff, practice, provider, otherPractice } = await withNetworks(t);
    for (const body of [
      { userId: staff.user.id, practiceId: practice.id },
      { userId: provider.user.id, practiceId: otherPractice.id },
    ]) {
      const res = await admin.client.put(`/api/v1/network/${a.id}/addProvider`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The person must hold the PROVIDER role in that practice');
    }
    expect(await t.db.select().from(networkProviders).where(eq(networkProviders.networkId, a.id))).toEqual([]);
  });

  it('refuses staff and outsiders and changes nothing', async () => {
    const { a, staff, outsider, provider, practice } = await withNetworks(t);
    for (const client of [staff.client, outsider.client]) {
      expect(
        (await client.put(`/api/v1/network/${a.id}/addProvider`, { userId: provider.user.id, practiceId: practice.id }))
          .statusCode,
      ).toBe(403);
    }
    await t.db.insert(networkProviders).values({ networkId: a.id, userId: provider.user.id, practiceId: practice.id });
    for (const client of [staff.client, outsider.client]) {
      expect(
        (await client.put(`/api/v1/network/${a.id}/removeProvider`, { userId: provider.user.id })).statusCode,
      ).toBe(403);
    }
    expect(await t.db.select().from(networkProviders).where(eq(networkProviders.networkId, a.id))).toHaveLength(1);
  });
});

describe('taking a PROVIDER role away', () => {
  it('takes the provider out of networks they were listed in for that practice', async () => {
    const { practice, a, admin, provider } = await withNetworks(t);
    await addMember(t.db, practice.id, provider.user.id, 'STAFF');
    await admin.client.put(`/api/v1/network/${a.id}/addProvider`, {
      userId: provider.user.id,
      practiceId: practice.id,
    });
    await admin.client.delete(`/api/v1/roles/practice/${practice.id}/PROVIDER`, { userId: provider.user.id });
    expect((await admin.client.get(`/api/v1/network/${a.id}`)).json().providers).toEqual([]);
  });
});
