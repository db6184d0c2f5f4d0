import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { cataloguesApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { TEST_PASSWORD, addMember, createPractice, createUser } from '../../test/factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { insurances, userInsurances } from './catalogues.table.js';

type Page = { data: cataloguesApi.Insurance[]; count: number };
type Matrix = cataloguesApi.InsuranceMatrixEntry[];

let t: TestApp;

async function signedIn() {
  const user = await createUser(t.db);
  const client = new TestClient(t.app);
  expect((await client.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
  return { user, client };
}

async function payer(name: string) {
  const [row] = await t.db.select().from(insurances).where(eq(insurances.name, name));
  return row;
}

/** A provider in Alpha and Beta, Alpha's admin, a staff colleague in Alpha, and an outsider. */
async function team() {
  const alpha = await createPractice(t.db, { name: 'Alpha Clinic' });
  const beta = await createPractice(t.db, { name: 'Beta Clinic' });
  const other = await createPractice(t.db, { name: 'Other Clinic' });
  const provider = await signedIn();
  const admin = await signedIn();
  const staff = await signedIn();
  const outsider = await signedIn();
  await addMember(t.db, alpha.id, provider.user.id, 'PROVIDER');
  await addMember(t.db, beta.id, provider.user.id, 'PROVIDER');
  await addMember(t.db, alpha.id, admin.user.id, 'ADMIN');
  await addMember(t.db, alpha.id, staff.user.id, 'STAFF');
  await addMember(t.db, other.id, outsider.user.id, 'ADMIN');
  return { alpha, beta, other, provider, admin, staff, outsider };
}

async function accepted(userId: number) {
  return t.db.select().from(userInsurances).where(eq(userInsurances.userId, userId));
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/insurance', () => {
  it('answers 401 when signed out', async () => {
    expect((await new TestClient(t.app).get('/api/v1/insurance?query=aetna')).statusCode).toBe(401);
  });

  it('lists searchable payers by name, 30 a page, and finds them by name', async () => {
    const { client } = await signedIn();
    const all = (await client.get('/api/v1/insurance')).json<Page>();
    expect(all.count).toBeGreaterThanOrEqual(100);
    expect(all.data).toHaveLength(30);
    expect(all.data.every((i) => i.searchable)).toBe(true);

    const aetna = (await client.get('/api/v1/insurance?query=aetna')).json<Page>();
    expect(aetna.data[0]).toEqual({ id: expect.any(Number), name: 'Aetna', payerId: '60054', searchable: true });
    const blue = (await client.get('/api/v1/insurance?query=blue%20cross%20texas')).json<Page>();
    expect(blue.data[0]?.name).toBe('Blue Cross and Blue Shield of Texas');
    expect((await client.get('/api/v1/insurance?query=medi')).json<Page>().data.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Medicare', 'Medicaid', 'Medi-Cal']),
    );
  });

  it('leaves payers that are not searchable out of the search, but answers them by id', async () => {
    const { client } = await signedIn();
    const centene = await payer('Centene');
    expect(centene.searchable).toBe(false);
    const found = (await client.get('/api/v1/insurance?query=centene')).json<Page>();
    expect(found.data.map((i) => i.id)).not.toContain(centene.id);
    const byId = await client.get(`/api/v1/insurance/${centene.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({ id: centene.id, name: 'Centene', payerId: null, searchable: false });
  });

  it('refuses an empty query and bad paging with their messages', async () => {
    const { client } = await signedIn();
    for (const [url, message] of [
      ['/api/v1/insurance?query=', 'Query must be at least 1 character'],
      ['/api/v1/insurance?pageSize=500', 'pageSize must be at most 100'],
    ]) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });
});

describe('GET /api/v1/insurance/:id', () => {
  it('answers 404 for an unknown payer and 401 signed out', async () => {
    const { client } = await signedIn();
    const res = await client.get('/api/v1/insurance/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Insurance not found' });
    expect((await new TestClient(t.app).get('/api/v1/insurance/1')).statusCode).toBe(401);
  });
});

describe('the insurance matrix', () => {
  it('is kept per practice by the provider, and shown to them for every practice', async () => {
    const { alpha, beta, provider } = await team();
    const aetna = await payer('Aetna');
    const cigna = await payer('Cigna Healthcare');
    const url = `/api/v1/user/${provider.user.id}/insurance`;

    const added = await provider.client.put(url, { practiceId: alpha.id, insuranceId: aetna.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({
      practiceId: alpha.id,
      insuranceIds: [aetna.id],
      insurances: [expect.objectContaining({ name: 'Aetna' })],
    });
    // Adding twice changes nothing.
    expect(
      (await provider.client.put(url, { practiceId: alpha.id, insuranceId: aetna.id })).json().insuranceIds,
    ).toEqual([aetna.id]);
    await provider.client.put(url, { practiceId: alpha.id, insuranceId: cigna.id });
    await provider.client.put(url, { practiceId: beta.id, insuranceId: cigna.id });

    const matrix = (await provider.client.get(`${url}/matrix`)).json<Matrix>();
    expect(matrix).toEqual([
      {
        practiceId: alpha.id,
        insuranceIds: [aetna.id, cigna.id],
        insurances: [expect.objectContaining({ id: aetna.id }), expect.objectContaining({ id: cigna.id })],
      },
      { practiceId: beta.id, insuranceIds: [cigna.id], insurances: [expect.objectContaining({ id: cigna.id })] },
    ]);

    const removed = await provider.client.delete(url, { practiceId: alpha.id, insuranceId: aetna.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().insuranceIds).toEqual([cigna.id]);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.insurance_removed'), eq(auditEvents.subjectUserId, provider.user.id)));
    expect(event).toMatchObject({
      actorUserId: provider.user.id,
      targetId: String(aetna.id),
      details: { practiceId: alpha.id },
    });
  });

  it('is shown to colleagues for the practices they share only, and to nobody else', async () => {
    const { alpha, beta, provider, staff, outsider } = await team();
    const aetna = await payer('Aetna');
    await t.db.insert(userInsurances).values([
      { userId: provider.user.id, practiceId: alpha.id, insuranceId: aetna.id },
      { userId: provider.user.id, practiceId: beta.id, insuranceId: aetna.id },
    ]);
    const url = `/api/v1/user/${provider.user.id}/insurance/matrix`;
    expect((await staff.client.get(url)).json<Matrix>().map((e) => e.practiceId)).toEqual([alpha.id]);
    const refused = await outsider.client.get(url);
    expect(refused.statusCode).toBe(403);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
  });

  it('is changed for a member by an admin of the practice, not by other colleagues or outsiders', async () => {
    const { alpha, beta, other, provider, admin, staff, outsider } = await team();
    const aetna = await payer('Aetna');
    const url = `/api/v1/user/${provider.user.id}/insurance`;

    const byAdmin = await admin.client.put(url, { practiceId: alpha.id, insuranceId: aetna.id });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    // Alpha's admin is not an admin of Beta.
    expect((await admin.client.put(url, { practiceId: beta.id, insuranceId: aetna.id })).statusCode).toBe(403);
    expect((await staff.client.put(url, { practiceId: alpha.id, insuranceId: aetna.id })).statusCode).toBe(403);
    expect((await staff.client.delete(url, { practiceId: alpha.id, insuranceId: aetna.id })).statusCode).toBe(403);
    expect((await outsider.client.delete(url, { practiceId: alpha.id, insuranceId: aetna.id })).statusCode).toBe(403);
    // An admin of another practice cannot reach in through their own practice either.
    const viaOwn = await outsider.client.put(url, { practiceId: other.id, insuranceId: aetna.id });
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json().message).toBe('The user is not a member of this practice');
    expect((await new TestClient(t.app).put(url, { practiceId: alpha.id, insuranceId: aetna.id })).statusCode).toBe(
      401,
    );
    expect(await accepted(provider.user.id)).toEqual([
      { userId: provider.user.id, practiceId: alpha.id, insuranceId: aetna.id },
    ]);
  });

  it('refuses a practice the provider left, an unknown payer and bad bodies, changing nothing', async () => {
    const { other, provider } = await team();
    const url = `/api/v1/user/${provider.user.id}/insurance`;
    const notMember = await provider.client.put(url, { practiceId: other.id, insuranceId: (await payer('Aetna')).id });
    expect(notMember.statusCode).toBe(403);
    const { alpha } = await team();
    await addMember(t.db, alpha.id, provider.user.id, 'PROVIDER');
    const unknown = await provider.client.put(url, { practiceId: alpha.id, insuranceId: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Insurance not found');
    for (const body of [
      { practiceId: alpha.id },
      { insuranceId: 1 },
      { practiceId: 0, insuranceId: 1 },
      { practiceId: 'x', insuranceId: 1 },
    ]) {
      expect((await provider.client.put(url, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await accepted(provider.user.id)).toEqual([]);
  });
});
