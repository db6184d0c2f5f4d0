import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { networkProviders, networks } from '../networks/networks.table.js';
import {
  addOrganisationMember,
  createOrganisation,
  joinOrganisation,
  member,
  signedIn,
  team,
} from '../roles/roles.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Profile = { id: number; practices: { id: number }[] };
const ids = (body: { data: Profile[] }) => body.data.map((p) => p.id);

describe('GET /api/v1/users', () => {
  it('finds colleagues by name or e-mail prefix, with their practices', async () => {
    const { practice, staff, provider } = await team(t);
    const byName = await staff.client.get(
      `/api/v1/users?query=${encodeURIComponent(provider.user.lastName.toLowerCase())}`,
    );
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json()).toEqual({
      count: 1,
      data: [
        {
          id: provider.user.id,
          uuid: provider.user.uuid,
          firstName: 'Test',
          lastName: provider.user.lastName,
          title: null,
          kind: 'PROVIDER',
          practices: [expect.objectContaining({ id: practice.id, name: practice.name })],
        },
      ],
    });
    const byEmail = await staff.client.get(
      `/api/v1/users?query=${encodeURIComponent(provider.user.email!.slice(0, 12).toUpperCase())}`,
    );
    expect(ids(byEmail.json())).toContain(provider.user.id);
    const everyone = await staff.client.get(`/api/v1/users?query=Test&excludeUser=${staff.user.id}`);
    expect(ids(everyone.json()).sort()).not.toContain(staff.user.id);
    expect(everyone.json().count).toBe(2);
  });

  it('finds providers of other practices only with suggest=true, by name only', async () => {
    const { staff, outsider, otherPractice } = await team(t);
    const query = `/api/v1/users?query=${outsider.user.lastName}`;
    expect((await staff.client.get(query)).json()).toEqual({ data: [], count: 0 });
    const suggested = await staff.client.get(`${query}&suggest=true`);
    expect(suggested.json().data).toEqual([
      expect.objectContaining({ id: outsider.user.id, practices: [expect.objectContaining({ id: otherPractice.id })] }),
    ]);
    expect(
      (await staff.client.get(`/api/v1/users?query=${encodeURIComponent(outsider.user.email!)}&suggest=true`)).json()
        .count,
    ).toBe(0);
  });

  it('narrows suggestions to the providers of one practice, the ones a referral to it may ask for', async () => {
    const { staff, otherPractice } = await team(t);
    const surname = `Providerat${Date.now()}`;
    const there = await createUser(t.db, { lastName: surname });
    await addMember(t.db, otherPractice.id, there.id, 'PROVIDER');
    const staffThere = await createUser(t.db, { lastName: surname });
    await addMember(t.db, otherPractice.id, staffThere.id, 'STAFF');
    const elsewhere = await createUser(t.db, { lastName: surname });
    await addMember(t.db, (await createPractice(t.db)).id, elsewhere.id, 'PROVIDER');
    const everyone = await staff.client.get(`/api/v1/users?query=${surname}&suggest=true`);
    expect(ids(everyone.json()).sort()).toEqual([there.id, staffThere.id, elsewhere.id].sort());
    const narrowed = await staff.client.get(
      `/api/v1/users?query=${surname}&suggest=true&providerAt=${otherPractice.id}`,
    );
    expect(ids(narrowed.json())).toEqual([there.id]);
  });

  it('never shows patients of other practices, and shows a colleague patient only in shared practices', async () => {
    const { practice, staff, otherPractice } = await team(t);
    const patient = await createUser(t.db, { kind: 'PATIENT', lastName: 'Patientson' });
    await addMember(t.db, otherPractice.id, patient.id, 'STAFF');
    const hidden = await staff.client.get('/api/v1/users?query=patientson&suggest=true');
    expect(hidden.json().count).toBe(0);
    await addMember(t.db, practice.id, patient.id, 'STAFF');
    const shown = await staff.client.get('/api/v1/users?query=patientson&suggest=true');
    expect(shown.json().data).toEqual([
      expect.objectContaining({
        id: patient.id,
        kind: 'PATIENT',
        practices: [expect.objectContaining({ id: practice.id })],
      }),
    ]);
  });

  it('does not let patients discover providers', async () => {
    const { practice, outsider } = await team(t);
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    await addMember(t.db, practice.id, patient.id, 'STAFF');
    const client = await signedIn(t, patient);
    expect((await client.get(`/api/v1/users?query=${outsider.user.lastName}&suggest=true`)).json().count).toBe(0);
  });

  it('pages thirty at a time', async () => {
    const practice = await createPractice(t.db);
    for (let i = 0; i < 31; i++)
      await addMember(
        t.db,
        practice.id,
        (await createUser(t.db, { lastName: `Pager${String(i).padStart(2, '0')}` })).id,
        'STAFF',
      );
    const { client } = await member(t, practice.id, ['STAFF']);
    const first = (await client.get('/api/v1/users?query=pager')).json();
    expect(first.count).toBe(31);
    expect(first.data).toHaveLength(30);
    const second = (await client.get('/api/v1/users?query=pager&page=1')).json();
    expect(second.data.map((p: { lastName: string }) => p.lastName)).toEqual(['Pager30']);
  });

  it('treats LIKE wildcards literally and validates the query', async () => {
    const { staff } = await team(t);
    expect((await staff.client.get('/api/v1/users?query=%25')).json().count).toBe(0);
    expect((await staff.client.get('/api/v1/users?query=_')).json().count).toBe(0);
    for (const url of ['/api/v1/users', '/api/v1/users?query=', '/api/v1/users?query=%20']) {
      const res = await staff.client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Type at least 1 character');
    }
    expect((await staff.client.get('/api/v1/users?query=a&suggest=maybe')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/api/v1/users?query=a')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/user/:id', () => {
  it('shows oneself and colleagues', async () => {
    const { practice, staff, provider } = await team(t);
    const self = await staff.client.get(`/api/v1/user/${staff.user.id}`);
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ id: staff.user.id, practices: [{ id: practice.id }] });
    expect(self.json()).not.toHaveProperty('email');
    expect((await staff.client.get(`/api/v1/user/${provider.user.id}`)).json().id).toBe(provider.user.id);
  });

  it('shows providers to any provider, but patients only within their practices', async () => {
    const { practice, staff, outsider } = await team(t);
    expect((await staff.client.get(`/api/v1/user/${outsider.user.id}`)).statusCode).toBe(200);
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    await addMember(t.db, practice.id, patient.id, 'STAFF');
    expect((await staff.client.get(`/api/v1/user/${patient.id}`)).statusCode).toBe(200);
    const hidden = await outsider.client.get(`/api/v1/user/${patient.id}`);
    expect(hidden.statusCode).toBe(404);
    const missing = await outsider.client.get('/api/v1/user/99999999');
    expect(missing.json()).toEqual(hidden.json());
    expect((await new TestClient(t.app).get(`/api/v1/user/${patient.id}`)).statusCode).toBe(401);
  });

  it('shows a patient the providers they share an organisation or a network with, and no others', async () => {
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    const client = await signedIn(t, patient);
    const [viaOrganisation, viaNetwork, stranger] = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
    const orgPractice = await createPractice(t.db);
    await addMember(t.db, orgPractice.id, viaOrganisation.id, 'PROVIDER');
    const organisation = await createOrganisation(t.db);
    await joinOrganisation(t.db, orgPractice.id, organisation.id);
    const home = await createPractice(t.db);
    await addMember(t.db, home.id, patient.id, 'STAFF');
    const networkPractice = await createPractice(t.db);
    await addMember(t.db, networkPractice.id, viaNetwork.id, 'PROVIDER');
    const [network] = await t.db
      .insert(networks)
      .values({ practiceId: home.id, name: 'N', matchingTimeLimit: 5 })
      .returning();

    for (const user of [viaOrganisation, viaNetwork, stranger])
      expect((await client.get(`/api/v1/user/${user.id}`)).statusCode).toBe(404);
    await addOrganisationMember(t.db, organisation.id, patient.id, 'STAFF');
    await t.db
      .insert(networkProviders)
      .values({ networkId: network.id, userId: viaNetwork.id, practiceId: networkPractice.id });
    expect((await client.get(`/api/v1/user/${viaOrganisation.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/v1/user/${viaNetwork.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/v1/user/${stranger.id}`)).statusCode).toBe(404);
  });

  it('lists only the practices a patient shares with the viewer', async () => {
    const { practice, staff, otherPractice } = await team(t);
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    await addMember(t.db, practice.id, patient.id, 'STAFF');
    await addMember(t.db, otherPractice.id, patient.id, 'STAFF');
    const res = await staff.client.get(`/api/v1/user/${patient.id}`);
    expect(res.json().practices.map((p: { id: number }) => p.id)).toEqual([practice.id]);
  });
});

describe('GET /api/v1/users/identifier', () => {
  it('says whether the number has an account, with the id only for people the caller may see', async () => {
    const { practice, staff, provider, otherPractice } = await team(t);
    const patient = await createUser(t.db, { kind: 'PATIENT', phone: '+12025550777' });
    await addMember(t.db, otherPractice.id, patient.id, 'STAFF');
    const url = (phone: string) => `/api/v1/users/identifier?phoneNumber=${encodeURIComponent(phone)}`;
    expect((await staff.client.get(url(provider.user.phone!))).json()).toEqual({
      exists: true,
      userId: provider.user.id,
    });
    expect((await staff.client.get(url('(202) 555-0777'))).json()).toEqual({ exists: true });
    expect((await staff.client.get(url('202-555-0778'))).json()).toEqual({ exists: false });
    await addMember(t.db, practice.id, patient.id, 'STAFF');
    expect((await staff.client.get(url('(202) 555-0777'))).json()).toEqual({ exists: true, userId: patient.id });
  });

  it('validates the number', async () => {
    const { staff } = await team(t);
    const cases: [string, string][] = [
      ['/api/v1/users/identifier', 'Phone is required'],
      ['/api/v1/users/identifier?phoneNumber=123', 'Phone must be at least 8 characters'],
      ['/api/v1/users/identifier?phoneNumber=12345678', 'Invalid phone number'],
    ];
    for (const [url, message] of cases) {
      const res = await staff.client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('is for members of practices only', async () => {
    const loner = await createUser(t.db);
    const client = await signedIn(t, loner);
    const res = await client.get('/api/v1/users/identifier?phoneNumber=2025550100');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only members of a practice can look up phone numbers');
    expect((await new TestClient(t.app).get('/api/v1/users/identifier?phoneNumber=2025550100')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/user/phone-or-email', () => {
  it('says whether an e-mail address or phone number is taken, to anyone', async () => {
    const user = await createUser(t.db, { phone: '+12025550888' });
    const anonymous = new TestClient(t.app);
    const taken = async (value: string) =>
      (await anonymous.get(`/api/v1/user/phone-or-email?value=${encodeURIComponent(value)}`)).json();
    expect(await taken(user.email!.toUpperCase())).toEqual({ taken: true });
    expect(await taken('nobody@example.test')).toEqual({ taken: false });
    expect(await taken('(202) 555-0888')).toEqual({ taken: true });
    expect(await taken('202 555 0889')).toEqual({ taken: false });
  });

  it('validates the value', async () => {
    const anonymous = new TestClient(t.app);
    const cases: [string, string][] = [
      ['', 'Enter an e-mail address or phone number'],
      ['?value=%20', 'Enter an e-mail address or phone number'],
      ['?value=a%40b', 'Invalid e-mail address'],
      ['?value=12345678', 'Invalid phone number'],
    ];
    for (const [query, message] of cases) {
      const res = await anonymous.get(`/api/v1/user/phone-or-email${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('rate limits on account lookups', () => {
  it('answers 429 past the sign-in rate limit', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const client = new TestClient(limited.app);
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await client.get('/api/v1/user/phone-or-email?value=a%40example.test')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const anonymousLookup = [];
      for (let i = 0; i < 3; i++)
        anonymousLookup.push((await client.get('/api/v1/users/identifier?phoneNumber=2025550100')).statusCode);
      expect(anonymousLookup).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
