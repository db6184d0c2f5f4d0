import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createPractice, createUser, insertApiKey, practiceRoles } from '../../test/factories.js';
import { departmentMembers, departments } from '../departments/departments.table.js';
import { networkProviders, networks } from '../networks/networks.table.js';
import { users } from '../../core/index.js';
import { audited, member, team } from './roles.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const url = (practiceId: number) => `/api/v1/roles/practice/${practiceId}`;

describe('GET /api/v1/roles/practice/:practiceId', () => {
  it('lists members by name with their roles, ten to a page by default', async () => {
    const practice = await createPractice(t.db);
    const people = [];
    for (const [i, name] of ['Cole', 'Adams', 'Baker'].entries()) {
      const user = await createUser(t.db, { lastName: name });
      await addMember(t.db, practice.id, user.id, 'STAFF');
      if (i === 0) await addMember(t.db, practice.id, user.id, 'ADMIN');
      people.push(user);
    }
    const { client } = await member(t, practice.id, ['PROVIDER'], { lastName: 'Zed' });
    const res = await client.get(url(practice.id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.data.map((m: { user: { lastName: string } }) => m.user.lastName)).toEqual([
      'Adams',
      'Baker',
      'Cole',
      'Zed',
    ]);
    expect(body.data[2]).toEqual({
      user: {
        id: people[0].id,
        uuid: people[0].uuid,
        firstName: 'Test',
        lastName: 'Cole',
        title: null,
        kind: 'PROVIDER',
        email: people[0].email,
      },
      roles: ['ADMIN', 'STAFF'],
    });
    expect(body.data[0].user).not.toHaveProperty('phone');

    const second = (await client.get(`${url(practice.id)}?page=1&pageSize=3`)).json();
    expect(second).toMatchObject({ count: 4, data: [{ user: { lastName: 'Zed' }, roles: ['PROVIDER'] }] });
  });

  it('validates paging', async () => {
    const { practice, staff } = await team(t);
    const res = await staff.client.get(`${url(practice.id)}?pageSize=101`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('pageSize must be at most 100');
    expect((await staff.client.get(`${url(practice.id)}?page=-1`)).json().message).toBe('page starts at 0');
  });

  it('answers 401 signed out and 403 to a member of another practice', async () => {
    const { practice, outsider } = await team(t);
    expect((await new TestClient(t.app).get(url(practice.id))).statusCode).toBe(401);
    const res = await outsider.client.get(url(practice.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have access to this practice');
  });

  it('answers an integration whose key may read users, and only in its practice', async () => {
    const { practice, otherPractice, admin } = await team(t);
    const reader = new TestClient(t.app);
    reader.apiKey = await insertApiKey(t.db, practice.id, admin.user.id, ['USERS_READ']);
    expect((await reader.get(url(practice.id))).json().count).toBe(3);
    expect((await reader.get(url(otherPractice.id))).statusCode).toBe(403);
    const noPermission = new TestClient(t.app);
    noPermission.apiKey = await insertApiKey(t.db, practice.id, admin.user.id, ['PRACTICE_READ']);
    expect((await noPermission.get(url(practice.id))).statusCode).toBe(403);
  });
});

describe('POST /api/v1/roles/practice/:practiceId', () => {
  it('gives a member another role, once', async () => {
    const { practice, admin, staff } = await team(t);
    const res = await admin.client.post(url(practice.id), { userId: staff.user.id, role: 'PROVIDER' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: staff.user.id }, roles: ['PROVIDER', 'STAFF'] });
    const again = await admin.client.post(url(practice.id), { userId: staff.user.id, role: 'PROVIDER' });
    expect(again.json().roles).toEqual(['PROVIDER', 'STAFF']);
    const events = await audited(t.db, 'role.granted', practice.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorUserId: admin.user.id,
      subjectUserId: staff.user.id,
      targetType: 'practice',
      details: { role: 'PROVIDER' },
    });
  });

  it('refuses someone who is not a member yet', async () => {
    const { practice, admin, outsider } = await team(t);
    const res = await admin.client.post(url(practice.id), { userId: outsider.user.id, role: 'STAFF' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This person is not a member of the practice: invite them first');
    expect(await practiceRoles(t.db, practice.id, outsider.user.id)).toEqual([]);
  });

  it('validates the body', async () => {
    const { practice, admin, staff } = await team(t);
    const bad = await admin.client.post(url(practice.id), { userId: staff.user.id, role: 'OWNER' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(['body', 'role']);
    expect((await admin.client.post(url(practice.id), { role: 'STAFF' })).statusCode).toBe(400);
  });

  it('lets only admins manage roles, and only an ADMIN hand out ADMIN', async () => {
    const { practice, staff, provider, outsider } = await team(t);
    for (const client of [staff.client, provider.client, outsider.client]) {
      const res = await client.post(url(practice.id), { userId: staff.user.id, role: 'PROVIDER' });
      expect(res.statusCode).toBe(403);
    }
    expect(
      (await staff.client.post(url(practice.id), { userId: staff.user.id, role: 'PROVIDER' })).json().message,
    ).toBe(
      'Your role does not allow you to grant and remove roles, remove users, assign users to the organisation, approve join requests, manage departments',
    );
    const thirdParty = await member(t, practice.id, ['THIRD_PARTY_ADMIN']);
    const promote = await thirdParty.client.post(url(practice.id), { userId: thirdParty.user.id, role: 'ADMIN' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(
      'Your role does not allow you to make someone an admin or take the admin role away',
    );
    expect(
      (await thirdParty.client.post(url(practice.id), { userId: staff.user.id, role: 'THIRD_PARTY_STAFF' })).statusCode,
    ).toBe(200);
    expect(await practiceRoles(t.db, practice.id, staff.user.id)).toEqual(['STAFF', 'THIRD_PARTY_STAFF']);
    expect(await practiceRoles(t.db, practice.id, thirdParty.user.id)).toEqual(['THIRD_PARTY_ADMIN']);
  });

  it('answers 401 signed out', async () => {
    const { practice, staff } = await team(t);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post(url(practice.id), { userId: staff.user.id, role: 'ADMIN' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/roles/practice/:practiceId/:role', () => {
  it('takes one role and keeps the others', async () => {
    const { practice, admin, staff } = await team(t);
    await addMember(t.db, practice.id, staff.user.id, 'PROVIDER');
    const res = await admin.client.delete(`${url(practice.id)}/STAFF`, { userId: staff.user.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().roles).toEqual(['PROVIDER']);
    const [event] = await audited(t.db, 'role.removed', practice.id);
    expect(event).toMatchObject({ subjectUserId: staff.user.id, details: { role: 'STAFF', leftPractice: false } });
  });

  it('takes the last role out of the practice, its departments and its networks', async () => {
    const { practice, admin, provider } = await team(t);
    const [department] = await t.db
      .insert(departments)
      .values({ practiceId: practice.id, name: 'Cardiology' })
      .returning();
    await t.db.insert(departmentMembers).values({ departmentId: department.id, userId: provider.user.id });
    const [network] = await t.db
      .insert(networks)
      .values({ practiceId: practice.id, name: 'Tier 1', matchingTimeLimit: 60 })
      .returning();
    await t.db
      .insert(networkProviders)
      .values({ networkId: network.id, userId: provider.user.id, practiceId: practice.id });

    await t.db.update(users).set({ currentPracticeId: practice.id }).where(eq(users.id, provider.user.id));
    const res = await admin.client.delete(`${url(practice.id)}/PROVIDER`, { userId: provider.user.id });
    expect(res.json().roles).toEqual([]);
    expect((await t.db.select().from(users).where(eq(users.id, provider.user.id)))[0].currentPracticeId).toBeNull();
    expect(await practiceRoles(t.db, practice.id, provider.user.id)).toEqual([]);
    expect(await t.db.select().from(departmentMembers)).not.toContainEqual(
      expect.objectContaining({ userId: provider.user.id }),
    );
    expect(await t.db.select().from(networkProviders)).not.toContainEqual(
      expect.objectContaining({ userId: provider.user.id }),
    );
    const [event] = await audited(t.db, 'role.removed', practice.id);
    expect(event.details).toEqual({ role: 'PROVIDER', leftPractice: true });
    expect((await provider.client.get(url(practice.id))).statusCode).toBe(403);
  });

  it('never takes the last ADMIN', async () => {
    const { practice, admin, staff } = await team(t);
    const res = await admin.client.delete(`${url(practice.id)}/ADMIN`, { userId: admin.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A practice needs at least one admin. Make someone else an admin first.');
    expect(await practiceRoles(t.db, practice.id, admin.user.id)).toEqual(['ADMIN']);

    await admin.client.post(url(practice.id), { userId: staff.user.id, role: 'ADMIN' });
    const handedOver = await admin.client.delete(`${url(practice.id)}/ADMIN`, { userId: admin.user.id });
    expect(handedOver.statusCode).toBe(200);
    expect(await practiceRoles(t.db, practice.id, admin.user.id)).toEqual([]);
  });

  it('keeps one ADMIN when two admins remove each other at once', async () => {
    const { practice, admin, staff } = await team(t);
    await addMember(t.db, practice.id, staff.user.id, 'ADMIN');
    const results = await Promise.all([
      admin.client.delete(`${url(practice.id)}/ADMIN`, { userId: staff.user.id }),
      staff.client.delete(`${url(practice.id)}/ADMIN`, { userId: admin.user.id }),
    ]);
    // The loser is refused either by the last-ADMIN rule or, when the winner finished first, for having lost ADMIN.
    const [won, lost] = results.map((r) => r.statusCode).sort();
    expect(won).toBe(200);
    expect([400, 403]).toContain(lost);
    const admins = [
      ...(await practiceRoles(t.db, practice.id, admin.user.id)),
      ...(await practiceRoles(t.db, practice.id, staff.user.id)),
    ];
    expect(admins.filter((r) => r === 'ADMIN')).toHaveLength(1);
  });

  it('answers 456 for a role the person does not hold, and 400 for an unknown role', async () => {
    const { practice, admin, staff } = await team(t);
    const res = await admin.client.delete(`${url(practice.id)}/PROVIDER`, { userId: staff.user.id });
    expect(res.statusCode).toBe(456);
    expect(res.json().message).toBe('This person does not hold the PROVIDER role in the practice');
    expect((await admin.client.delete(`${url(practice.id)}/OWNER`, { userId: staff.user.id })).statusCode).toBe(400);
  });

  it('refuses staff, outsiders and anonymous callers and changes nothing', async () => {
    const { practice, admin, staff, outsider } = await team(t);
    for (const client of [staff.client, outsider.client]) {
      expect((await client.delete(`${url(practice.id)}/ADMIN`, { userId: admin.user.id })).statusCode).toBe(403);
    }
    expect(
      (await new TestClient(t.app).delete(`${url(practice.id)}/STAFF`, { userId: staff.user.id })).statusCode,
    ).toBe(401);
    expect(await practiceRoles(t.db, practice.id, admin.user.id)).toEqual(['ADMIN']);
    expect(await practiceRoles(t.db, practice.id, staff.user.id)).toEqual(['STAFF']);
  });
});
