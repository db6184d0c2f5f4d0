import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { cataloguesApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { TEST_PASSWORD, addMember, createPractice, createUser } from '../../test/factories.js';
import { createSessionStore } from '../../core/index.js';
import { providerSpecialities, specialities } from './catalogues.table.js';

type Page = { data: cataloguesApi.Speciality[]; count: number };

let t: TestApp;
let client: TestClient;
let me: Awaited<ReturnType<typeof createUser>>;

async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, values);
  const c = new TestClient(t.app);
  expect((await c.signIn(user.email!, TEST_PASSWORD)).statusCode).toBe(200);
  return { user, client: c };
}

async function idOf(code: string) {
  const [row] = await t.db
    .select({ id: specialities.id })
    .from(specialities)
    .where(eq(specialities.taxonomyCode, code));
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ user: me, client } = await signedIn());
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/specialities', () => {
  it('answers 401 when signed out', async () => {
    expect((await new TestClient(t.app).get('/api/v1/specialities?query=card')).statusCode).toBe(401);
  });

  it('lists the whole NUCC taxonomy by name, 30 a page', async () => {
    const res = await client.get('/api/v1/specialities');
    expect(res.statusCode).toBe(200);
    const body = res.json<Page>();
    expect(body.count).toBeGreaterThan(850);
    expect(body.data).toHaveLength(30);
    // Collations differ between databases; the initials are in order in all of them.
    const initials = body.data.map((s) => s.name[0].toUpperCase());
    expect(initials).toEqual([...initials].sort());
    const next = (await client.get('/api/v1/specialities?page=1&pageSize=10')).json<Page>();
    expect(next.data).toHaveLength(10);
    expect(next.data[0].id).not.toBe(body.data[0].id);
  });

  it('finds what people call a speciality, best match first', async () => {
    const cases: [string, string][] = [
      ['cardiologist', '207RC0000X'],
      ['dermatologist', '207N00000X'],
      ['pediatrician', '208000000X'],
      ['OB/GYN', '207V00000X'],
      ['ENT', '207Y00000X'],
      ['GP', '208D00000X'],
      ['heart doctor', '207RC0000X'],
      ['207RC0000X', '207RC0000X'],
    ];
    for (const [query, code] of cases) {
      const res = await client.get(`/api/v1/specialities?query=${encodeURIComponent(query)}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json<Page>().data[0]?.taxonomyCode, query).toBe(code);
    }
    // A typo still finds cardiologists.
    const typo = (await client.get('/api/v1/specialities?query=cardiolgist')).json<Page>();
    expect(typo.data.slice(0, 3).map((s) => s.taxonomyCode)).toContain('207RC0000X');
  });

  it('ranks names that start with the typed text first, then what people call it, then the rest', async () => {
    const names = async (query: string) =>
      (await client.get(`/api/v1/specialities?query=${encodeURIComponent(query)}`))
        .json<Page>()
        .data.map((s) => s.name);
    const orthop = await names('Orthop');
    // The general speciality, whose colloquial names ("orthopedist") also start so, before its subspecialities.
    expect(orthop[0]).toBe('Orthopaedic Surgery Physician');
    const firstOther = orthop.findIndex((name) => !name.toLowerCase().startsWith('orthop'));
    expect(orthop.slice(firstOther).every((name) => !name.toLowerCase().startsWith('orthop'))).toBe(true);
    // No name starts with "heart": the specialities people call "heart …" come next, before names merely containing it.
    const heart = await names('heart');
    expect(heart.slice(0, 2).sort()).toEqual([
      'Cardiovascular Disease Physician',
      'Thoracic Surgery (Cardiothoracic Vascular Surgery) Physician',
    ]);
  });

  it('answers every field of a speciality', async () => {
    const [top] = (await client.get('/api/v1/specialities?query=cardiologist')).json<Page>().data;
    expect(top).toEqual({
      id: expect.any(Number),
      name: 'Cardiovascular Disease Physician',
      taxonomyCode: '207RC0000X',
      branch: 'Allopathic & Osteopathic Physicians',
      classification: 'Internal Medicine',
      specialization: 'Cardiovascular Disease',
      colloquial: ['cardiologist', 'heart doctor'],
    });
  });

  it('counts every match and answers an empty page past the end', async () => {
    const all = (await client.get('/api/v1/specialities?query=pediatric&pageSize=100')).json<Page>();
    expect(all.count).toBeGreaterThan(30);
    expect(all.data.slice(0, 30).every((s) => JSON.stringify(s).toLowerCase().includes('pediatric'))).toBe(true);
    const past = (await client.get('/api/v1/specialities?query=pediatric&page=50')).json<Page>();
    expect(past).toEqual({ data: [], count: all.count });
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await client.get('/api/v1/specialities?query=%25')).json<Page>().count).toBe(0);
  });

  it('refuses an empty query and bad paging with their messages', async () => {
    for (const [url, message] of [
      ['/api/v1/specialities?query=', 'Query must be at least 1 character'],
      ['/api/v1/specialities?query=%20%20', 'Query must be at least 1 character'],
      [`/api/v1/specialities?query=${'x'.repeat(101)}`, 'Query must be at most 100 characters'],
      ['/api/v1/specialities?page=-1', 'page starts at 0'],
      ['/api/v1/specialities?pageSize=0', 'pageSize must be at least 1'],
      ['/api/v1/specialities?pageSize=101', 'pageSize must be at most 100'],
    ]) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });
});

describe('GET /api/v1/speciality/:id', () => {
  it('answers one speciality, 404 for an unknown id, 400 for a bad one, 401 signed out', async () => {
    const id = await idOf('207Y00000X');
    const res = await client.get(`/api/v1/speciality/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      taxonomyCode: '207Y00000X',
      name: 'Otolaryngology Physician',
      colloquial: expect.arrayContaining(['ENT']),
    });
    const missing = await client.get('/api/v1/speciality/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Speciality not found' });
    expect((await client.get('/api/v1/speciality/0')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get(`/api/v1/speciality/${id}`)).statusCode).toBe(401);
  });
});

