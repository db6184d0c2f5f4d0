import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { customPropertyDefinitions, customPropertyValues } from './practices.table.js';
import { lastAudit, practiceWithTeam, signedIn } from './practices.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const definitionsOf = async (practiceId: number) =>
  (await t.db.select().from(customPropertyDefinitions).where(eq(customPropertyDefinitions.practiceId, practiceId)))
    .map((d) => `${d.moniker}:${d.type}:${d.name}`)
    .sort();
const allValues = async () =>
  (await t.db.select().from(customPropertyValues)).map((v) => `${v.definitionId}:${v.subjectId}:${v.value}`).sort();

describe('custom property definitions', () => {
  it('lets an admin define, list, change and remove properties', async () => {
    const { practice, admin, staff } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const created = await client.post(`/api/v1/practice/${practice.id}/customproperty`, {
      name: 'Member number',
      moniker: '{{MEMBER_NO}}',
      type: 'TEXT',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      practiceId: practice.id,
      name: 'Member number',
      moniker: '{{MEMBER_NO}}',
      type: 'TEXT',
    });
    expect(await lastAudit(t.db, 'practice.custom_property_created', practice.id)).toMatchObject({
      actorUserId: admin.id,
    });
    await client.post(`/api/v1/practice/${practice.id}/customproperty`, {
      name: 'Age',
      moniker: '{{AGE_2}}',
      type: 'NUMBER',
    });

    const list = await (await signedIn(t.app, staff)).get(`/api/v1/practice/${practice.id}/custom-property`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { name: string }) => d.name)).toEqual(['Age', 'Member number']);

    const id = created.json().id;
    const changed = await client.put(`/api/v1/practice/${practice.id}/custom-property/${id}`, {
      name: 'Member id',
      moniker: '{{MEMBER_ID}}',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id, name: 'Member id', moniker: '{{MEMBER_ID}}', type: 'TEXT' });
    expect((await client.delete(`/api/v1/practice/${practice.id}/custom-property/${id}`)).json()).toEqual({ ok: true });
    expect(await lastAudit(t.db, 'practice.custom_property_deleted', practice.id)).toMatchObject({
      details: { propertyId: id, moniker: '{{MEMBER_ID}}' },
    });
    expect(await definitionsOf(practice.id)).toEqual(['{{AGE_2}}:NUMBER:Age']);
  });

  it('refuses a malformed moniker with "Invalid moniker format" and a duplicate with 450', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const url = `/api/v1/practice/${practice.id}/customproperty`;
    for (const moniker of ['MEMBER', '{{member}}', '{MEMBER}', '{{MEMBER-NO}}', '{{}}', '{{ MEMBER }}', undefined]) {
      const res = await client.post(url, { name: 'Member', moniker, type: 'TEXT' });
      expect(res.statusCode, String(moniker)).toBe(400);
      expect(res.json().message, String(moniker)).toBe('Invalid moniker format');
    }
    expect((await client.post(url, { moniker: '{{A}}', type: 'TEXT' })).json().message).toBe('Name is required');
    expect((await client.post(url, { name: 'A', moniker: '{{A}}', type: 'BOOLEAN' })).statusCode).toBe(400);
    const first = await client.post(url, { name: 'Member', moniker: '{{MEMBER}}', type: 'TEXT' });
    expect(first.statusCode).toBe(201);
    const dup = await client.post(url, { name: 'Other', moniker: '{{MEMBER}}', type: 'NUMBER' });
    expect(dup.statusCode).toBe(450);
    expect(dup.json()).toMatchObject({
      code: 'ERROR_OBJECT_EXISTS',
      message: 'A custom property with this moniker already exists',
    });
    const second = (await client.post(url, { name: 'Plan', moniker: '{{PLAN}}', type: 'TEXT' })).json();
    expect(
      (await client.put(`/api/v1/practice/${practice.id}/custom-property/${second.id}`, { moniker: '{{MEMBER}}' }))
        .statusCode,
    ).toBe(450);
    expect(
      (await client.put(`/api/v1/practice/${practice.id}/custom-property/${second.id}`, { moniker: 'PLAN' })).json()
        .message,
    ).toBe('Invalid moniker format');
    expect(await definitionsOf(practice.id)).toEqual(['{{MEMBER}}:TEXT:Member', '{{PLAN}}:TEXT:Plan']);
  });

  it('changes the type only when stored values fit it', async () => {
    const { practice, admin, provider } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const def = (
      await client.post(`/api/v1/practice/${practice.id}/customproperty`, {
        name: 'Score',
        moniker: '{{SCORE}}',
        type: 'TEXT',
      })
    ).json();
    await client.put(`/api/v1/practice/${practice.id}/custom-property/values`, {
      userId: provider.id,
      values: [{ definitionId: def.id, value: '007' }],
    });
    const asNumber = await client.put(`/api/v1/practice/${practice.id}/custom-property/${def.id}`, { type: 'NUMBER' });
    expect(asNumber.statusCode, asNumber.body).toBe(200);
    expect(await allValues()).toContain(`${def.id}:${provider.id}:7`);
    const asDate = await client.put(`/api/v1/practice/${practice.id}/custom-property/${def.id}`, { type: 'DATE' });
    expect(asDate.statusCode).toBe(400);
    expect(asDate.json().message).toBe('Stored values of Score are not all a valid date; clear them first');
    expect(await definitionsOf(practice.id)).toEqual(['{{SCORE}}:NUMBER:Score']);
  });

  it('answers 456 for a property of another practice and refuses staff, outsiders and anonymous callers', async () => {
    const mine = await practiceWithTeam(t.db);
    const theirs = await practiceWithTeam(t.db);
    const [foreign] = await t.db
      .insert(customPropertyDefinitions)
      .values({ practiceId: theirs.practice.id, name: 'X', moniker: '{{X}}', type: 'TEXT' })
      .returning();
    const [own] = await t.db
      .insert(customPropertyDefinitions)
      .values({ practiceId: mine.practice.id, name: 'Y', moniker: '{{Y}}', type: 'TEXT' })
      .returning();
    const admin = await signedIn(t.app, mine.admin);
    expect(
      (await admin.put(`/api/v1/practice/${mine.practice.id}/custom-property/${foreign.id}`, { name: 'Z' })).statusCode,
    ).toBe(456);
    expect((await admin.delete(`/api/v1/practice/${mine.practice.id}/custom-property/${foreign.id}`)).statusCode).toBe(
      456,
    );
    const staff = await signedIn(t.app, mine.staff);
    expect(
      (
        await staff.post(`/api/v1/practice/${mine.practice.id}/customproperty`, {
          name: 'Z',
          moniker: '{{Z}}',
          type: 'TEXT',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await staff.put(`/api/v1/practice/${mine.practice.id}/custom-property/${own.id}`, { name: 'Z' })).statusCode,
    ).toBe(403);
    expect((await staff.delete(`/api/v1/practice/${mine.practice.id}/custom-property/${own.id}`)).statusCode).toBe(403);
    const outsider = await signedIn(t.app, mine.outsider);
    expect((await outsider.get(`/api/v1/practice/${mine.practice.id}/custom-property`)).statusCode).toBe(403);
    expect((await outsider.delete(`/api/v1/practice/${mine.practice.id}/custom-property/${own.id}`)).statusCode).toBe(
      403,
    );
    expect((await new TestClient(t.app).get(`/api/v1/practice/${mine.practice.id}/custom-property`)).statusCode).toBe(
      401,
    );
    expect(await definitionsOf(mine.practice.id)).toEqual(['{{Y}}:TEXT:Y']);
    expect(await definitionsOf(theirs.practice.id)).toEqual(['{{X}}:TEXT:X']);
  });
});

