import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CSRF_COOKIE, CSRF_HEADER } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createUser, practiceRoles } from '../../test/factories.js';
import { practiceMembers, users, userSettings } from '../../core/index.js';
import { departmentMembers, departments } from '../departments/departments.table.js';
import { networkProviders, networks } from '../networks/networks.table.js';
import { lastAudit, practiceWithTeam, signedIn } from './practices.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LAST_ADMIN = 'A practice needs at least one admin. Make someone else an admin first.';

async function members(practiceId: number) {
  return (await t.db.select().from(practiceMembers).where(eq(practiceMembers.practiceId, practiceId)))
    .map((m) => `${m.userId}:${m.role}`)
    .sort();
}

/** Leaving is a GET (spec); a web caller sends the CSRF header with it. */
async function leave(client: TestClient, practiceId: number, withCsrf = true) {
  const headers: Record<string, string> = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (withCsrf) headers[CSRF_HEADER] = client.cookies.get(CSRF_COOKIE)!;
  return t.app.inject({ method: 'GET', url: `/api/v1/practice/${practiceId}/leave`, headers });
}

describe('GET /api/v1/practice/{id}/providers and /users', () => {
  it('lists providers (page size 10) and everyone (page size 30) with their roles, by last name', async () => {
    const team = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, team.staff);
    const providers = await client.get(`/api/v1/practice/${team.practice.id}/providers`);
    expect(providers.statusCode).toBe(200);
    expect(providers.json().count).toBe(2);
    expect(providers.json().data.map((u: { id: number }) => u.id)).toEqual([team.admin.id, team.provider.id]);
    expect(providers.json().data[0]).toEqual({
      id: team.admin.id,
      uuid: team.admin.uuid,
      firstName: 'Ada',
      lastName: team.admin.lastName,
      title: null,
      email: team.admin.email,
      phone: team.admin.phone,
      roles: ['ADMIN', 'PROVIDER'],
    });
    const everyone = (await client.get(`/api/v1/practice/${team.practice.id}/users`)).json();
    expect(everyone.count).toBe(3);
    expect(everyone.data.map((u: { roles: string[] }) => u.roles)).toEqual([
      ['ADMIN', 'PROVIDER'],
      ['PROVIDER'],
      ['STAFF'],
    ]);
    expect(JSON.stringify(everyone)).not.toContain(team.outsider.email!);
  });

  it('pages with the default sizes and filters by name or e-mail, ignoring case', async () => {
    const team = await practiceWithTeam(t.db);
    for (let i = 0; i < 31; i++) {
      const user = await createUser(t.db, { firstName: 'Many', lastName: `Member${String(i).padStart(2, '0')}` });
      await addMember(t.db, team.practice.id, user.id, 'PROVIDER');
    }
    const client = await signedIn(t.app, team.staff);
    const base = `/api/v1/practice/${team.practice.id}`;
    const providers = (await client.get(`${base}/providers`)).json();
    expect(providers).toMatchObject({ count: 33 });
    expect(providers.data).toHaveLength(10);
    expect((await client.get(`${base}/providers?page=3`)).json().data).toHaveLength(3);
    expect((await client.get(`${base}/users`)).json().data).toHaveLength(30);
    expect((await client.get(`${base}/users?page=1`)).json().data).toHaveLength(4);
    expect((await client.get(`${base}/users?pageSize=5`)).json().data).toHaveLength(5);
    const byFirst = (await client.get(`${base}/users?name=sAm`)).json();
    expect(byFirst.data.map((u: { id: number }) => u.id)).toEqual([team.staff.id]);
    const byFull = (
      await client.get(`${base}/providers?name=${encodeURIComponent(`paul ${team.provider.lastName.toLowerCase()}`)}`)
    ).json();
    expect(byFull.data.map((u: { id: number }) => u.id)).toEqual([team.provider.id]);
    const byEmail = (
      await client.get(`${base}/users?name=${encodeURIComponent(team.admin.email!.toUpperCase())}`)
    ).json();
    expect(byEmail.data.map((u: { id: number }) => u.id)).toEqual([team.admin.id]);
    expect((await client.get(`${base}/users?name=%25`)).json()).toEqual({ data: [], count: 0 });
    expect((await client.get(`${base}/users?pageSize=0`)).statusCode).toBe(400);
    expect((await client.get(`${base}/users?page=-1`)).statusCode).toBe(400);
  });

  it('answers 403 to outsiders and 401 anonymously', async () => {
    const team = await practiceWithTeam(t.db);
    const outsider = await signedIn(t.app, team.outsider);
    for (const list of ['providers', 'users']) {
      expect((await outsider.get(`/api/v1/practice/${team.practice.id}/${list}`)).statusCode).toBe(403);
      expect((await new TestClient(t.app).get(`/api/v1/practice/${team.practice.id}/${list}`)).statusCode).toBe(401);
    }
  });
});

