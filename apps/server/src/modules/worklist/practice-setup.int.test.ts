import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { worklistApi } from '@referwell/contracts';
import { practices } from '../../core/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { signedIn } from '../practices/practices.test-factories.js';
import { insurances, specialities } from '../catalogues/catalogues.table.js';
import { createBot } from '../intake/intake.test-factories.js';
import { createNetwork } from '../invites/invites.test-factories.js';
import { networkPractices } from '../networks/networks.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function setupOf(client: TestClient, practiceId: number) {
  const res = await client.get(`/api/v1/practice/${practiceId}/setup`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<worklistApi.PracticeSetup>();
}

const undone = (setup: worklistApi.PracticeSetup) => setup.steps.filter((s) => !s.done).map((s) => s.step);

/** A provider who has just created their practice in Springfield, IL, through the API. */
async function newPractice() {
  const user = await createUser(t.db, { signupRole: 'PROVIDER' });
  const client = await signedIn(t.app, user);
  const res = await client.post('/api/v1/practices', {
    name: 'Prairie Bone & Joint',
    address: 'Springfield, IL',
    placeId: 'us-city:IL:Springfield',
    type: 'PRACTICE',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, client, practiceId: res.json<{ id: number }>().id };
}

describe('GET /api/v1/practice/{id}/setup', () => {
  it('gives a new practice’s admin and provider every step, none done, in the address’s time zone', async () => {
    const { client, practiceId } = await newPractice();
    const setup = await setupOf(client, practiceId);
    expect(setup.timezone).toBe('America/Chicago');
    expect(undone(setup)).toEqual(['OPENING_HOURS', 'NPI', 'ABOUT', 'MATCHING', 'NETWORKS', 'TEAM', 'INTAKE_FORM']);
  });

  it('marks each step done once what it asks for exists', async () => {
    const { user, client, practiceId } = await newPractice();
    const update = await client.put(`/api/v1/practice/${practiceId}`, {
      address: 'Springfield, IL',
      npiIdentifier: '1234567893',
      about: 'Bones and joints, in Springfield since 1998.',
      openingHours: [{ dayOfWeek: 1, open: true, start: '08:00', end: '17:00' }],
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(undone(await setupOf(client, practiceId))).toEqual(['MATCHING', 'NETWORKS', 'TEAM', 'INTAKE_FORM']);

    const [speciality] = await t.db.select().from(specialities).limit(1);
    const [insurance] = await t.db.select().from(insurances).limit(1);
    const specialityRes = await client.put(`/api/v1/user/${user.id}/specialities`, { specialityIds: [speciality.id] });
    expect(specialityRes.statusCode, specialityRes.body).toBe(200);
    // A speciality alone does not make the provider matchable: an accepted insurance is needed too.
    expect(undone(await setupOf(client, practiceId))).toContain('MATCHING');
    const insuranceRes = await client.put(`/api/v1/user/${user.id}/insurance`, {
      practiceId,
      insuranceId: insurance.id,
    });
    expect(insuranceRes.statusCode, insuranceRes.body).toBe(200);

    // A network of its own counts, as joining another's would.
    await createNetwork(t, practiceId);
    const invited = await client.post(`/api/v1/invite?practiceId=${practiceId}`, {
      type: 'PROVIDER',
      email: `colleague-${Date.now()}@example.test`,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    await createBot({ practiceId, user, client });

    const setup = await setupOf(client, practiceId);
    expect(undone(setup)).toEqual([]);
    expect(setup.steps).toHaveLength(7);
  });

  it('counts a network the practice joined as its networks step', async () => {
    const { client, practiceId } = await newPractice();
    const network = await createNetwork(t, (await createPractice(t.db)).id);
    await t.db.insert(networkPractices).values({ networkId: network.id, practiceId });
    expect(undone(await setupOf(client, practiceId))).not.toContain('NETWORKS');
  });

  it('gives a provider who is not an admin only their own matching step, and staff none', async () => {
    const practice = await createPractice(t.db);
    const provider = await createUser(t.db);
    await addMember(t.db, practice.id, provider.id, 'PROVIDER');
    const staff = await createUser(t.db);
    await addMember(t.db, practice.id, staff.id, 'STAFF');

    expect((await setupOf(await signedIn(t.app, provider), practice.id)).steps).toEqual([
      { step: 'MATCHING', done: false },
    ]);
    expect((await setupOf(await signedIn(t.app, staff), practice.id)).steps).toEqual([]);
  });

  it('leaves out the steps of areas the practice has off', async () => {
    const { client, practiceId } = await newPractice();
    await t.db
      .update(practices)
      .set({ gates: { networks: false, forms: false } })
      .where(eq(practices.id, practiceId));
    expect(undone(await setupOf(client, practiceId))).toEqual(['OPENING_HOURS', 'NPI', 'ABOUT', 'MATCHING', 'TEAM']);
  });

  it('answers 403 to someone outside the practice', async () => {
    const { practiceId } = await newPractice();
    const outsider = await signedIn(t.app, await createUser(t.db));
    expect((await outsider.get(`/api/v1/practice/${practiceId}/setup`)).statusCode).toBe(403);
  });
});
