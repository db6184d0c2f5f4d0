import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { rolesIn } from '../../core/index.js';
import { audited, member, signedIn } from '../roles/roles.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A valid individual NPI (the CMS example; its check digit is right). */
const NPI = '1234567893';

const auditOf = (action: string, userId: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectUserId, userId)));

describe('PUT /api/v1/user/business/settings', () => {
  it('saves credentials, NPI and bio, shows them on the profile, and audits the change', async () => {
    const practice = await createPractice(t.db);
    const { user, client } = await member(t, practice.id, ['PROVIDER']);
    const res = await client.put('/api/v1/user/business/settings', {
      credentials: '  MD, FAAOS ',
      npi: NPI,
      bio: 'Knees and hips.\nTwenty years at Riverside.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = { credentials: 'MD, FAAOS', npi: NPI, bio: 'Knees and hips.\nTwenty years at Riverside.' };
    expect(res.json()).toEqual(saved);

    const colleague = await member(t, practice.id, ['STAFF']);
    const profile = await colleague.client.get(`/api/v1/user/${user.id}`);
    expect(profile.json().professional).toEqual(saved);

    const [row] = await auditOf('user.professional_details_changed', user.id);
    expect(row).toMatchObject({ actorUserId: user.id, details: { fields: ['credentials', 'npi', 'bio'] } });
  });

  it('keeps fields left out and clears fields sent empty', async () => {
    const practice = await createPractice(t.db);
    const { user, client } = await member(t, practice.id, ['STAFF']);
    await client.put('/api/v1/user/business/settings', { credentials: 'RN', npi: NPI, bio: 'Triage' });
    const res = await client.put('/api/v1/user/business/settings', { npi: '', bio: null });
    expect(res.json()).toEqual({ credentials: 'RN', npi: null, bio: null });
    expect((await client.get(`/api/v1/user/${user.id}`)).json().professional).toEqual({
      credentials: 'RN',
      npi: null,
      bio: null,
    });
  });

  it('refuses bad input with the field’s message and changes nothing', async () => {
    const practice = await createPractice(t.db);
    const { user, client } = await member(t, practice.id, ['PROVIDER']);
    await client.put('/api/v1/user/business/settings', { credentials: 'DO' });
    const cases: [unknown, string][] = [
      [{ npi: '1234567890' }, 'Enter a 10-digit NPI ending in its check digit'],
      [{ npi: '12345' }, 'Enter a 10-digit NPI ending in its check digit'],
      [{ credentials: 'x'.repeat(61) }, 'Credentials must be at most 60 characters'],
      [{ credentials: 'MD\u202e' }, 'Credentials must not contain control characters or text-direction marks'],
      [{ bio: 'b'.repeat(1001) }, 'Bio must be at most 1000 characters'],
      [{ bio: 'bell\u0007' }, 'Bio must not contain control characters or text-direction marks'],
    ];
    for (const [body, message] of cases) {
      const res = await client.put('/api/v1/user/business/settings', { credentials: 'Changed', ...(body as object) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await client.put('/api/v1/user/business/settings', { email: 'x@y.z' })).statusCode).toBe(400);
    expect((await client.get(`/api/v1/user/${user.id}`)).json().professional).toEqual({
      credentials: 'DO',
      npi: null,
      bio: null,
    });
    expect(await auditOf('user.professional_details_changed', user.id)).toHaveLength(1);
  });

  it('is not for patients, nor for anyone signed out', async () => {
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    const client = await signedIn(t, patient);
    const res = await client.put('/api/v1/user/business/settings', { credentials: 'MD' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Professional details are for people working in practices');
    expect(await auditOf('user.professional_details_changed', patient.id)).toHaveLength(0);
    expect((await new TestClient(t.app).put('/api/v1/user/business/settings', { bio: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/user/convert/provider', () => {
  it('turns the caller’s STAFF role into PROVIDER, keeps their other roles, and audits it', async () => {
    const practice = await createPractice(t.db);
    const { user, client } = await member(t, practice.id, ['STAFF', 'ADMIN']);
    const res = await client.post('/api/v1/user/convert/provider', { practiceId: practice.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().practice.id).toBe(practice.id);
    expect([...res.json().roles].sort()).toEqual(['ADMIN', 'PROVIDER']);
    expect((await rolesIn(t.db, user.id, practice.id)).sort()).toEqual(['ADMIN', 'PROVIDER']);

    const [row] = await audited(t.db, 'user.became_provider', practice.id);
    expect(row).toMatchObject({ actorUserId: user.id, subjectUserId: user.id, practiceId: practice.id });

    // Now a provider: referrals to the practice may ask for them.
    const colleague = await member(t, practice.id, ['PROVIDER']);
    const found = await colleague.client.get(`/api/v1/users?query=${user.lastName}&providerAt=${practice.id}`);
    expect(found.json().data.map((p: { id: number }) => p.id)).toContain(user.id);
  });

  it('answers a provider with their membership unchanged, writing no second audit row', async () => {
    const practice = await createPractice(t.db);
    const { user, client } = await member(t, practice.id, ['STAFF']);
    await client.post('/api/v1/user/convert/provider', { practiceId: practice.id });
    const again = await client.post('/api/v1/user/convert/provider', { practiceId: practice.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().roles).toEqual(['PROVIDER']);
    expect(await auditOf('user.became_provider', user.id)).toHaveLength(1);
  });

  it('refuses people who are not staff of the practice, changing nothing', async () => {
    const practice = await createPractice(t.db);
    const elsewhere = await createPractice(t.db);
    const vendor = await member(t, practice.id, ['THIRD_PARTY_STAFF']);
    const outsider = await member(t, elsewhere.id, ['STAFF']);
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    await addMember(t.db, practice.id, patient.id, 'STAFF');
    const cases: [TestClient, number, string][] = [
      [vendor.client, vendor.user.id, 'Only staff members of a practice can become its providers'],
      [outsider.client, outsider.user.id, 'You do not have access to this practice'],
      [await signedIn(t, patient), patient.id, 'Patients cannot become providers'],
    ];
    for (const [client, userId, message] of cases) {
      const res = await client.post('/api/v1/user/convert/provider', { practiceId: practice.id });
      expect(res.statusCode, message).toBe(403);
      expect(res.json().message).toBe(message);
      expect(await auditOf('user.became_provider', userId)).toHaveLength(0);
    }
    expect(await rolesIn(t.db, vendor.user.id, practice.id)).toEqual(['THIRD_PARTY_STAFF']);
    expect(await rolesIn(t.db, outsider.user.id, practice.id)).toEqual([]);
    expect(await rolesIn(t.db, patient.id, practice.id)).toEqual(['STAFF']);
  });

  it('refuses a missing or malformed practice with a 400, changing nothing', async () => {
    const practice = await createPractice(t.db);
    const { user, client } = await member(t, practice.id, ['STAFF']);
    for (const body of [{}, { practiceId: 'abc' }, { practiceId: 0 }, { practiceId: practice.id, role: 'ADMIN' }]) {
      const res = await client.post('/api/v1/user/convert/provider', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await rolesIn(t.db, user.id, practice.id)).toEqual(['STAFF']);
    expect((await new TestClient(t.app).post('/api/v1/user/convert/provider', { practiceId: 1 })).statusCode).toBe(401);
  });
});
