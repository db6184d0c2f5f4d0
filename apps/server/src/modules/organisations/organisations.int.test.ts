import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { createPractice, createUser } from '../../test/factories.js';
import { organisations, practiceMembers, practices } from '../../core/index.js';
import {
  addOrganisationMember,
  audited,
  createOrganisation,
  joinOrganisation,
  member,
  organisationRoles,
  organisationTeam,
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

const organisationCount = async () => (await t.db.select({ n: count() }).from(organisations))[0].n;
const practiceRow = async (id: number) => (await t.db.select().from(practices).where(eq(practices.id, id)))[0];
const organisationRow = async (id: number) =>
  (await t.db.select().from(organisations).where(eq(organisations.id, id)))[0];

describe('POST /api/v1/organisations', () => {
  it('creates an organisation (201) with the caller as its ADMIN', async () => {
    const { admin, staff, practice } = await team(t);
    const res = await staff.client.post('/api/v1/organisations', { name: ' Health Group ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Health Group', roles: ['ADMIN'], practiceCount: 0, billingEmail: null });
    expect(await organisationRoles(t.db, res.json().id, staff.user.id)).toEqual(['ADMIN']);

    const withPractice = await admin.client.post('/api/v1/organisations', {
      name: 'With practice',
      practiceIds: [practice.id, practice.id],
    });
    expect(withPractice.statusCode).toBe(201);
    expect(withPractice.json().practiceCount).toBe(1);
    expect((await practiceRow(practice.id)).organisationId).toBe(withPractice.json().id);
    expect(await audited(t.db, 'organisation.created', withPractice.json().id)).toHaveLength(1);
    expect(await audited(t.db, 'organisation.practice_attached', withPractice.json().id)).toHaveLength(1);
  });

  it('brings in only practices the caller is an ADMIN of, and only when they are in no organisation', async () => {
    const { staff, practice } = await team(t);
    const before = await organisationCount();
    const refused = await staff.client.post('/api/v1/organisations', { name: 'Takeover', practiceIds: [practice.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an ADMIN of a practice can bring it into an organisation');

    const second = await createPractice(t.db);
    await joinOrganisation(t.db, practice.id, (await createOrganisation(t.db)).id);
    const { user } = await member(t, second.id, ['ADMIN']);
    await t.db.insert(practiceMembers).values({ practiceId: practice.id, userId: user.id, role: 'ADMIN' });
    const client = await signedIn(t, user);
    const taken = await client.post('/api/v1/organisations', { name: 'Both', practiceIds: [second.id, practice.id] });
    expect(taken.statusCode).toBe(450);
    expect(taken.json().message).toBe(`${practice.name} already belongs to an organisation`);
    expect(await organisationCount()).toBe(before + 1);
    expect((await practiceRow(second.id)).organisationId).toBeNull();
  });

  it('validates the input', async () => {
    const { admin } = await team(t);
    expect((await admin.client.post('/api/v1/organisations', {})).json().message).toBe('Name is required');
    expect((await admin.client.post('/api/v1/organisations', { name: '' })).json().message).toBe('Name is required');
    const many = await admin.client.post('/api/v1/organisations', {
      name: 'Big',
      practiceIds: Array.from({ length: 51 }, (_, i) => i + 1),
    });
    expect(many.json().message).toBe('At most 50 practices at once');
  });

  it('is for signed-in practice staff only', async () => {
    expect((await new TestClient(t.app).post('/api/v1/organisations', { name: 'X' })).statusCode).toBe(401);
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    const res = await (await signedIn(t, patient)).post('/api/v1/organisations', { name: 'X' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only practice staff can create organisations');
  });
});

describe('GET and PUT /api/v1/organisation/:id', () => {
  it("shows the organisation with the caller's roles", async () => {
    const { organisation, staff } = await organisationTeam(t);
    const res = await staff.client.get(`/api/v1/organisation/${organisation.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: organisation.id,
      name: organisation.name,
      roles: ['STAFF'],
      practiceCount: 1,
    });
  });

  it('lets its admins change name, address and phone', async () => {
    const { organisation, admin } = await organisationTeam(t);
    const res = await admin.client.put(`/api/v1/organisation/${organisation.id}`, {
      name: 'Renamed',
      address: '5 High St',
      phoneNumber: '2025550199',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', address: '5 High St', phoneNumber: '+12025550199' });
    expect(
      (await admin.client.put(`/api/v1/organisation/${organisation.id}`, { phoneNumber: null })).json(),
    ).toMatchObject({ name: 'Renamed', phoneNumber: null });
    expect((await admin.client.put(`/api/v1/organisation/${organisation.id}`, {})).json()).toMatchObject({
      name: 'Renamed',
      address: '5 High St',
    });
    expect(await audited(t.db, 'organisation.updated', organisation.id)).toHaveLength(2);
  });

  it('validates the change', async () => {
    const { organisation, admin } = await organisationTeam(t);
    const cases: [unknown, string][] = [
      [{ name: ' ' }, 'Name is required'],
      [{ phoneNumber: '12345678' }, 'Invalid phone number'],
      [{ phoneNumber: '1' }, 'Phone must be at least 8 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.client.put(`/api/v1/organisation/${organisation.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses non-members, and members who are not admins, and changes nothing', async () => {
    const { organisation, staff, provider, outsider } = await organisationTeam(t);
    for (const client of [provider.client, outsider.client]) {
      expect((await client.get(`/api/v1/organisation/${organisation.id}`)).statusCode).toBe(403);
    }
    for (const client of [staff.client, provider.client, outsider.client]) {
      expect((await client.put(`/api/v1/organisation/${organisation.id}`, { name: 'Mine' })).statusCode).toBe(403);
    }
    expect((await new TestClient(t.app).get(`/api/v1/organisation/${organisation.id}`)).statusCode).toBe(401);
    expect((await organisationRow(organisation.id)).name).toBe(organisation.name);
  });
});

describe('GET /api/v1/organisation/:id/practices and members', () => {
  it('pages the practices by name, twenty by default, with a name filter', async () => {
    const { organisation, staff, practice } = await organisationTeam(t);
    for (const name of ['Zeta Clinic', 'Alpha Clinic'])
      await joinOrganisation(
        t.db,
        (await createPractice(t.db, { name, billingBasis: 'ORGANISATION' })).id,
        organisation.id,
      );
    const res = await staff.client.get(`/api/v1/organisation/${organisation.id}/practices`);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(3);
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual([
      'Alpha Clinic',
      practice.name,
      'Zeta Clinic',
    ]);
    expect(res.json().data[0]).toMatchObject({ billingBasis: 'ORGANISATION', uuid: expect.any(String) });
    const filtered = await staff.client.get(`/api/v1/organisation/${organisation.id}/practices?query=zeta`);
    expect(filtered.json()).toMatchObject({ count: 1, data: [{ name: 'Zeta Clinic' }] });
    const paged = await staff.client.get(`/api/v1/organisation/${organisation.id}/practices?page=1&pageSize=2`);
    expect(paged.json()).toMatchObject({ count: 3, data: [{ name: 'Zeta Clinic' }] });
    expect(
      (await staff.client.get(`/api/v1/organisation/${organisation.id}/practices?query=100%25`)).json().count,
    ).toBe(0);
  });

  it('pages the members by name with their roles and a name or e-mail filter', async () => {
    const { organisation, staff, admin } = await organisationTeam(t);
    const res = await staff.client.get(`/api/v1/organisation/${organisation.id}/members`);
    expect(res.json().count).toBe(2);
    const byEmail = await staff.client.get(
      `/api/v1/organisation/${organisation.id}/members?query=${encodeURIComponent(admin.user.email!)}`,
    );
    expect(byEmail.json()).toMatchObject({
      count: 1,
      data: [{ user: { id: admin.user.id, email: admin.user.email }, roles: ['ADMIN'] }],
    });
    const byName = await staff.client.get(
      `/api/v1/organisation/${organisation.id}/members?query=${admin.user.lastName.toUpperCase()}`,
    );
    expect(byName.json().data[0].user.id).toBe(admin.user.id);
  });

  it('refuses people outside the organisation', async () => {
    const { organisation, provider, outsider } = await organisationTeam(t);
    for (const client of [provider.client, outsider.client]) {
      expect((await client.get(`/api/v1/organisation/${organisation.id}/practices`)).statusCode).toBe(403);
      expect((await client.get(`/api/v1/organisation/${organisation.id}/members`)).statusCode).toBe(403);
    }
    expect((await new TestClient(t.app).get(`/api/v1/organisation/${organisation.id}/members`)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/organisation/:id/billingEmail', () => {
  it('sets where invoices go', async () => {
    const { organisation, admin, staff } = await organisationTeam(t);
    const res = await admin.client.put(`/api/v1/organisation/${organisation.id}/billingEmail`, {
      billingEmail: ' Billing@Group.Example ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().billingEmail).toBe('billing@group.example');
    expect(
      (await admin.client.put(`/api/v1/organisation/${organisation.id}/billingEmail`, { billingEmail: 'nope' })).json()
        .message,
    ).toBe('Invalid e-mail address');
    expect((await admin.client.put(`/api/v1/organisation/${organisation.id}/billingEmail`, {})).json().message).toBe(
      'E-mail is required',
    );
    expect(
      (await staff.client.put(`/api/v1/organisation/${organisation.id}/billingEmail`, { billingEmail: 'me@x.example' }))
        .statusCode,
    ).toBe(403);
    expect((await organisationRow(organisation.id)).billingEmail).toBe('billing@group.example');
    expect(await audited(t.db, 'organisation.billing_email_set', organisation.id)).toHaveLength(1);
  });
});

describe('PUT /api/v1/organisation/:id/billing/addPractice and removePractice', () => {
  it('switches who pays for one of its practices', async () => {
    const { organisation, admin, practice } = await organisationTeam(t);
    const added = await admin.client.put(`/api/v1/organisation/${organisation.id}/billing/addPractice`, {
      practiceId: practice.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ id: practice.id, billingBasis: 'ORGANISATION' });
    expect((await practiceRow(practice.id)).billingBasis).toBe('ORGANISATION');
    const removed = await admin.client.put(`/api/v1/organisation/${organisation.id}/billing/removePractice`, {
      practiceId: practice.id,
    });
    expect(removed.json().billingBasis).toBe('PRACTICE');
    expect(await audited(t.db, 'organisation.billing_practice_added', organisation.id)).toHaveLength(1);
    expect(await audited(t.db, 'organisation.billing_practice_removed', organisation.id)).toHaveLength(1);
  });

  it('refuses a practice outside the organisation, and non-admins', async () => {
    const { organisation, admin, staff, otherPractice, practice } = await organisationTeam(t);
    const res = await admin.client.put(`/api/v1/organisation/${organisation.id}/billing/addPractice`, {
      practiceId: otherPractice.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The practice does not belong to this organisation');
    expect((await practiceRow(otherPractice.id)).billingBasis).toBe('PRACTICE');
    expect(
      (
        await staff.client.put(`/api/v1/organisation/${organisation.id}/billing/addPractice`, {
          practiceId: practice.id,
        })
      ).statusCode,
    ).toBe(403);
    expect((await practiceRow(practice.id)).billingBasis).toBe('PRACTICE');
  });
});

describe('POST and DELETE /api/v1/organisation/:id/practices', () => {
  it('brings a practice in (201) and takes it out again', async () => {
    const { organisation, admin } = await organisationTeam(t);
    const second = await createPractice(t.db, { billingBasis: 'ORGANISATION' });
    await t.db.insert(practiceMembers).values({ practiceId: second.id, userId: admin.user.id, role: 'ADMIN' });
    const res = await admin.client.post(`/api/v1/organisation/${organisation.id}/practices`, { practiceId: second.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id: second.id, billingBasis: 'PRACTICE' });
    expect(
      (await admin.client.post(`/api/v1/organisation/${organisation.id}/practices`, { practiceId: second.id }))
        .statusCode,
    ).toBe(201);
    expect(await audited(t.db, 'organisation.practice_attached', organisation.id)).toHaveLength(1);

    await admin.client.put(`/api/v1/organisation/${organisation.id}/billing/addPractice`, { practiceId: second.id });
    const detached = await admin.client.delete(`/api/v1/organisation/${organisation.id}/practices/${second.id}`);
    expect(detached.statusCode).toBe(200);
    expect(await practiceRow(second.id)).toMatchObject({ organisationId: null, billingBasis: 'PRACTICE' });
    const again = await admin.client.delete(`/api/v1/organisation/${organisation.id}/practices/${second.id}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The practice does not belong to this organisation');
    expect(await audited(t.db, 'organisation.practice_detached', organisation.id)).toHaveLength(1);
  });

  it('keeps a practice in one organisation at most (450)', async () => {
    const { organisation, admin, practice } = await organisationTeam(t);
    const other = await createOrganisation(t.db);
    await addOrganisationMember(t.db, other.id, admin.user.id, 'ADMIN');
    const res = await admin.client.post(`/api/v1/organisation/${other.id}/practices`, { practiceId: practice.id });
    expect(res.statusCode).toBe(450);
    expect(res.json().message).toBe('This practice already belongs to another organisation');
    expect((await practiceRow(practice.id)).organisationId).toBe(organisation.id);
  });

  it('needs an organisation admin who is also an ADMIN of the practice', async () => {
    const { organisation, admin, staff, outsider, otherPractice, practice } = await organisationTeam(t);
    const notPracticeAdmin = await admin.client.post(`/api/v1/organisation/${organisation.id}/practices`, {
      practiceId: otherPractice.id,
    });
    expect(notPracticeAdmin.statusCode).toBe(403);
    expect(notPracticeAdmin.json().message).toBe(
      'Only an ADMIN of the practice can move it into or out of an organisation',
    );
    expect(
      (
        await outsider.client.post(`/api/v1/organisation/${organisation.id}/practices`, {
          practiceId: otherPractice.id,
        })
      ).statusCode,
    ).toBe(403);
    await addOrganisationMember(t.db, organisation.id, staff.user.id, 'ADMIN');
    expect(
      (await staff.client.delete(`/api/v1/organisation/${organisation.id}/practices/${practice.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await outsider.client.delete(`/api/v1/organisation/${organisation.id}/practices/${practice.id}`)).statusCode,
    ).toBe(403);
    expect((await practiceRow(practice.id)).organisationId).toBe(organisation.id);
    expect((await practiceRow(otherPractice.id)).organisationId).toBeNull();
  });
});

describe('GET /api/v1/user/:id/organisations', () => {
  it('lists the organisations one holds roles in, with the roles', async () => {
    const { organisation, admin } = await organisationTeam(t);
    const second = await createOrganisation(t.db, { name: 'AAA first by name' });
    await addOrganisationMember(t.db, second.id, admin.user.id, 'STAFF');
    await addOrganisationMember(t.db, second.id, admin.user.id, 'PROVIDER');
    const res = await admin.client.get(`/api/v1/user/${admin.user.id}/organisations`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { id: number; roles: string[] }) => [o.id, o.roles])).toEqual([
      [second.id, ['PROVIDER', 'STAFF']],
      [organisation.id, ['ADMIN']],
    ]);
  });

  it("shows only one's own", async () => {
    const { admin, staff } = await organisationTeam(t);
    expect((await staff.client.get(`/api/v1/user/${admin.user.id}/organisations`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/user/${admin.user.id}/organisations`)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/practice/:id/assignUser', () => {
  it('adds a member of the practice to its organisation as STAFF', async () => {
    const { organisation, practice, admin, provider, staff } = await organisationTeam(t);
    const res = await admin.client.put(`/api/v1/practice/${practice.id}/assignUser`, {
      userId: provider.user.id,
      orgId: organisation.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: provider.user.id }, roles: ['STAFF'] });
    const [event] = await audited(t.db, 'organisation.user_assigned', organisation.id);
    expect(event).toMatchObject({
      actorUserId: admin.user.id,
      subjectUserId: provider.user.id,
      details: { practiceId: practice.id, role: 'STAFF' },
    });

    await addOrganisationMember(t.db, organisation.id, staff.user.id, 'PROVIDER');
    const kept = await admin.client.put(`/api/v1/practice/${practice.id}/assignUser`, {
      userId: staff.user.id,
      orgId: organisation.id,
    });
    expect(kept.json().roles).toEqual(['PROVIDER', 'STAFF']);
  });

  it('refuses another organisation, people outside the practice, and non-admins', async () => {
    const { organisation, practice, admin, staff, provider, outsider } = await organisationTeam(t);
    const other = await createOrganisation(t.db);
    const wrongOrg = await admin.client.put(`/api/v1/practice/${practice.id}/assignUser`, {
      userId: provider.user.id,
      orgId: other.id,
    });
    expect(wrongOrg.statusCode).toBe(403);
    expect(wrongOrg.json().message).toBe('The practice does not belong to this organisation');
    const stranger = await admin.client.put(`/api/v1/practice/${practice.id}/assignUser`, {
      userId: outsider.user.id,
      orgId: organisation.id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('This person is not a member of the practice');
    for (const client of [staff.client, provider.client, outsider.client]) {
      expect(
        (
          await client.put(`/api/v1/practice/${practice.id}/assignUser`, {
            userId: provider.user.id,
            orgId: organisation.id,
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(await organisationRoles(t.db, organisation.id, provider.user.id)).toEqual([]);
    expect(await organisationRoles(t.db, other.id, provider.user.id)).toEqual([]);
    expect(await organisationRoles(t.db, organisation.id, outsider.user.id)).toEqual([]);
  });
});