describe('a provider’s specialities', () => {
  it('are set by the provider, replaced as a whole, and shown to colleagues', async () => {
    const practice = await createPractice(t.db);
    const { user, client: own } = await signedIn();
    const { client: colleague, user: colleagueUser } = await signedIn();
    await addMember(t.db, practice.id, user.id, 'PROVIDER');
    await addMember(t.db, practice.id, colleagueUser.id, 'STAFF');
    const cardio = await idOf('207RC0000X');
    const ent = await idOf('207Y00000X');
    const derm = await idOf('207N00000X');

    expect((await own.get(`/api/v1/user/${user.id}/specialities`)).json()).toEqual([]);
    const set = await own.put(`/api/v1/user/${user.id}/specialities`, { specialityIds: [cardio, ent, cardio] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<cataloguesApi.Speciality[]>().map((s) => s.taxonomyCode)).toEqual(['207RC0000X', '207Y00000X']);

    const replaced = await own.put(`/api/v1/user/${user.id}/specialities`, { specialityIds: [derm, ent] });
    expect(
      replaced
        .json<cataloguesApi.Speciality[]>()
        .map((s) => s.taxonomyCode)
        .sort(),
    ).toEqual(['207N00000X', '207Y00000X']);
    const seen = await colleague.get(`/api/v1/user/${user.id}/specialities`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<cataloguesApi.Speciality[]>()).toHaveLength(2);

    expect((await own.put(`/api/v1/user/${user.id}/specialities`, { specialityIds: [] })).json()).toEqual([]);
  });

  it('are hidden from people who share no practice, and only the provider changes them', async () => {
    const practice = await createPractice(t.db);
    const { user } = await signedIn();
    await addMember(t.db, practice.id, user.id, 'PROVIDER');
    const cardio = await idOf('207RC0000X');
    await t.db.insert(providerSpecialities).values({ userId: user.id, specialityId: cardio });

    const read = await client.get(`/api/v1/user/${user.id}/specialities`);
    expect(read.statusCode).toBe(403);
    const admin = await signedIn();
    await addMember(t.db, practice.id, admin.user.id, 'ADMIN');
    const write = await admin.client.put(`/api/v1/user/${user.id}/specialities`, { specialityIds: [] });
    expect(write.statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/user/${user.id}/specialities`)).statusCode).toBe(401);
    const kept = await t.db.select().from(providerSpecialities).where(eq(providerSpecialities.userId, user.id));
    expect(kept).toEqual([{ userId: user.id, specialityId: cardio }]);
  });

  it('refuses unknown specialities, too many, a missing list, and patients, changing nothing', async () => {
    const cardio = await idOf('207RC0000X');
    await client.put(`/api/v1/user/${me.id}/specialities`, { specialityIds: [cardio] });
    const unknown = await client.put(`/api/v1/user/${me.id}/specialities`, { specialityIds: [cardio, 999999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown speciality 999999');
    const tooMany = await client.put(`/api/v1/user/${me.id}/specialities`, {
      specialityIds: Array.from({ length: 21 }, (_, i) => i + 1),
    });
    expect(tooMany.json()).toMatchObject({ statusCode: 400, message: 'At most 20 specialities' });
    const missing = await client.put(`/api/v1/user/${me.id}/specialities`, {});
    expect(missing.json()).toMatchObject({ statusCode: 400, message: 'specialityIds is required' });
    expect(
      (await client.get(`/api/v1/user/${me.id}/specialities`)).json<cataloguesApi.Speciality[]>().map((s) => s.id),
    ).toEqual([cardio]);

    // Patients sign in by phone code on their own apps; a mobile session stands in for that here.
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    const session = await createSessionStore(t.db, { idleMs: 60_000, maxMs: 3_600_000 }).create(
      patient.id,
      'PATIENT_MOBILE',
      { ip: '127.0.0.1', userAgent: 'test' },
    );
    const patientClient = new TestClient(t.app);
    patientClient.bearer = session.kind === 'token' ? session.accessToken : undefined;
    const refused = await patientClient.put(`/api/v1/user/${patient.id}/specialities`, { specialityIds: [cardio] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only providers have specialities');
  });
});
