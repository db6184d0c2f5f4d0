import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createPractice } from '../../test/factories.js';
import {
  addOrganisationMember,
  audited,
  joinOrganisation,
  member,
  organisationRoles,
  organisationTeam,
} from './roles.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const url = (organisationId: number) => `/api/v1/roles/organisation/${organisationId}`;

describe('GET /api/v1/roles/organisation/:organisationId', () => {
  it("lists the organisation's members with their roles", async () => {
    const { organisation, staff, admin } = await organisationTeam(t);
    const res = await staff.client.get(url(organisation.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(2);
    const rolesById = Object.fromEntries(
      res.json().data.map((m: { user: { id: number }; roles: string[] }) => [m.user.id, m.roles]),
    );
    expect(rolesById).toEqual({ [admin.user.id]: ['ADMIN'], [staff.user.id]: ['STAFF'] });
    expect((await staff.client.get(`${url(organisation.id)}?pageSize=1&page=1`)).json().data).toHaveLength(1);
  });

  it('refuses people outside the organisation, even members of its practices', async () => {
    const { organisation, provider, outsider } = await organisationTeam(t);
    for (const client of [provider.client, outsider.client]) {
      const res = await client.get(url(organisation.id));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have access to this organisation');
    }
    expect((await new TestClient(t.app).get(url(organisation.id))).statusCode).toBe(401);
  });
});

describe('POST /api/v1/roles/organisation/:organisationId', () => {
  it('brings in a member of one of its practices, and adds roles to members', async () => {
    const { organisation, admin, provider, staff } = await organisationTeam(t);
    const res = await admin.client.post(url(organisation.id), { userId: provider.user.id, role: 'PROVIDER' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: provider.user.id }, roles: ['PROVIDER'] });
    expect(
      (await admin.client.post(url(organisation.id), { userId: staff.user.id, role: 'THIRD_PARTY_STAFF' })).json()
        .roles,
    ).toEqual(['STAFF', 'THIRD_PARTY_STAFF']);
    expect(
      (await admin.client.post(url(organisation.id), { userId: staff.user.id, role: 'STAFF' })).json().roles,
    ).toHaveLength(2);
    const events = await audited(t.db, 'role.granted', organisation.id);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      targetType: 'organisation',
      subjectUserId: provider.user.id,
      details: { role: 'PROVIDER' },
    });
  });

  it('refuses someone in neither the organisation nor its practices', async () => {
    const { organisation, admin, outsider } = await organisationTeam(t);
    const res = await admin.client.post(url(organisation.id), { userId: outsider.user.id, role: 'STAFF' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This person is neither in the organisation nor in one of its practices');
    expect(await organisationRoles(t.db, organisation.id, outsider.user.id)).toEqual([]);

    const elsewhere = await createPractice(t.db);
    await joinOrganisation(t.db, elsewhere.id, organisation.id);
    await addMember(t.db, elsewhere.id, outsider.user.id, 'STAFF');
    expect(
      (await admin.client.post(url(organisation.id), { userId: outsider.user.id, role: 'STAFF' })).statusCode,
    ).toBe(200);
  });

  it('lets only its admins grant, and only an ADMIN hand out ADMIN', async () => {
    const { organisation, staff, provider, outsider, practice } = await organisationTeam(t);
    for (const client of [staff.client, provider.client, outsider.client]) {
      expect((await client.post(url(organisation.id), { userId: provider.user.id, role: 'STAFF' })).statusCode).toBe(
        403,
      );
    }
    const thirdParty = await member(t, practice.id, ['STAFF']);
    await addOrganisationMember(t.db, organisation.id, thirdParty.user.id, 'THIRD_PARTY_ADMIN');
    const promote = await thirdParty.client.post(url(organisation.id), { userId: thirdParty.user.id, role: 'ADMIN' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(
      'Your role does not allow you to make someone an organisation admin or take the admin role away',
    );
    expect(await organisationRoles(t.db, organisation.id, provider.user.id)).toEqual([]);
    expect(await organisationRoles(t.db, organisation.id, thirdParty.user.id)).toEqual(['THIRD_PARTY_ADMIN']);
  });
});

describe('DELETE /api/v1/roles/organisation/:organisationId/:role', () => {
  it('takes roles; the last one takes the person out of the organisation', async () => {
    const { organisation, admin, staff } = await organisationTeam(t);
    await addOrganisationMember(t.db, organisation.id, staff.user.id, 'PROVIDER');
    expect(
      (await admin.client.delete(`${url(organisation.id)}/STAFF`, { userId: staff.user.id })).json().roles,
    ).toEqual(['PROVIDER']);
    const last = await admin.client.delete(`${url(organisation.id)}/PROVIDER`, { userId: staff.user.id });
    expect(last.json().roles).toEqual([]);
    expect((await staff.client.get(url(organisation.id))).statusCode).toBe(403);
    const [event] = await audited(t.db, 'role.removed', organisation.id);
    expect(event.details).toEqual({ role: 'PROVIDER', leftOrganisation: true });
  });

  it('never takes the last ADMIN', async () => {
    const { organisation, admin, staff } = await organisationTeam(t);
    const res = await admin.client.delete(`${url(organisation.id)}/ADMIN`, { userId: admin.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('An organisation needs at least one admin. Make someone else an admin first.');
    await admin.client.post(url(organisation.id), { userId: staff.user.id, role: 'ADMIN' });
    expect((await admin.client.delete(`${url(organisation.id)}/ADMIN`, { userId: admin.user.id })).statusCode).toBe(
      200,
    );
    expect(await organisationRoles(t.db, organisation.id, admin.user.id)).toEqual([]);
  });

  it('answers 456 for a role not held, and refuses staff and outsiders', async () => {
    const { organisation, admin, staff, outsider } = await organisationTeam(t);
    const res = await admin.client.delete(`${url(organisation.id)}/PROVIDER`, { userId: staff.user.id });
    expect(res.statusCode).toBe(456);
    expect(res.json().message).toBe('This person does not hold the PROVIDER role in the organisation');
    for (const client of [staff.client, outsider.client]) {
      expect((await client.delete(`${url(organisation.id)}/ADMIN`, { userId: admin.user.id })).statusCode).toBe(403);
    }
    expect(
      (await new TestClient(t.app).delete(`${url(organisation.id)}/STAFF`, { userId: staff.user.id })).statusCode,
    ).toBe(401);
    expect(await organisationRoles(t.db, organisation.id, admin.user.id)).toEqual(['ADMIN']);
  });
});
