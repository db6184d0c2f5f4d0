import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { lastAudit, signedIn } from '../practices/practices.test-factories.js';
import { insertPatient, patientsWorld, payer, refused } from './patients.test-factories.js';
import { NO_PATIENT_WITH_PHONE } from './patients.service.js';

/** Reading one patient's record: by id, and the account holder with a phone number. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/patient/:id', () => {
  it('shows the practice’s patient, audited as viewed', async () => {
    const { practice, provider } = await patientsWorld(t);
    const aetna = await payer(t.db, 'Aetna');
    const row = await insertPatient(t.db, practice.id, { insuranceId: aetna.id, dateOfBirth: '1990-01-31' });
    const client = await signedIn(t.app, provider);
    const res = await client.get(`/api/v1/patient/${row.id}?practiceId=${practice.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: row.id,
      firstName: row.firstName,
      dateOfBirth: '01/31/1990',
      insurance: aetna.id,
      insuranceName: 'Aetna',
    });
    expect(await lastAudit(t.db, 'patient.viewed', row.id)).toMatchObject({
      actorUserId: provider.id,
      targetType: 'patient',
      ip: '127.0.0.1',
      userAgent: 'vitest-browser',
      details: { practiceId: practice.id },
    });
  });

  it('answers 456 "No such patient" for another practice’s patient or none, and 403 outside the practice', async () => {
    const { practice, client, otherPractice, outsider } = await patientsWorld(t);
    const theirs = await insertPatient(t.db, otherPractice.id);
    await refused(await client.get(`/api/v1/patient/${theirs.id}?practiceId=${practice.id}`), 456, 'No such patient');
    await refused(await client.get(`/api/v1/patient/999999?practiceId=${practice.id}`), 456, 'No such patient');
    const mine = await insertPatient(t.db, practice.id);
    await refused(
      await (await signedIn(t.app, outsider)).get(`/api/v1/patient/${mine.id}?practiceId=${practice.id}`),
      403,
      'You do not have access to this practice',
    );
    await refused(
      await client.get(`/api/v1/patient/${mine.id}?practiceId=${otherPractice.id}`),
      403,
      'You do not have access to this practice',
    );
    expect((await client.get(`/api/v1/patient/${mine.id}`)).statusCode).toBe(400);
  });
});

describe('GET /api/v1/patients/phone', () => {
  it('finds the account holder with the number however it is typed, not the dependant sharing it; audited', async () => {
    const { practice, provider, otherPractice } = await patientsWorld(t);
    const parent = await insertPatient(t.db, practice.id, { phoneNumber: '+12025550160' });
    await insertPatient(t.db, practice.id, { parentId: parent.id, phoneNumber: '+12025550160' });
    await insertPatient(t.db, otherPractice.id, { phoneNumber: '+12025550161' });
    const client = await signedIn(t.app, provider);
    const res = await client.get(
      `/api/v1/patients/phone?practiceId=${practice.id}&phoneNumber=${encodeURIComponent('(202) 555-0160')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: parent.id, parentId: null, phoneNumber: '+12025550160' });
    expect(await lastAudit(t.db, 'patient.found_by_phone', parent.id)).toMatchObject({
      actorUserId: provider.id,
      ip: '127.0.0.1',
      userAgent: 'vitest-browser',
      details: { practiceId: practice.id },
    });
    // Another practice's patient is not found from here.
    await refused(
      await client.get(`/api/v1/patients/phone?practiceId=${practice.id}&phoneNumber=2025550161`),
      456,
      NO_PATIENT_WITH_PHONE,
    );
  });

  it('refuses an invalid number on its field, and answers 403 outside the practice', async () => {
    const { practice, client, outsider } = await patientsWorld(t);
    const bad = await client.get(`/api/v1/patients/phone?practiceId=${practice.id}&phoneNumber=000-000-0000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'ERROR_INVALID_PHONE_NUMBER',
      issues: [{ path: ['querystring', 'phoneNumber'], message: 'Invalid phone number' }],
    });
    await refused(await client.get(`/api/v1/patients/phone?practiceId=${practice.id}`), 400, 'Phone is required');
    await refused(
      await (
        await signedIn(t.app, outsider)
      ).get(`/api/v1/patients/phone?practiceId=${practice.id}&phoneNumber=2025550160`),
      403,
      'You do not have access to this practice',
    );
  });
});