describe('custom property values', () => {
  async function setup() {
    const team = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, team.admin);
    const make = async (name: string, moniker: string, type: string) =>
      (await client.post(`/api/v1/practice/${team.practice.id}/customproperty`, { name, moniker, type })).json()
        .id as number;
    const ids = {
      plan: await make('Plan', '{{PLAN}}', 'TEXT'),
      visits: await make('Visits', '{{VISITS}}', 'NUMBER'),
      renewal: await make('Renewal', '{{RENEWAL}}', 'DATE'),
    };
    return { ...team, client, ids, url: `/api/v1/practice/${team.practice.id}/custom-property/values` };
  }

  it('sets, normalises, reads and clears a member’s values', async () => {
    const { client, ids, url, provider, staff, practice, admin } = await setup();
    const res = await client.put(url, {
      userId: provider.id,
      values: [
        { definitionId: ids.plan, value: ' Gold ' },
        { definitionId: ids.visits, value: '12.50' },
        { definitionId: ids.renewal, value: '2031-02-03' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((v: { name: string; value: string }) => `${v.name}=${v.value}`)).toEqual([
      'Plan=Gold',
      'Renewal=02/03/2031',
      'Visits=12.5',
    ]);
    expect(res.json()[0]).toEqual({ id: expect.any(Number), definitionId: ids.plan, name: 'Plan', value: 'Gold' });
    expect(await lastAudit(t.db, 'practice.custom_values_updated', practice.id)).toMatchObject({
      actorUserId: admin.id,
      subjectUserId: provider.id,
    });

    const read = await (await signedIn(t.app, staff)).get(`${url}?userId=${provider.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(res.json());

    const cleared = await client.put(url, {
      userId: provider.id,
      values: [
        { definitionId: ids.plan, value: '' },
        { definitionId: ids.visits, value: null },
        { definitionId: ids.renewal, value: '12/31/2030' },
      ],
    });
    expect(cleared.json().map((v: { name: string; value: string }) => `${v.name}=${v.value}`)).toEqual([
      'Renewal=12/31/2030',
    ]);
  });

  it('refuses values that do not fit their type, all or nothing, with an issue per value', async () => {
    const { client, ids, url, provider } = await setup();
    await client.put(url, { userId: provider.id, values: [{ definitionId: ids.plan, value: 'Silver' }] });
    const before = await allValues();
    const res = await client.put(url, {
      userId: provider.id,
      values: [
        { definitionId: ids.plan, value: 'Gold' },
        { definitionId: ids.visits, value: 'ten' },
        { definitionId: ids.renewal, value: '02/30/2031' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ['body', 'values', 1, 'value'], message: 'Visits must be a number' },
      { path: ['body', 'values', 2, 'value'], message: 'Renewal must be a date as MM/DD/YYYY' },
    ]);
    const dup = await client.put(url, {
      userId: provider.id,
      values: [
        { definitionId: ids.plan, value: 'A' },
        { definitionId: ids.plan, value: 'B' },
      ],
    });
    expect(dup.json().message).toBe('Each custom property may appear once');
    expect(await allValues()).toEqual(before);
  });

  it('answers 456 for a non-member or a property of another practice', async () => {
    const { client, ids, url, outsider } = await setup();
    const other = await practiceWithTeam(t.db);
    const [foreign] = await t.db
      .insert(customPropertyDefinitions)
      .values({ practiceId: other.practice.id, name: 'F', moniker: '{{F}}', type: 'TEXT' })
      .returning();
    const before = await allValues();
    const stranger = await client.put(url, {
      userId: outsider.id,
      values: [{ definitionId: ids.plan, value: 'Gold' }],
    });
    expect(stranger.statusCode).toBe(456);
    expect(stranger.json().message).toBe('This person is not a member of the practice');
    expect((await client.get(`${url}?userId=${outsider.id}`)).statusCode).toBe(456);
    const foreignDef = await client.put(url, {
      userId: other.admin.id,
      values: [{ definitionId: foreign.id, value: 'x' }],
    });
    expect(foreignDef.statusCode).toBe(456);
    expect(await allValues()).toEqual(before);
  });

  it('lets only admins write, members read, and nobody outside', async () => {
    const { ids, url, provider, staff, outsider } = await setup();
    const before = await allValues();
    const asStaff = await signedIn(t.app, staff);
    expect(
      (await asStaff.put(url, { userId: staff.id, values: [{ definitionId: ids.plan, value: 'Gold' }] })).statusCode,
    ).toBe(403);
    const asOutsider = await signedIn(t.app, outsider);
    expect((await asOutsider.get(`${url}?userId=${provider.id}`)).statusCode).toBe(403);
    expect(
      (await asOutsider.put(url, { userId: provider.id, values: [{ definitionId: ids.plan, value: 'Gold' }] }))
        .statusCode,
    ).toBe(403);
    expect((await new TestClient(t.app).get(`${url}?userId=${provider.id}`)).statusCode).toBe(401);
    expect((await asStaff.get(url)).statusCode).toBe(400);
    expect(await allValues()).toEqual(before);
  });
});
