import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { patientsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { apiKeyClient, lastAudit, practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { patients } from './patients.table.js';
import { insertPatient } from './patients.test-factories.js';

type Page = { data: patientsApi.Patient[]; count: number };

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;

/**
 * A practice with Bob and Carl Adams, Maria Lopez (with e-mail), Ann Zimmer and Ann's dependant
 * Zoe; another practice with its own Adams.
 */
async function world() {
  const team = await practiceWithTeam(t.db);
  const { practice, otherPractice } = team;
  const carl = await insertPatient(t.db, practice.id, {
    firstName: 'Carl',
    lastName: 'Adams',
    phoneNumber: '+12025550171',
  });
  const bob = await insertPatient(t.db, practice.id, {
    firstName: 'Bob',
    lastName: 'Adams',
    phoneNumber: '+12025550172',
  });
  const maria = await insertPatient(t.db, practice.id, {
    firstName: 'Maria',
    lastName: 'Lopez',
    phoneNumber: '+13125550173',
    email: 'maria@example.com',
  });
  const ann = await insertPatient(t.db, practice.id, {
    firstName: 'Ann',
    lastName: 'Zimmer',
    phoneNumber: '+12025550174',
  });
  const zoe = await insertPatient(t.db, practice.id, {
    firstName: 'Zoe',
    lastName: 'Zimmer',
    phoneNumber: null,
    parentId: ann.id,
  });
  const theirs = await insertPatient(t.db, otherPractice.id, {
    firstName: 'Dan',
    lastName: 'Adams',
    phoneNumber: '+12025550175',
  });
  return { ...team, client: await signedIn(t.app, team.staff), carl, bob, maria, ann, zoe, theirs };
}

async function list(client: TestClient, query: string, practiceId = w.practice.id) {
  const res = await client.get(`/api/v1/patients?practiceId=${practiceId}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}
const names = (page: Page) => page.data.map((p) => `${p.firstName} ${p.lastName}`);

beforeAll(async () => {
  t = await createTestApp();
  w = await world();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/patients', () => {
  it('lists the practice’s patients by last name, then first name, with the total', async () => {
    const page = await list(w.client, '');
    expect(names(page)).toEqual(['Bob Adams', 'Carl Adams', 'Maria Lopez', 'Ann Zimmer', 'Zoe Zimmer']);
    expect(page.count).toBe(5);
    expect(page.data[4]).toMatchObject({ id: w.zoe.id, parentId: w.ann.id, phoneNumber: null });
  });

  it('pages with skip and limit', async () => {
    const page = await list(w.client, 'skip=1&limit=2');
    expect(names(page)).toEqual(['Carl Adams', 'Maria Lopez']);
    expect(page.count).toBe(5);
    expect((await list(w.client, 'skip=5')).data).toEqual([]);
  });

  it('finds patients by name either way round, by phone however typed, and by e-mail', async () => {
    expect(names(await list(w.client, 'query=adams'))).toEqual(['Bob Adams', 'Carl Adams']);
    expect(names(await list(w.client, 'query=ADAMS%20bob'))).toEqual(['Bob Adams']);
    expect(names(await list(w.client, 'query=carl%20adams'))).toEqual(['Carl Adams']);
    expect(names(await list(w.client, 'query=bob%20a'))).toEqual(['Bob Adams']);
    expect(names(await list(w.client, 'query=zi'))).toEqual(['Ann Zimmer', 'Zoe Zimmer']);
    expect(names(await list(w.client, 'query=zimmerr'))).toEqual(['Ann Zimmer', 'Zoe Zimmer']);
    expect(names(await list(w.client, `query=${encodeURIComponent('(312) 555-0173')}`))).toEqual(['Maria Lopez']);
    expect(names(await list(w.client, 'query=555017'))).toEqual([
      'Bob Adams',
      'Carl Adams',
      'Maria Lopez',
      'Ann Zimmer',
    ]);
    expect(names(await list(w.client, 'query=maria%40example'))).toEqual(['Maria Lopez']);
    const none = await list(w.client, 'query=nobody-here');
    expect(none).toEqual({ data: [], count: 0 });
    expect(await list(w.client, 'query=%25')).toEqual({ data: [], count: 0 });
  });

  it('audits each listing with the query, the total and the patients shown', async () => {
    await list(w.client, 'query=adams&limit=1');
    expect(await lastAudit(t.db, 'patient.listed', w.practice.id)).toMatchObject({
      actorUserId: w.staff.id,
      targetType: 'practice',
      ip: '127.0.0.1',
      userAgent: 'vitest-browser',
      details: { query: 'adams', skip: 0, count: 2, patientIds: [w.bob.id] },
    });
  });

  it('answers 30 to a page by default', async () => {
    const team = await practiceWithTeam(t.db);
    for (let i = 0; i < 31; i++)
      await insertPatient(t.db, team.practice.id, { lastName: `Many${String(i).padStart(2, '0')}` });
    const page = await list(await signedIn(t.app, team.admin), '', team.practice.id);
    expect(page.data).toHaveLength(30);
    expect(page.count).toBe(31);
  });

  it('refuses bad paging with its message, and answers 403 outside the practice', async () => {
    for (const [query, message] of [
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['skip=-1', 'skip starts at 0'],
    ]) {
      const res = await w.client.get(`/api/v1/patients?practiceId=${w.practice.id}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    const res = await (await signedIn(t.app, w.outsider)).get(`/api/v1/patients?practiceId=${w.practice.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have access to this practice');
  });
});

describe('patients called with an API key', () => {
  const body = (practiceId: number) => ({ practiceId, firstName: 'Key', lastName: 'Made', phoneNumber: '2025550190' });

  it('lets PATIENTS_READ read, but not create or edit', async () => {
    const key = await apiKeyClient(t.app, t.db, w.practice.id, w.admin.id, ['PATIENTS_READ']);
    expect((await key.get(`/api/v1/patient/${w.maria.id}?practiceId=${w.practice.id}`)).json()).toMatchObject({
      id: w.maria.id,
    });
    expect((await list(key, 'query=adams')).count).toBe(2);
    expect(
      (await key.get(`/api/v1/patients/phone?practiceId=${w.practice.id}&phoneNumber=3125550173`)).json(),
    ).toMatchObject({ id: w.maria.id });
    expect(await lastAudit(t.db, 'patient.found_by_phone', w.maria.id)).toMatchObject({
      actorUserId: w.admin.id,
      details: { apiKeyId: expect.any(Number) },
    });
    for (const res of [
      await key.post('/api/v1/patient', body(w.practice.id)),
      await key.put(`/api/v1/patient/${w.maria.id}?practiceId=${w.practice.id}`, { firstName: 'Changed' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This API key may not do that');
    }
    const [maria] = await t.db.select().from(patients).where(eq(patients.id, w.maria.id));
    expect(maria.firstName).toBe('Maria');
  });

  it('lets PATIENTS_WRITE create and edit, attributed to the key’s creator', async () => {
    const key = await apiKeyClient(t.app, t.db, w.practice.id, w.admin.id, ['PATIENTS_WRITE']);
    const res = await key.post('/api/v1/patient', body(w.practice.id));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect(await lastAudit(t.db, 'patient.created', id)).toMatchObject({
      actorUserId: w.admin.id,
      details: { apiKeyId: expect.any(Number) },
    });
    expect(
      (await key.put(`/api/v1/patient/${id}?practiceId=${w.practice.id}`, { firstName: 'Keyed' })).json(),
    ).toMatchObject({ firstName: 'Keyed' });
    // Writing does not include reading.
    expect((await key.get(`/api/v1/patient/${id}?practiceId=${w.practice.id}`)).statusCode).toBe(403);
  });

  it('refuses keys without patient permissions, keys of other practices (403) and deactivated keys (401)', async () => {
    const reads = [
      `/api/v1/patient/${w.maria.id}?practiceId=${w.practice.id}`,
      `/api/v1/patients?practiceId=${w.practice.id}`,
      `/api/v1/patients/phone?practiceId=${w.practice.id}&phoneNumber=3125550173`,
    ];
    const practiceOnly = await apiKeyClient(t.app, t.db, w.practice.id, w.admin.id, [
      'PRACTICE_READ',
      'PRACTICE_WRITE',
    ]);
    const foreign = await apiKeyClient(t.app, t.db, w.otherPractice.id, w.outsider.id, [
      'PATIENTS_READ',
      'PATIENTS_WRITE',
    ]);
    for (const key of [practiceOnly, foreign]) {
      for (const url of reads) expect((await key.get(url)).statusCode, url).toBe(403);
      expect((await key.post('/api/v1/patient', body(w.practice.id))).statusCode).toBe(403);
      expect(
        (await key.put(`/api/v1/patient/${w.maria.id}?practiceId=${w.practice.id}`, { firstName: 'X' })).statusCode,
      ).toBe(403);
    }
    // In its own practice, the other practice's patient does not exist.
    const theirs = await foreign.get(`/api/v1/patient/${w.maria.id}?practiceId=${w.otherPractice.id}`);
    expect(theirs.statusCode).toBe(456);
    expect(theirs.json().message).toBe('No such patient');
    const dead = await apiKeyClient(t.app, t.db, w.practice.id, w.admin.id, ['PATIENTS_READ'], false);
    for (const url of reads) expect((await dead.get(url)).statusCode, url).toBe(401);
    const [maria] = await t.db.select().from(patients).where(eq(patients.id, w.maria.id));
    expect(maria.firstName).toBe('Maria');
  });
});