describe('PUT /api/v1/practice/{id}/addAdmin and removeAdmin', () => {
  it('makes a member an admin and back; someone who was only an admin stays as staff', async () => {
    const team = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, team.admin);
    const added = await client.put(`/api/v1/practice/${team.practice.id}/addAdmin`, { userId: team.provider.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ id: team.provider.id, roles: ['ADMIN', 'PROVIDER'] });
    expect(await lastAudit(t.db, 'practice.admin_added', team.practice.id)).toMatchObject({
      actorUserId: team.admin.id,
      subjectUserId: team.provider.id,
    });
    // Twice is harmless.
    expect(
      (await client.put(`/api/v1/practice/${team.practice.id}/addAdmin`, { userId: team.provider.id })).json().roles,
    ).toEqual(['ADMIN', 'PROVIDER']);
    const removed = await client.put(`/api/v1/practice/${team.practice.id}/removeAdmin`, { userId: team.provider.id });
    expect(removed.json().roles).toEqual(['PROVIDER']);
    expect(await lastAudit(t.db, 'practice.admin_removed', team.practice.id)).toMatchObject({
      subjectUserId: team.provider.id,
    });

    const onlyAdmin = await createUser(t.db);
    await addMember(t.db, team.practice.id, onlyAdmin.id, 'ADMIN');
    expect(
      (await client.put(`/api/v1/practice/${team.practice.id}/removeAdmin`, { userId: onlyAdmin.id })).json().roles,
    ).toEqual(['STAFF']);
  });

  it('never demotes the last admin', async () => {
    const team = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, team.admin);
    const before = await members(team.practice.id);
    const res = await client.put(`/api/v1/practice/${team.practice.id}/removeAdmin`, { userId: team.admin.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LAST_ADMIN);
    expect(await members(team.practice.id)).toEqual(before);
  });

  it('answers 456 for someone outside the practice and 400 for a bad id', async () => {
    const team = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, team.admin);
    const res = await client.put(`/api/v1/practice/${team.practice.id}/addAdmin`, { userId: team.outsider.id });
    expect(res.statusCode).toBe(456);
    expect(res.json().message).toBe('This person is not a member of the practice');
    expect(
      (await client.put(`/api/v1/practice/${team.practice.id}/removeAdmin`, { userId: team.outsider.id })).statusCode,
    ).toBe(456);
    expect((await client.put(`/api/v1/practice/${team.practice.id}/addAdmin`, {})).statusCode).toBe(400);
    expect(await practiceRoles(t.db, team.practice.id, team.outsider.id)).toEqual([]);
  });

  it('refuses providers and staff, outsiders and anonymous callers, changing nothing', async () => {
    const team = await practiceWithTeam(t.db);
    const before = await members(team.practice.id);
    for (const user of [team.provider, team.staff, team.outsider]) {
      const client = await signedIn(t.app, user);
      expect((await client.put(`/api/v1/practice/${team.practice.id}/addAdmin`, { userId: user.id })).statusCode).toBe(
        403,
      );
      expect(
        (await client.put(`/api/v1/practice/${team.practice.id}/removeAdmin`, { userId: team.admin.id })).statusCode,
      ).toBe(403);
    }
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    expect(
      (await anonymous.put(`/api/v1/practice/${team.practice.id}/addAdmin`, { userId: team.staff.id })).statusCode,
    ).toBe(401);
    expect(await members(team.practice.id)).toEqual(before);
  });
});

