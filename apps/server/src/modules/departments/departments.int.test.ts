import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createPractice, insertApiKey } from '../../test/factories.js';
import { audited, team } from '../roles/roles.test-factories.js';
import { departmentMembers, departments } from './departments.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function withDepartment() {
  const fixture = await team(t);
  const [department] = await t.db
    .insert(departments)
    .values({ practiceId: fixture.practice.id, name: 'Cardiology' })
    .returning();
  await t.db.insert(departmentMembers).values({ departmentId: department.id, userId: fixture.provider.user.id });
  return { ...fixture, department: department };
}

const departmentsOf = (practiceId: number) =>
  t.db.select().from(departments).where(eq(departments.practiceId, practiceId));

describe('POST /api/v1/departments', () => {
  it('creates a department (201) and records it', async () => {
    const { practice, admin } = await team(t);
    const res = await admin.client.post('/api/v1/departments', {
      practiceId: practice.id,
      name: '  Radiology ',
      description: 'Imaging',
      address: '1 Main St',
      phoneNumber: '(202) 555-0142',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      practiceId: practice.id,
      name: 'Radiology',
      description: 'Imaging',
      address: '1 Main St',
      phoneNumber: '+12025550142',
      users: [],
    });
    expect(body.createdAt).toEqual(expect.any(Number));
    const [event] = await audited(t.db, 'department.created', body.id);
    expect(event).toMatchObject({
      actorUserId: admin.user.id,
      details: { practiceId: practice.id, name: 'Radiology' },
    });
  });

  it('explains what is wrong with the input', async () => {
    const { practice, admin } = await team(t);
    const cases: [unknown, number, string][] = [
      [{ practiceId: practice.id }, 400, 'Name is required'],
      [{ practiceId: practice.id, name: '   ' }, 400, 'Name is required'],
      [{ practiceId: practice.id, name: 'x'.repeat(201) }, 400, 'Name must be at most 200 characters'],
      [{ practiceId: practice.id, name: 'Lab', phoneNumber: '123' }, 400, 'Phone must be at least 8 characters'],
      [{ practiceId: practice.id, name: 'Lab', phoneNumber: '00000000' }, 400, 'Invalid phone number'],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.client.post('/api/v1/departments', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await departmentsOf(practice.id)).toEqual([]);
  });

  it('refuses a second department of the same name (450)', async () => {
    const { practice, admin } = await withDepartment();
    const res = await admin.client.post('/api/v1/departments', { practiceId: practice.id, name: 'CARDIOLOGY' });
    expect(res.statusCode).toBe(450);
    expect(res.json().message).toBe('The practice already has a department with this name');
  });

  it('refuses staff, providers, outsiders and anonymous callers', async () => {
    const { practice, staff, provider, outsider } = await team(t);
    for (const client of [staff.client, provider.client, outsider.client]) {
      expect((await client.post('/api/v1/departments', { practiceId: practice.id, name: 'Lab' })).statusCode).toBe(403);
    }
    expect(
      (await new TestClient(t.app).post('/api/v1/departments', { practiceId: practice.id, name: 'Lab' })).statusCode,
    ).toBe(401);
    expect(await departmentsOf(practice.id)).toEqual([]);
  });
});

describe('GET /api/v1/department/:id', () => {
  it('shows the department and its people to any member', async () => {
    const { department, staff, provider } = await withDepartment();
    const res = await staff.client.get(`/api/v1/department/${department.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: department.id,
      name: 'Cardiology',
      users: [{ id: provider.user.id, kind: 'PROVIDER' }],
    });
    expect(res.json().users[0]).not.toHaveProperty('email');
  });

  it('answers 456 for no such department, 403 to outsiders, 401 signed out', async () => {
    const { department, staff, outsider } = await withDepartment();
    const missing = await staff.client.get('/api/v1/department/999999');
    expect(missing.statusCode).toBe(456);
    expect(missing.json().message).toBe('Department not found');
    expect((await outsider.client.get(`/api/v1/department/${department.id}`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/department/${department.id}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/department/:id', () => {
  it('changes and clears details', async () => {
    const { department, admin } = await withDepartment();
    const res = await admin.client.put(`/api/v1/department/${department.id}`, {
      name: 'Heart',
      address: '2 Side St',
      phoneNumber: '202-555-0100',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Heart', address: '2 Side St', phoneNumber: '+12025550100', users: [{}] });
    const cleared = await admin.client.put(`/api/v1/department/${department.id}`, { address: null, phoneNumber: null });
    expect(cleared.json()).toMatchObject({ name: 'Heart', address: null, phoneNumber: null });
    expect(await audited(t.db, 'department.updated', department.id)).toHaveLength(2);
  });

  it('validates the change', async () => {
    const { practice, department, admin } = await withDepartment();
    await t.db.insert(departments).values({ practiceId: practice.id, name: 'Oncology' });
    const empty = await admin.client.put(`/api/v1/department/${department.id}`, {});
    expect(empty.json()).toMatchObject({ name: 'Cardiology', users: [{}] });
    expect(await audited(t.db, 'department.updated', department.id)).toEqual([]);
    expect((await admin.client.put(`/api/v1/department/${department.id}`, { colour: 'red' })).statusCode).toBe(400);
    expect((await admin.client.put(`/api/v1/department/${department.id}`, { name: 'oncology' })).statusCode).toBe(450);
    expect((await admin.client.put(`/api/v1/department/${department.id}`, { name: 'cardiology' })).statusCode).toBe(
      200,
    );
    expect((await admin.client.put('/api/v1/department/999999', { name: 'X' })).statusCode).toBe(456);
  });

  it('refuses staff and outsiders and changes nothing', async () => {
    const { department, staff, outsider } = await withDepartment();
    for (const client of [staff.client, outsider.client]) {
      expect((await client.put(`/api/v1/department/${department.id}`, { name: 'Taken over' })).statusCode).toBe(403);
    }
    const [row] = await t.db.select().from(departments).where(eq(departments.id, department.id));
    expect(row.name).toBe('Cardiology');
  });
});

describe('DELETE /api/v1/department/:id', () => {
  it('deletes the department; its people stay in the practice', async () => {
    const { practice, department, admin, provider } = await withDepartment();
    const refused = await provider.client.delete(`/api/v1/department/${department.id}`);
    expect(refused.statusCode).toBe(403);
    const res = await admin.client.delete(`/api/v1/department/${department.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await departmentsOf(practice.id)).toEqual([]);
    expect((await admin.client.get(`/api/v1/department/${department.id}`)).statusCode).toBe(456);
    expect(await audited(t.db, 'department.deleted', department.id)).toHaveLength(1);
    expect((await provider.client.get(`/api/v1/roles/practice/${practice.id}`)).statusCode).toBe(200);
  });

  it('refuses outsiders', async () => {
    const { practice, department, outsider } = await withDepartment();
    expect((await outsider.client.delete(`/api/v1/department/${department.id}`)).statusCode).toBe(403);
    expect(await departmentsOf(practice.id)).toHaveLength(1);
  });
});

describe('PUT /api/v1/department/:id/addUser and removeUser', () => {
  it('puts members in and takes them out', async () => {
    const { department, admin, staff, provider } = await withDepartment();
    const added = await admin.client.put(`/api/v1/department/${department.id}/addUser`, { userId: staff.user.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added
        .json()
        .users.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([provider.user.id, staff.user.id].sort());
    const again = await admin.client.put(`/api/v1/department/${department.id}/addUser`, { userId: staff.user.id });
    expect(again.json().users).toHaveLength(2);
    expect(await audited(t.db, 'department.user_added', department.id)).toHaveLength(1);

    const removed = await admin.client.put(`/api/v1/department/${department.id}/removeUser`, {
      userId: provider.user.id,
    });
    expect(removed.json().users.map((u: { id: number }) => u.id)).toEqual([staff.user.id]);
    const notIn = await admin.client.put(`/api/v1/department/${department.id}/removeUser`, {
      userId: provider.user.id,
    });
    expect(notIn.statusCode).toBe(456);
    expect(notIn.json().message).toBe('This person is not in the department');
    expect(await audited(t.db, 'department.user_removed', department.id)).toHaveLength(1);
  });

  it('only takes members of the practice', async () => {
    const { department, admin, outsider } = await withDepartment();
    const res = await admin.client.put(`/api/v1/department/${department.id}/addUser`, { userId: outsider.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only members of the practice can be in its departments');
  });

  it('refuses staff and outsiders and changes nothing', async () => {
    const { department, staff, outsider, provider } = await withDepartment();
    for (const client of [staff.client, outsider.client]) {
      expect(
        (await client.put(`/api/v1/department/${department.id}/addUser`, { userId: staff.user.id })).statusCode,
      ).toBe(403);
      expect(
        (await client.put(`/api/v1/department/${department.id}/removeUser`, { userId: provider.user.id })).statusCode,
      ).toBe(403);
    }
    const rows = await t.db.select().from(departmentMembers).where(eq(departmentMembers.departmentId, department.id));
    expect(rows.map((r) => r.userId)).toEqual([provider.user.id]);
  });
});

describe('GET /api/v1/practice/:id/departments', () => {
  it('lists departments by name with how many people are in each', async () => {
    const { practice, department, staff, admin } = await withDepartment();
    await t.db.insert(departments).values({ practiceId: practice.id, name: 'Admissions' });
    const res = await staff.client.get(`/api/v1/practice/${practice.id}/departments`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: { name: string; userCount: number }) => [d.name, d.userCount])).toEqual([
      ['Admissions', 0],
      ['Cardiology', 1],
    ]);
    expect(res.json()[1]).not.toHaveProperty('users');

    const integration = new TestClient(t.app);
    integration.apiKey = await insertApiKey(t.db, practice.id, admin.user.id, ['PRACTICE_READ']);
    expect((await integration.get(`/api/v1/practice/${practice.id}/departments`)).json()[1].id).toBe(department.id);
  });

  it("refuses outsiders, other practices' keys and anonymous callers", async () => {
    const { practice, otherPractice, outsider } = await withDepartment();
    expect((await outsider.client.get(`/api/v1/practice/${practice.id}/departments`)).statusCode).toBe(403);
    const foreign = new TestClient(t.app);
    foreign.apiKey = await insertApiKey(t.db, otherPractice.id, outsider.user.id, ['PRACTICE_READ']);
    expect((await foreign.get(`/api/v1/practice/${practice.id}/departments`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/practice/${practice.id}/departments`)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/user/:id/departments', () => {
  it("shows one's own departments everywhere, or in one practice", async () => {
    const { practice, department, provider } = await withDepartment();
    const second = await createPractice(t.db);
    await addMember(t.db, second.id, provider.user.id, 'STAFF');
    const [elsewhere] = await t.db.insert(departments).values({ practiceId: second.id, name: 'Billing' }).returning();
    await t.db.insert(departmentMembers).values({ departmentId: elsewhere.id, userId: provider.user.id });

    const all = await provider.client.get(`/api/v1/user/${provider.user.id}/departments`);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((d: { id: number }) => d.id)).toEqual([elsewhere.id, department.id]);
    const one = await provider.client.get(`/api/v1/user/${provider.user.id}/departments?practiceId=${practice.id}`);
    expect(one.json().map((d: { id: number }) => d.id)).toEqual([department.id]);
  });

  it("shows a colleague's departments in a practice both are in, and nothing more", async () => {
    const { practice, department, provider, staff, outsider } = await withDepartment();
    const res = await staff.client.get(`/api/v1/user/${provider.user.id}/departments?practiceId=${practice.id}`);
    expect(res.json().map((d: { id: number }) => d.id)).toEqual([department.id]);
    const unnamed = await staff.client.get(`/api/v1/user/${provider.user.id}/departments`);
    expect(unnamed.statusCode).toBe(403);
    expect(unnamed.json().message).toBe("Name a practice you share to see someone else's departments");
    expect(
      (await outsider.client.get(`/api/v1/user/${provider.user.id}/departments?practiceId=${practice.id}`)).statusCode,
    ).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/user/${provider.user.id}/departments`)).statusCode).toBe(401);
  });
});
