import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { practiceTags } from './practices.table.js';
import { lastAudit, practiceWithTeam, signedIn } from './practices.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tagsOf = async (practiceId: number) =>
  (await t.db.select().from(practiceTags).where(eq(practiceTags.practiceId, practiceId)))
    .map((x) => `${x.context}:${x.name}:${x.color}`)
    .sort();

describe('practice tags', () => {
  it('lets an admin add, list, change and remove tags', async () => {
    const { practice, admin, staff } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const base = `/api/v1/practice/${practice.id}/tags`;
    const created = await client.post(base, { name: ' Urgent ', color: '#FF0000' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      practiceId: practice.id,
      name: 'Urgent',
      color: '#ff0000',
      context: 'GENERAL',
    });
    expect(await lastAudit(t.db, 'practice.tag_created', practice.id)).toMatchObject({ actorUserId: admin.id });
    await client.post(base, { name: 'Knee', color: '#00ff00', context: 'REFERRAL' });
    await client.post(base, { name: 'apple', color: '#0000ff' });

    const asStaff = await signedIn(t.app, staff);
    const all = (await asStaff.get(base)).json();
    expect(all.map((x: { context: string; name: string }) => `${x.context}:${x.name}`)).toEqual([
      'GENERAL:apple',
      'GENERAL:Urgent',
      'REFERRAL:Knee',
    ]);
    expect((await asStaff.get(`${base}?context=REFERRAL`)).json().map((x: { name: string }) => x.name)).toEqual([
      'Knee',
    ]);
    expect((await asStaff.get(`${base}?context=NOPE`)).statusCode).toBe(400);

    const id = created.json().id;
    const renamed = await client.put(`${base}/${id}`, { name: 'Very urgent' });
    expect(renamed.json()).toMatchObject({ id, name: 'Very urgent', color: '#ff0000', context: 'GENERAL' });
    expect((await client.put(`${base}/${id}`, { color: '#123abc' })).json()).toMatchObject({
      name: 'Very urgent',
      color: '#123abc',
    });
    expect((await client.put(`${base}/${id}`, {})).json()).toMatchObject({ name: 'Very urgent' });
    expect(await lastAudit(t.db, 'practice.tag_updated', practice.id)).toBeTruthy();
    expect((await client.delete(`${base}/${id}`)).json()).toEqual({ ok: true });
    expect(await lastAudit(t.db, 'practice.tag_deleted', practice.id)).toMatchObject({
      details: { tagId: id, name: 'Very urgent' },
    });
    expect(await tagsOf(practice.id)).toEqual(['GENERAL:apple:#0000ff', 'REFERRAL:Knee:#00ff00']);
  });

  it('answers 450 for a name already used in the same context, ignoring case', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const base = `/api/v1/practice/${practice.id}/tags`;
    await client.post(base, { name: 'Urgent', color: '#ff0000' });
    const other = (await client.post(base, { name: 'Routine', color: '#00ff00' })).json();
    const dup = await client.post(base, { name: 'URGENT', color: '#000000' });
    expect(dup.statusCode).toBe(450);
    expect(dup.json()).toMatchObject({ code: 'ERROR_OBJECT_EXISTS', message: 'A tag with this name already exists' });
    expect((await client.put(`${base}/${other.id}`, { name: 'urgent' })).statusCode).toBe(450);
    expect((await client.post(base, { name: 'Urgent', color: '#ff0000', context: 'PATIENT' })).statusCode).toBe(201);
    expect((await client.put(`${base}/${other.id}`, { name: 'ROUTINE' })).json().name).toBe('ROUTINE');
  });

  it('explains bad input and changes nothing', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const base = `/api/v1/practice/${practice.id}/tags`;
    const cases: [Record<string, unknown>, string][] = [
      [{ color: '#ff0000' }, 'Tag name is required'],
      [{ name: '  ', color: '#ff0000' }, 'Tag name is required'],
      [{ name: 'x'.repeat(51), color: '#ff0000' }, 'Tag names are at most 50 characters'],
      [{ name: 'Red' }, 'Colour is required'],
      [{ name: 'Red', color: 'red' }, 'Use a colour like #1a2b3c'],
      [{ name: 'Red', color: '#ff00' }, 'Use a colour like #1a2b3c'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post(base, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await tagsOf(practice.id)).toEqual([]);
  });

  it('answers 456 for a tag of another practice, and refuses staff, outsiders and anonymous callers', async () => {
    const mine = await practiceWithTeam(t.db);
    const theirs = await practiceWithTeam(t.db);
    const [foreign] = await t.db
      .insert(practiceTags)
      .values({ practiceId: theirs.practice.id, name: 'Theirs', color: '#111111' })
      .returning();
    const [own] = await t.db
      .insert(practiceTags)
      .values({ practiceId: mine.practice.id, name: 'Mine', color: '#222222' })
      .returning();
    const admin = await signedIn(t.app, mine.admin);
    expect(
      (await admin.put(`/api/v1/practice/${mine.practice.id}/tags/${foreign.id}`, { name: 'Stolen' })).statusCode,
    ).toBe(456);
    expect((await admin.delete(`/api/v1/practice/${mine.practice.id}/tags/${foreign.id}`)).statusCode).toBe(456);
    expect(
      (await admin.put(`/api/v1/practice/${theirs.practice.id}/tags/${foreign.id}`, { name: 'Stolen' })).statusCode,
    ).toBe(403);

    const staff = await signedIn(t.app, mine.staff);
    expect(
      (await staff.post(`/api/v1/practice/${mine.practice.id}/tags`, { name: 'New', color: '#333333' })).statusCode,
    ).toBe(403);
    expect(
      (await staff.put(`/api/v1/practice/${mine.practice.id}/tags/${own.id}`, { name: 'Changed' })).statusCode,
    ).toBe(403);
    expect((await staff.delete(`/api/v1/practice/${mine.practice.id}/tags/${own.id}`)).statusCode).toBe(403);
    const outsider = await signedIn(t.app, mine.outsider);
    expect((await outsider.get(`/api/v1/practice/${mine.practice.id}/tags`)).statusCode).toBe(403);
    expect((await outsider.delete(`/api/v1/practice/${mine.practice.id}/tags/${own.id}`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/practice/${mine.practice.id}/tags`)).statusCode).toBe(401);
    expect(await tagsOf(mine.practice.id)).toEqual(['GENERAL:Mine:#222222']);
    expect(await tagsOf(theirs.practice.id)).toEqual(['GENERAL:Theirs:#111111']);
  });
});
