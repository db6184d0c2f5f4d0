import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { searchApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { TEST_PASSWORD, addMember, createPractice, createUser } from '../../test/factories.js';
import { providerSpecialities, specialities } from '../catalogues/catalogues.table.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { lastAudit } from '../practices/practices.test-factories.js';

type Results = { results: searchApi.SearchResult[] };

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;

/**
 * Riverside (the caller is its admin) with a staff colleague; Lakeside where the caller is staff
 * with a provider; a far practice the caller is not in, with its own provider and staff member;
 * a closed practice; a locked provider.
 */
async function world() {
  const db = t.db;
  const riverside = await createPractice(db, {
    name: 'Riverside Family Medicine',
    address: '1 River Rd, Springfield, IL',
  });
  const lakeside = await createPractice(db, { name: 'Lakeside Orthopedics' });
  const far = await createPractice(db, { name: 'Faraway Dermatology' });
  await createPractice(db, { name: 'Riverbend Closed Clinic', active: false });
  const me = await createUser(db, { firstName: 'Ada', lastName: 'Lovelace', title: 'MD' });
  const colleague = await createUser(db, { firstName: 'Grace', lastName: 'Hopper' });
  const lakeProvider = await createUser(db, { firstName: 'Gracie', lastName: 'Hopkins' });
  const farProvider = await createUser(db, { firstName: 'Grace', lastName: 'Hoppington' });
  const farStaff = await createUser(db, { firstName: 'Gregory', lastName: 'Hopper' });
  const locked = await createUser(db, { firstName: 'Grace', lastName: 'Hopperlocked', lockedAt: new Date() });
  await addMember(db, riverside.id, me.id, 'ADMIN');
  await addMember(db, lakeside.id, me.id, 'STAFF');
  await addMember(db, riverside.id, colleague.id, 'STAFF');
  await addMember(db, lakeside.id, lakeProvider.id, 'PROVIDER');
  await addMember(db, far.id, farProvider.id, 'PROVIDER');
  await addMember(db, far.id, farStaff.id, 'STAFF');
  await addMember(db, far.id, locked.id, 'PROVIDER');
  const [derm] = await db.select().from(specialities).where(eq(specialities.taxonomyCode, '207N00000X'));
  await db.insert(providerSpecialities).values({ userId: farProvider.id, specialityId: derm.id });
  const client = new TestClient(t.app);
  expect((await client.signIn(me.email!, TEST_PASSWORD)).statusCode).toBe(200);
  return { riverside, lakeside, far, me, colleague, lakeProvider, farProvider, farStaff, locked, client };
}

async function search(query: string) {
  const res = await w.client.get(`/api/v1/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Results>().results;
}
const ids = (results: searchApi.SearchResult[], type: searchApi.SearchType) =>
  results.filter((r) => r.type === type).map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  w = await world();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/search', () => {
  it('answers 401 when signed out', async () => {
    expect((await new TestClient(t.app).get('/api/v1/search?query=grace')).statusCode).toBe(401);
  });

  it('finds colleagues of the caller’s practices only, with the practice they share', async () => {
    const results = await search('query=hopper&types=USER');
    expect(results).toEqual([
      {
        type: 'USER',
        id: w.colleague.id,
        title: 'Grace Hopper',
        subtitle: 'Riverside Family Medicine',
        practiceId: w.riverside.id,
      },
    ]);
    expect(ids(await search('query=hopkins&types=USER'), 'USER')).toEqual([w.lakeProvider.id]);
    expect(ids(await search('query=gregory&types=USER'), 'USER')).toEqual([]);
  });

  it('keeps colleagues to one practice with practiceId, which the caller must belong to', async () => {
    expect(ids(await search(`query=gra&types=USER&practiceId=${w.riverside.id}`), 'USER')).toEqual([w.colleague.id]);
    expect(ids(await search(`query=gra&types=USER&practiceId=${w.lakeside.id}`), 'USER')).toEqual([w.lakeProvider.id]);
    const outsider = await w.client.get(`/api/v1/search?query=gra&practiceId=${w.far.id}`);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().code).toBe('FORBIDDEN');
    expect((await w.client.get('/api/v1/search?query=gra&practiceId=999999')).statusCode).toBe(403);
    expect((await w.client.get('/api/v1/search?query=gra&practiceId=0')).statusCode).toBe(400);
  });

  it('finds active practices anywhere', async () => {
    const results = await search('query=river&types=PRACTICE');
    expect(results).toEqual([
      {
        type: 'PRACTICE',
        id: w.riverside.id,
        title: 'Riverside Family Medicine',
        subtitle: '1 River Rd, Springfield, IL',
        practiceId: w.riverside.id,
      },
    ]);
    expect(ids(await search('query=dermatology&types=PRACTICE'), 'PRACTICE')).toEqual([w.far.id]);
  });

  it('finds providers of active practices anywhere, with a speciality, but not staff or locked accounts', async () => {
    const results = await search('query=grace%20hop&types=PROVIDER');
    expect(results).toEqual([
      {
        type: 'PROVIDER',
        id: w.farProvider.id,
        title: 'Grace Hoppington',
        subtitle: 'Dermatology Physician · Faraway Dermatology',
        practiceId: w.far.id,
      },
    ]);
    expect(ids(await search('query=hopkins&types=PROVIDER'), 'PROVIDER')).toEqual([w.lakeProvider.id]);
    expect(ids(await search('query=gregory&types=PROVIDER'), 'PROVIDER')).toEqual([]);
  });

  it('searches every type by default, in the spec’s order', async () => {
    const patient = await insertPatient(t.db, w.riverside.id, { firstName: 'Hopeful', lastName: 'Patient' });
    const results = await search('query=hop');
    const types = results.map((r) => r.type);
    expect(types.indexOf('USER')).toBeLessThan(types.indexOf('PATIENT'));
    expect(types.indexOf('PATIENT')).toBeLessThan(types.indexOf('PROVIDER'));
    expect(ids(results, 'USER').sort()).toEqual([w.colleague.id, w.lakeProvider.id].sort());
    expect(ids(results, 'PATIENT')).toEqual([patient.id]);
    expect((await search('query=river&types=practice,PRACTICE')).map((r) => r.type)).toEqual(['PRACTICE']);
  });

  it('finds patients of the caller’s practices only, by name or phone, with date of birth and practice; audited', async () => {
    const mine = await insertPatient(t.db, w.riverside.id, {
      firstName: 'Hope',
      lastName: 'Patterson',
      dateOfBirth: '1980-02-03',
      phoneNumber: '+12025550180',
    });
    const lake = await insertPatient(t.db, w.lakeside.id, {
      firstName: 'Harry',
      lastName: 'Patterson',
      phoneNumber: '+12025550181',
    });
    await insertPatient(t.db, w.far.id, { firstName: 'Paula', lastName: 'Patterson', phoneNumber: '+12025550182' });
    const results = await search('query=patterson&types=PATIENT');
    expect(results.sort((a, b) => a.id - b.id)).toEqual([
      {
        type: 'PATIENT',
        id: mine.id,
        title: 'Hope Patterson',
        subtitle: 'DOB 02/03/1980 · Riverside Family Medicine',
        practiceId: w.riverside.id,
      },
      {
        type: 'PATIENT',
        id: lake.id,
        title: 'Harry Patterson',
        subtitle: 'Lakeside Orthopedics',
        practiceId: w.lakeside.id,
      },
    ]);
    expect(await lastAudit(t.db, 'patient.searched')).toMatchObject({
      actorUserId: w.me.id,
      ip: '127.0.0.1',
      userAgent: 'vitest-browser',
      details: { query: 'patterson', practiceIds: [w.riverside.id, w.lakeside.id].sort((a, b) => a - b), count: 2 },
    });
    expect(ids(await search(`query=patterson&types=PATIENT&practiceId=${w.lakeside.id}`), 'PATIENT')).toEqual([
      lake.id,
    ]);
    expect(ids(await search(`query=${encodeURIComponent('(202) 555-0180')}&types=PATIENT`), 'PATIENT')).toEqual([
      mine.id,
    ]);
    expect(ids(await search('query=hope%20patt&types=PATIENT&strict=true'), 'PATIENT')).toEqual([mine.id]);
    expect(ids(await search('query=atterson&types=PATIENT&strict=true'), 'PATIENT')).toEqual([]);
    expect(ids(await search('query=paula&types=PATIENT'), 'PATIENT')).toEqual([]);
  });

  it('is strict on request: names starting with the query, no near misses', async () => {
    expect(ids(await search('query=hoper&types=USER'), 'USER')).toEqual([w.colleague.id]);
    expect(ids(await search('query=hoper&types=USER&strict=true'), 'USER')).toEqual([]);
    expect(ids(await search('query=hopp&types=USER&strict=true'), 'USER')).toEqual([w.colleague.id]);
    expect(ids(await search('query=grace%20h&types=USER&strict=true'), 'USER')).toEqual([w.colleague.id]);
    // Inside a word is a near match, not a strict one.
    expect(ids(await search('query=opper&types=USER&strict=true'), 'USER')).toEqual([]);
  });

  it('matches the start of words for one or two characters', async () => {
    expect(ids(await search('query=h&types=USER'), 'USER').sort()).toEqual([w.colleague.id, w.lakeProvider.id].sort());
    expect(ids(await search('query=lo&types=USER'), 'USER')).toEqual([w.me.id]);
    expect(ids(await search('query=ve&types=USER'), 'USER')).toEqual([]);
  });

  it('answers at most 10 of a type, best first', async () => {
    for (let i = 0; i < 12; i++) await createPractice(t.db, { name: `Zebra Clinic ${i}` });
    await createPractice(t.db, { name: 'Zebra' });
    const results = await search('query=zebra&types=PRACTICE');
    expect(results).toHaveLength(10);
    expect(results[0].title).toBe('Zebra');
  });

  it('refuses a missing query, unknown types and a bad strict with their messages', async () => {
    for (const [url, message] of [
      ['/api/v1/search', 'Search query must be at least 1 character'],
      ['/api/v1/search?query=', 'Search query must be at least 1 character'],
      ['/api/v1/search?query=%20', 'Search query must be at least 1 character'],
      [`/api/v1/search?query=${'a'.repeat(101)}`, 'Search query must be at most 100 characters'],
      ['/api/v1/search?query=a&types=USER,DOCTOR', 'Unknown search type DOCTOR; use USER, PRACTICE, PATIENT, PROVIDER'],
      ['/api/v1/search?query=a&strict=yes', 'strict must be true or false'],
    ]) {
      const res = await w.client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });

  it('takes LIKE wildcards literally', async () => {
    expect(await search('query=%25%25%25')).toEqual([]);
    expect(await search('query=_')).toEqual([]);
  });
});