describe('PUT /api/v1/practice/{id}/removeUser', () => {
  it('removes every role, departments and network places; clears the current practice; keeps settings', async () => {
    const team = await practiceWithTeam(t.db);
    const { practice, provider } = team;
    await t.db.update(users).set({ currentPracticeId: practice.id }).where(eq(users.id, provider.id));
    await t.db
      .insert(userSettings)
      .values({ userId: provider.id, practiceId: practice.id, settings: { helpScreen: false } });
    const [department] = await t.db.insert(departments).values({ practiceId: practice.id, name: 'Knees' }).returning();
    await t.db.insert(departmentMembers).values({ departmentId: department.id, userId: provider.id });
    const [network] = await t.db
      .insert(networks)
      .values({ practiceId: team.otherPractice.id, name: 'Net', matchingTimeLimit: 60 })
      .returning();
    await t.db.insert(networkProviders).values({ networkId: network.id, userId: provider.id, practiceId: practice.id });
    const client = await signedIn(t.app, team.admin);
    const res = await client.put(`/api/v1/practice/${practice.id}/removeUser`, { userId: provider.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await practiceRoles(t.db, practice.id, provider.id)).toEqual([]);
    expect(await t.db.select().from(departmentMembers).where(eq(departmentMembers.userId, provider.id))).toEqual([]);
    expect(await t.db.select().from(networkProviders).where(eq(networkProviders.userId, provider.id))).toEqual([]);
    expect((await t.db.select().from(users).where(eq(users.id, provider.id)))[0].currentPracticeId).toBeNull();
    expect(
      await t.db
        .select()
        .from(userSettings)
        .where(and(eq(userSettings.userId, provider.id), eq(userSettings.practiceId, practice.id))),
    ).toHaveLength(1);
    expect(await lastAudit(t.db, 'practice.user_removed', practice.id)).toMatchObject({
      subjectUserId: provider.id,
      details: { roles: ['PROVIDER'] },
    });
    // The removed user no longer sees the practice.
    expect((await (await signedIn(t.app, provider)).get(`/api/v1/practice/${practice.id}`)).statusCode).toBe(403);
    expect((await client.put(`/api/v1/practice/${practice.id}/removeUser`, { userId: provider.id })).statusCode).toBe(
      456,
    );
  });

  it('never removes the last admin, but removes one of two', async () => {
    const team = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, team.admin);
    const before = await members(team.practice.id);
    const res = await client.put(`/api/v1/practice/${team.practice.id}/removeUser`, { userId: team.admin.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LAST_ADMIN);
    expect(await members(team.practice.id)).toEqual(before);
    await client.put(`/api/v1/practice/${team.practice.id}/addAdmin`, { userId: team.staff.id });
    expect(
      (await client.put(`/api/v1/practice/${team.practice.id}/removeUser`, { userId: team.staff.id })).statusCode,
    ).toBe(200);
  });

  it('refuses non-admins and outsiders, changing nothing', async () => {
    const team = await practiceWithTeam(t.db);
    const before = await members(team.practice.id);
    for (const user of [team.provider, team.staff, team.outsider]) {
      const res = await (
        await signedIn(t.app, user)
      ).put(`/api/v1/practice/${team.practice.id}/removeUser`, { userId: team.staff.id });
      expect(res.statusCode).toBe(403);
    }
    expect(await members(team.practice.id)).toEqual(before);
  });
});

describe('GET /api/v1/practice/{id}/leave', () => {
  it('takes the caller out of the practice', async () => {
    const team = await practiceWithTeam(t.db);
    await t.db.update(users).set({ currentPracticeId: team.practice.id }).where(eq(users.id, team.staff.id));
    const client = await signedIn(t.app, team.staff);
    const res = await leave(client, team.practice.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await practiceRoles(t.db, team.practice.id, team.staff.id)).toEqual([]);
    expect((await t.db.select().from(users).where(eq(users.id, team.staff.id)))[0].currentPracticeId).toBeNull();
    expect(await lastAudit(t.db, 'practice.member_left', team.practice.id)).toMatchObject({
      actorUserId: team.staff.id,
    });
  });

  it('refuses the last admin, a request without the CSRF header, outsiders and anonymous callers', async () => {
    const team = await practiceWithTeam(t.db);
    const before = await members(team.practice.id);
    const admin = await signedIn(t.app, team.admin);
    const last = await leave(admin, team.practice.id);
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe(LAST_ADMIN);
    const forged = await leave(await signedIn(t.app, team.staff), team.practice.id, false);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_EXPIRED');
    expect((await leave(await signedIn(t.app, team.outsider), team.practice.id)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/practice/${team.practice.id}/leave`)).statusCode).toBe(401);
    expect(await members(team.practice.id)).toEqual(before);
  });

  it('needs no CSRF header with a bearer token', async () => {
    const team = await practiceWithTeam(t.db);
    const mobile = await signedIn(t.app, team.provider, 'PROVIDER_MOBILE');
    expect((await mobile.get(`/api/v1/practice/${team.practice.id}/leave`)).statusCode).toBe(200);
    expect(await practiceRoles(t.db, team.practice.id, team.provider.id)).toEqual([]);
  });
});
