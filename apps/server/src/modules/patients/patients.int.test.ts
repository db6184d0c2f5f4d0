import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { patientsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createTestClock } from '../../test/clock.js';
import { TestClient } from '../../test/client.js';
import { lastAudit, signedIn } from '../practices/practices.test-factories.js';
import { patients } from './patients.table.js';
import { insertPatient, patientsWorld, payer, refused } from './patients.test-factories.js';
import { PHONE_REQUIRED, PHONE_TAKEN } from './patients.service.js';

/**
 * Writing a patient's record: adding one and changing it. Reading one is in patients-lookup, and
 * the practice's list in patients-list.
 */

const START = new Date('2025-03-01T12:00:00.000Z');
const clock = createTestClock(START);
const NEW_YORK = {
  addressPlaceId: 'us-zip:10001',
  address: 'New York, NY 10001, USA',
  latitude: 40.7484,
  longitude: -73.9967,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t?.close();
});

async function rowOf(id: number) {
  const [row] = await t.db.select().from(patients).where(eq(patients.id, id));
  return row;
}

async function patientsIn(practiceId: number) {
  const [row] = await t.db.select({ n: count() }).from(patients).where(eq(patients.practiceId, practiceId));
  return row.n;
}

describe('POST /api/v1/patient', () => {
  it('creates a patient (201): phone in E.164, DOB as typed, insurance name, address resolved to coordinates; audited', async () => {
    const { practice, admin, client } = await patientsWorld(t);
    const aetna = await payer(t.db, 'Aetna');
    const res = await client.post('/api/v1/patient', {
      practiceId: practice.id,
      firstName: '  Maria ',
      lastName: 'Lopez',
      phoneNumber: '(202) 555-0143',
      email: 'Maria@Example.COM',
      dateOfBirth: '04/12/1985',
      gender: 'FEMALE',
      insurance: aetna.id,
      addressPlaceId: NEW_YORK.addressPlaceId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const patient = res.json<patientsApi.Patient>();
    expect(patient).toEqual({
      id: expect.any(Number),
      uuid: expect.any(String),
      practiceId: practice.id,
      parentId: null,
      firstName: 'Maria',
      lastName: 'Lopez',
      phoneNumber: '+12025550143',
      email: 'maria@example.com',
      dateOfBirth: '04/12/1985',
      gender: 'FEMALE',
      insurance: aetna.id,
      insuranceName: 'Aetna',
      ...NEW_YORK,
      createdAt: START.getTime(),
      updatedAt: START.getTime(),
    });
    expect(await rowOf(patient.id)).toMatchObject({
      dateOfBirth: '1985-04-12',
      createdBy: admin.id,
      search: expect.stringContaining('maria lopez'),
    });
    expect(await lastAudit(t.db, 'patient.created', patient.id)).toMatchObject({
      actorUserId: admin.id,
      targetType: 'patient',
      ip: '127.0.0.1',
      userAgent: 'vitest-browser',
      details: { practiceId: practice.id },
    });
  });

  it('lets any member add a patient with names and phone only', async () => {
    const { practice, staff } = await patientsWorld(t);
    const res = await (
      await signedIn(t.app, staff)
    ).post('/api/v1/patient', { practiceId: practice.id, firstName: 'Ben', lastName: 'Ng', phoneNumber: '2025550144' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      phoneNumber: '+12025550144',
      email: null,
      dateOfBirth: null,
      gender: null,
      insurance: null,
      address: null,
      latitude: null,
    });
  });

  it('refuses bad input with its message on the field, and stores nothing', async () => {
    const { practice, client } = await patientsWorld(t);
    const valid = { practiceId: practice.id, firstName: 'Ann', lastName: 'Lee', phoneNumber: '2025550145' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: undefined }, 'First name is required', 'firstName'],
      [{ lastName: ' ' }, 'Last name is required', 'lastName'],
      [{ dateOfBirth: '1985-04-12' }, patientsApi.DOB_MESSAGE, 'dateOfBirth'],
      [{ dateOfBirth: '02/30/1985' }, patientsApi.DOB_MESSAGE, 'dateOfBirth'],
      [{ dateOfBirth: '01/01/2999' }, patientsApi.DOB_MESSAGE, 'dateOfBirth'],
      [{ email: 'not-an-email' }, 'Invalid e-mail address', 'email'],
      [{ phoneNumber: '000-000-0000' }, 'Invalid phone number', 'phoneNumber'],
      [{ phoneNumber: '555' }, 'Phone must be at least 8 characters', 'phoneNumber'],
      [{ phoneNumber: undefined }, PHONE_REQUIRED, 'phoneNumber'],
      [{ phoneNumber: '' }, PHONE_REQUIRED, 'phoneNumber'],
      [{ insurance: 999999 }, 'No such insurance', 'insurance'],
      [{ addressPlaceId: 'us-zip:00000' }, 'Unknown address; choose one of the suggestions', 'addressPlaceId'],
    ];
    for (const [change, message, field] of cases) {
      await refused(await client.post('/api/v1/patient', { ...valid, ...change }), 400, message, field);
    }
    expect(await patientsIn(practice.id)).toBe(0);
  });

  it('refuses a second account holder with the same phone in the practice (450), however it is typed', async () => {
    const { practice, client, otherPractice, outsider } = await patientsWorld(t);
    const first = { practiceId: practice.id, firstName: 'Ann', lastName: 'Lee', phoneNumber: '202-555-0146' };
    expect((await client.post('/api/v1/patient', first)).statusCode).toBe(201);
    await refused(
      await client.post('/api/v1/patient', { ...first, firstName: 'Other', phoneNumber: '+1 (202) 555 0146' }),
      450,
      PHONE_TAKEN,
      'phoneNumber',
    );
    expect(await patientsIn(practice.id)).toBe(1);
    // Each practice keeps its own records: another practice may hold the same person.
    const elsewhere = await (
      await signedIn(t.app, outsider)
    ).post('/api/v1/patient', { ...first, practiceId: otherPractice.id });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('adds dependants without a phone of their own, or sharing the parent’s', async () => {
    const { practice, client } = await patientsWorld(t);
    const parent = await insertPatient(t.db, practice.id, { phoneNumber: '+12025550147' });
    const child = await client.post('/api/v1/patient', {
      practiceId: practice.id,
      parentId: parent.id,
      firstName: 'Kid',
      lastName: 'One',
    });
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json()).toMatchObject({ parentId: parent.id, phoneNumber: null });
    const sharing = await client.post('/api/v1/patient', {
      practiceId: practice.id,
      parentId: parent.id,
      firstName: 'Kid',
      lastName: 'Two',
      phoneNumber: '2025550147',
    });
    expect(sharing.statusCode, sharing.body).toBe(201);
    expect(sharing.json()).toMatchObject({ parentId: parent.id, phoneNumber: '+12025550147' });
    expect(await lastAudit(t.db, 'patient.created', sharing.json().id)).toMatchObject({
      details: { practiceId: practice.id, parentId: parent.id },
    });
  });

  it('takes a parent only from the practice’s account holders', async () => {
    const { practice, client, otherPractice } = await patientsWorld(t);
    const foreign = await insertPatient(t.db, otherPractice.id);
    const parent = await insertPatient(t.db, practice.id);
    const dependant = await insertPatient(t.db, practice.id, { parentId: parent.id, phoneNumber: null });
    const child = { practiceId: practice.id, firstName: 'Kid', lastName: 'Three' };
    await refused(
      await client.post('/api/v1/patient', { ...child, parentId: foreign.id }),
      400,
      'The parent must be a patient of this practice',
      'parentId',
    );
    await refused(
      await client.post('/api/v1/patient', { ...child, parentId: 999999 }),
      400,
      'The parent must be a patient of this practice',
      'parentId',
    );
    await refused(
      await client.post('/api/v1/patient', { ...child, parentId: dependant.id }),
      400,
      'A dependant cannot be the parent of another patient',
      'parentId',
    );
    expect(await patientsIn(practice.id)).toBe(2);
  });

  it('answers 403 to non-members and 401 without a session; stores nothing', async () => {
    const { practice, outsider } = await patientsWorld(t);
    const body = { practiceId: practice.id, firstName: 'Ann', lastName: 'Lee', phoneNumber: '2025550148' };
    await refused(
      await (await signedIn(t.app, outsider)).post('/api/v1/patient', body),
      403,
      'You do not have access to this practice',
    );
    expect((await new TestClient(t.app).post('/api/v1/patient', body)).statusCode).toBe(401);
    expect(await patientsIn(practice.id)).toBe(0);
  });
});

describe('PUT /api/v1/patient/:id', () => {
  async function created(client: TestClient, practiceId: number, extra: Record<string, unknown> = {}) {
    const res = await client.post('/api/v1/patient', {
      practiceId,
      firstName: 'Maria',
      lastName: 'Lopez',
      phoneNumber: '2025550150',
      email: 'maria@example.com',
      dateOfBirth: '04/12/1985',
      gender: 'FEMALE',
      addressPlaceId: NEW_YORK.addressPlaceId,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<patientsApi.Patient>();
  }

  it('changes the fields given, keeps the rest, clears blank ones; updatedAt moves, search follows; audits field names only', async () => {
    const { practice, client, staff } = await patientsWorld(t);
    const patient = await created(client, practice.id);
    clock.advance(60_000);
    const cigna = await payer(t.db, 'Cigna Healthcare');
    const url = `/api/v1/patient/${patient.id}?practiceId=${practice.id}`;
    const res = await (
      await signedIn(t.app, staff)
    ).put(url, {
      lastName: 'Garcia',
      email: '',
      dateOfBirth: '',
      gender: null,
      insurance: cigna.id,
      addressPlaceId: 'us-city:IL:Chicago',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...patient,
      lastName: 'Garcia',
      email: null,
      dateOfBirth: null,
      gender: null,
      insurance: cigna.id,
      insuranceName: 'Cigna Healthcare',
      addressPlaceId: 'us-city:IL:Chicago',
      address: 'Chicago, IL, USA',
      latitude: expect.closeTo(41.85, 1),
      longitude: expect.closeTo(-87.68, 1),
      updatedAt: START.getTime() + 60_000,
    });
    expect((await rowOf(patient.id)).search).toBe('maria garcia garcia maria 12025550150');
    const audit = await lastAudit(t.db, 'patient.updated', patient.id);
    expect(audit).toMatchObject({ actorUserId: staff.id, ip: '127.0.0.1', userAgent: 'vitest-browser' });
    expect(audit.details).toEqual({
      practiceId: practice.id,
      fields: ['lastName', 'email', 'dateOfBirth', 'gender', 'insurance', 'addressPlaceId'],
    });

    const cleared = await client.put(url, { addressPlaceId: '', insurance: null });
    expect(cleared.json()).toMatchObject({
      addressPlaceId: null,
      address: null,
      latitude: null,
      longitude: null,
      insurance: null,
      insuranceName: null,
    });
  });

  it('writes nothing when nothing changes, and still audits the attempt', async () => {
    const { practice, client } = await patientsWorld(t);
    const patient = await created(client, practice.id);
    clock.advance(1_000);
    const res = await client.put(`/api/v1/patient/${patient.id}?practiceId=${practice.id}`, {
      firstName: 'Maria',
      phoneNumber: '(202) 555-0150',
    });
    expect(res.json()).toEqual(patient);
    expect((await lastAudit(t.db, 'patient.updated', patient.id)).details).toEqual({
      practiceId: practice.id,
      fields: [],
    });
  });

  it('refuses bad changes with their messages and changes nothing', async () => {
    const { practice, client } = await patientsWorld(t);
    const patient = await created(client, practice.id);
    const other = await created(client, practice.id, { phoneNumber: '2025550151' });
    const parent = await insertPatient(t.db, practice.id);
    const url = `/api/v1/patient/${patient.id}?practiceId=${practice.id}`;
    const before = await rowOf(patient.id);
    await refused(await client.put(url, { phoneNumber: '' }), 400, PHONE_REQUIRED, 'phoneNumber');
    await refused(await client.put(url, { phoneNumber: '000-000-0000' }), 400, 'Invalid phone number', 'phoneNumber');
    await refused(await client.put(url, { phoneNumber: other.phoneNumber }), 450, PHONE_TAKEN, 'phoneNumber');
    await refused(await client.put(url, { firstName: '' }), 400, 'First name is required', 'firstName');
    await refused(await client.put(url, { dateOfBirth: '13/01/1985' }), 400, patientsApi.DOB_MESSAGE, 'dateOfBirth');
    await refused(await client.put(url, { insurance: 999999 }), 400, 'No such insurance', 'insurance');
    await refused(
      await client.put(url, { addressPlaceId: 'nowhere' }),
      400,
      'Unknown address; choose one of the suggestions',
      'addressPlaceId',
    );
    expect((await client.put(url, { parentId: parent.id })).statusCode).toBe(400);
    expect((await client.put(url, { practiceId: 5 })).statusCode).toBe(400);
    expect(await rowOf(patient.id)).toEqual(before);
  });

  it('lets a dependant clear its phone or share any number', async () => {
    const { practice, client } = await patientsWorld(t);
    const parent = await insertPatient(t.db, practice.id, { phoneNumber: '+12025550152' });
    const child = await insertPatient(t.db, practice.id, { parentId: parent.id, phoneNumber: null });
    const url = `/api/v1/patient/${child.id}?practiceId=${practice.id}`;
    expect((await client.put(url, { phoneNumber: '2025550152' })).json()).toMatchObject({
      phoneNumber: '+12025550152',
    });
    expect((await client.put(url, { phoneNumber: '' })).json()).toMatchObject({ phoneNumber: null });
  });

  it('answers 456 for another practice’s patient and 403 outside the practice', async () => {
    const { practice, client, otherPractice, outsider } = await patientsWorld(t);
    const theirs = await insertPatient(t.db, otherPractice.id);
    const before = await rowOf(theirs.id);
    await refused(
      await client.put(`/api/v1/patient/${theirs.id}?practiceId=${practice.id}`, { firstName: 'X' }),
      456,
      'No such patient',
    );
    await refused(
      await client.put(`/api/v1/patient/${theirs.id}?practiceId=${otherPractice.id}`, { firstName: 'X' }),
      403,
      'You do not have access to this practice',
    );
    const mine = await insertPatient(t.db, practice.id);
    await refused(
      await (
        await signedIn(t.app, outsider)
      ).put(`/api/v1/patient/${mine.id}?practiceId=${practice.id}`, { firstName: 'X' }),
      403,
      'You do not have access to this practice',
    );
    expect(await rowOf(theirs.id)).toEqual(before);
  });
});
