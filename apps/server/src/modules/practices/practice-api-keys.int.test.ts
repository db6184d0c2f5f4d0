import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { practices } from '../../core/index.js';
import { apiKeyClient, lastAudit, practiceRow, practiceWithTeam } from './practices.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const reads = (id: number) => [
  `/api/v1/practice/${id}`,
  `/api/v1/practice/${id}/summary`,
  `/api/v1/practice/${id}/gates?type=WEB&version=4.3.0`,
  `/api/v1/practice/${id}/tags`,
  `/api/v1/practice/${id}/custom-property`,
];
const people = (id: number) => [`/api/v1/practice/${id}/providers`, `/api/v1/practice/${id}/users`];

describe('practices called with an API key', () => {
  it('lets a key with PRACTICE_READ read its practice, but not its people or anything else', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    await t.db.update(practices).set({ stripeId: 'cus_secretish' }).where(eq(practices.id, practice.id));
    const key = await apiKeyClient(t.app, t.db, practice.id, admin.id, ['PRACTICE_READ']);
    for (const url of reads(practice.id)) expect((await key.get(url)).statusCode, url).toBe(200);
    const full = (await key.get(`/api/v1/practice/${practice.id}`)).json();
    expect(full).toMatchObject({ id: practice.id, name: practice.name, stripeId: null });
    for (const url of people(practice.id)) {
      const res = await key.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('This API key may not do that');
    }
    // Endpoints that do not take keys refuse them outright.
    expect((await key.get(`/api/v1/practice/${practice.id}/recentPractices`)).statusCode).toBe(401);
    expect((await key.put(`/api/v1/practice/${practice.id}/addAdmin`, { userId: admin.id })).statusCode).toBe(401);
  });

  it('lets a key with USERS_READ list the practice’s providers and users', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const key = await apiKeyClient(t.app, t.db, practice.id, admin.id, ['USERS_READ']);
    for (const url of people(practice.id)) expect((await key.get(url)).statusCode, url).toBe(200);
    expect((await key.get(`/api/v1/practice/${practice.id}/users`)).json().count).toBe(3);
  });

  it('lets a key with PRACTICE_WRITE edit the practice, audited with the key; a read-only key cannot', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const readOnly = await apiKeyClient(t.app, t.db, practice.id, admin.id, ['PRACTICE_READ']);
    const before = await practiceRow(t.db, practice.id);
    expect(
      (await readOnly.put(`/api/v1/practice/${practice.id}`, { name: 'By key', address: '1 Key St' })).statusCode,
    ).toBe(403);
    expect(await practiceRow(t.db, practice.id)).toEqual(before);
    const writer = await apiKeyClient(t.app, t.db, practice.id, admin.id, ['PRACTICE_WRITE']);
    const res = await writer.put(`/api/v1/practice/${practice.id}`, { name: 'By key', address: '1 Key St' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'By key', address: '1 Key St' });
    const audit = await lastAudit(t.db, 'practice.updated', practice.id);
    expect(audit).toMatchObject({ actorUserId: admin.id, details: { apiKeyId: expect.any(Number) } });
  });

  it('refuses a key of another practice (403) except for summaries, and a deactivated key (401)', async () => {
    const mine = await practiceWithTeam(t.db);
    const theirs = await practiceWithTeam(t.db);
    const foreign = await apiKeyClient(t.app, t.db, theirs.practice.id, theirs.admin.id, [
      'PRACTICE_READ',
      'PRACTICE_WRITE',
      'USERS_READ',
    ]);
    for (const url of [...reads(mine.practice.id), ...people(mine.practice.id)]) {
      const res = await foreign.get(url);
      // Summaries are open to every signed-in caller with read rights, as they are to users.
      expect(res.statusCode, url).toBe(url.endsWith('/summary') ? 200 : 403);
    }
    const before = await practiceRow(t.db, mine.practice.id);
    expect(
      (await foreign.put(`/api/v1/practice/${mine.practice.id}`, { name: 'Taken', address: 'x' })).statusCode,
    ).toBe(403);
    expect(await practiceRow(t.db, mine.practice.id)).toEqual(before);

    const dead = await apiKeyClient(
      t.app,
      t.db,
      mine.practice.id,
      mine.admin.id,
      ['PRACTICE_READ', 'PRACTICE_WRITE', 'USERS_READ'],
      false,
    );
    for (const url of [...reads(mine.practice.id), ...people(mine.practice.id)]) {
      const res = await dead.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('API key is not valid here');
    }
    expect((await dead.put(`/api/v1/practice/${mine.practice.id}`, { name: 'Dead', address: 'x' })).statusCode).toBe(
      401,
    );
    expect(await practiceRow(t.db, mine.practice.id)).toEqual(before);
  });

  it('needs read rights for a summary', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const writeOnly = await apiKeyClient(t.app, t.db, practice.id, admin.id, ['INVITES_WRITE']);
    expect((await writeOnly.get(`/api/v1/practice/${practice.id}/summary`)).statusCode).toBe(403);
  });
});
