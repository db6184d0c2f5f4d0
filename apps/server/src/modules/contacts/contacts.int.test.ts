import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { practiceRecents } from '../practices/practices.table.js';
import { practiceContacts } from './contacts.table.js';
import { lastAudit, practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { userContacts } from './contacts.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const contactsOf = async (userId: number) =>
  (await t.db.select().from(userContacts).where(eq(userContacts.userId, userId)))
    .map((c) => c.contactUserId)
    .sort((a, b) => a - b);
const practiceContactsOf = async (practiceId: number) =>
  (await t.db.select().from(practiceContacts).where(eq(practiceContacts.practiceId, practiceId))).map(
    (c) => c.contactPracticeId,
  );
const ids = (body: { data: { id: number }[] }) => body.data.map((x) => x.id);

describe('user contacts', () => {
  it('adds an active provider (twice is harmless), lists and removes them', async () => {
    const me = await practiceWithTeam(t.db);
    const other = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, me.staff);
    const url = `/api/v1/user/${me.staff.id}`;
    const added = await client.post(`${url}/addContact`, { userId: other.provider.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ ok: true });
    expect((await client.post(`${url}/addContact`, { userId: other.provider.id })).statusCode).toBe(200);
    expect(await client.post(`${url}/addContact`, { userId: me.admin.id })).toMatchObject({ statusCode: 200 });
    expect(await contactsOf(me.staff.id)).toEqual([me.admin.id, other.provider.id].sort((a, b) => a - b));
    expect(await lastAudit(t.db, 'user.contact_added')).toMatchObject({ actorUserId: me.staff.id });

    const list = await client.get('/api/v1/contacts');
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(2);
    expect(ids(list.json())).toEqual([me.admin.id, other.provider.id]);
    expect(list.json().data[1]).toEqual({
      id: other.provider.id,
      uuid: other.provider.uuid,
      firstName: 'Paul',
      lastName: other.provider.lastName,
      title: null,
      email: other.provider.email,
      practices: [{ id: other.practice.id, name: other.practice.name }],
    });
    expect(ids((await client.get('/api/v1/contacts?search=paul')).json())).toEqual([other.provider.id]);
    expect((await client.get('/api/v1/contacts?pageSize=1&page=1')).json()).toMatchObject({
      count: 2,
      data: [{ id: other.provider.id }],
    });

    expect((await client.post(`${url}/removeContact`, { userId: other.provider.id })).json()).toEqual({ ok: true });
    expect((await client.post(`${url}/removeContact`, { userId: other.provider.id })).statusCode).toBe(200);
    expect(await contactsOf(me.staff.id)).toEqual([me.admin.id]);
    expect(await lastAudit(t.db, 'user.contact_removed')).toMatchObject({ actorUserId: me.staff.id });
  });

  it('refuses yourself, patients, locked and unknown accounts', async () => {
    const me = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, me.staff);
    const url = `/api/v1/user/${me.staff.id}/addContact`;
    const self = await client.post(url, { userId: me.staff.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot add yourself as a contact');
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    const locked = await createUser(t.db, { lockedAt: new Date() });
    for (const userId of [patient.id, locked.id, 999_999]) {
      const res = await client.post(url, { userId });
      expect(res.statusCode).toBe(456);
      expect(res.json().message).toBe('No such provider');
    }
    expect((await client.post(url, {})).statusCode).toBe(400);
    expect(await contactsOf(me.staff.id)).toEqual([]);
  });

  it('acts only on your own account', async () => {
    const me = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, me.outsider);
    await t.db.insert(userContacts).values({ userId: me.staff.id, contactUserId: me.admin.id });
    expect((await client.post(`/api/v1/user/${me.staff.id}/addContact`, { userId: me.provider.id })).statusCode).toBe(
      403,
    );
    expect((await client.post(`/api/v1/user/${me.staff.id}/removeContact`, { userId: me.admin.id })).statusCode).toBe(
      403,
    );
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    expect(
      (await anonymous.post(`/api/v1/user/${me.staff.id}/addContact`, { userId: me.provider.id })).statusCode,
    ).toBe(401);
    expect((await anonymous.get('/api/v1/contacts')).statusCode).toBe(401);
    expect(await contactsOf(me.staff.id)).toEqual([me.admin.id]);
  });
});

describe('GET /api/v1/contacts/users', () => {
  it('gives your contacts plus the members of the practice asked for, never you or locked accounts', async () => {
    const me = await practiceWithTeam(t.db);
    const other = await practiceWithTeam(t.db);
    const locked = await createUser(t.db, { lockedAt: new Date() });
    await addMember(t.db, me.practice.id, locked.id, 'STAFF');
    const client = await signedIn(t.app, me.staff);
    await client.post(`/api/v1/user/${me.staff.id}/addContact`, { userId: other.provider.id });
    expect(ids((await client.get('/api/v1/contacts/users')).json())).toEqual([other.provider.id]);
    const withPractice = (await client.get(`/api/v1/contacts/users?practiceId=${me.practice.id}`)).json();
    expect(withPractice.count).toBe(3);
    expect(ids(withPractice).sort((a, b) => a - b)).toEqual(
      [me.admin.id, me.provider.id, other.provider.id].sort((a, b) => a - b),
    );
    expect(ids((await client.get(`/api/v1/contacts/users?practiceId=${me.practice.id}&query=sam`)).json())).toEqual([]);
    expect(ids((await client.get(`/api/v1/contacts/users?practiceId=${me.practice.id}&query=ada`)).json())).toEqual([
      me.admin.id,
    ]);
    const paged = (await client.get(`/api/v1/contacts/users?practiceId=${me.practice.id}&skip=1&limit=1`)).json();
    expect(paged).toMatchObject({ count: 3 });
    expect(paged.data).toHaveLength(1);
  });

  it('answers 403 for a practice you are not in', async () => {
    const me = await practiceWithTeam(t.db);
    const res = await (await signedIn(t.app, me.outsider)).get(`/api/v1/contacts/users?practiceId=${me.practice.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(me.staff.email!);
  });
});

describe('practice contacts', () => {
  it('adds (twice is harmless), lists for every member and removes a practice contact', async () => {
    const me = await practiceWithTeam(t.db);
    const target = await createPractice(t.db, { name: `Target ${Date.now()}` });
    const second = await createPractice(t.db, { name: `Second ${Date.now()}` });
    const client = await signedIn(t.app, me.staff);
    const url = `/api/v1/practice/${me.practice.id}`;
    expect((await client.post(`${url}/addContact`, { practiceId: target.id })).json()).toEqual({ ok: true });
    expect((await client.post(`${url}/addContact`, { practiceId: target.id })).statusCode).toBe(200);
    await client.post(`${url}/addContact`, { practiceId: second.id });
    expect((await practiceContactsOf(me.practice.id)).sort()).toEqual([target.id, second.id].sort());
    expect(await lastAudit(t.db, 'practice.contact_added', me.practice.id)).toMatchObject({ actorUserId: me.staff.id });
    const recents = await t.db.select().from(practiceRecents).where(eq(practiceRecents.practiceId, me.practice.id));
    expect(recents.map((r) => r.otherPracticeId).sort()).toEqual([target.id, second.id].sort());

    const listed = (await (await signedIn(t.app, me.provider)).get('/api/v1/contacts/practices')).json();
    expect(listed.count).toBe(2);
    expect(ids(listed).sort()).toEqual([target.id, second.id].sort());
    const searched = (
      await client.get(`/api/v1/contacts/practices?query=${encodeURIComponent(target.name.slice(0, 8))}`)
    ).json();
    expect(ids(searched)).toEqual([target.id]);
    expect((await client.get('/api/v1/contacts/practices?limit=1&skip=1')).json().data).toHaveLength(1);
    expect((await (await signedIn(t.app, me.outsider)).get('/api/v1/contacts/practices')).json()).toEqual({
      data: [],
      count: 0,
    });

    expect((await client.post(`${url}/removeContact`, { practiceId: target.id })).json()).toEqual({ ok: true });
    expect(await practiceContactsOf(me.practice.id)).toEqual([second.id]);
    expect(await lastAudit(t.db, 'practice.contact_removed', me.practice.id)).toMatchObject({
      details: { contactPracticeId: target.id },
    });
  });

  it("lists one practice's own address book when asked, and refuses a practice you are not in", async () => {
    const me = await practiceWithTeam(t.db);
    const mine = await createPractice(t.db, { name: `Mine ${Date.now()}` });
    const theirs = await createPractice(t.db, { name: `Theirs ${Date.now()}` });
    // The admin also works at the other practice, whose address book is not this one's.
    await addMember(t.db, me.otherPractice.id, me.admin.id, 'STAFF');
    await t.db.insert(practiceContacts).values([
      { practiceId: me.practice.id, contactPracticeId: mine.id },
      { practiceId: me.otherPractice.id, contactPracticeId: theirs.id },
    ]);
    const client = await signedIn(t.app, me.admin);
    expect(ids((await client.get('/api/v1/contacts/practices')).json()).sort()).toEqual([mine.id, theirs.id].sort());
    expect((await client.get(`/api/v1/contacts/practices?practiceId=${me.practice.id}`)).json()).toMatchObject({
      data: [{ id: mine.id }],
      count: 1,
    });
    const refused = await (
      await signedIn(t.app, me.outsider)
    ).get(`/api/v1/contacts/practices?practiceId=${me.practice.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(mine.name);
  });

  it('refuses the practice itself and unknown or inactive practices', async () => {
    const me = await practiceWithTeam(t.db);
    const inactive = await createPractice(t.db, { active: false });
    const client = await signedIn(t.app, me.admin);
    const self = await client.post(`/api/v1/practice/${me.practice.id}/addContact`, { practiceId: me.practice.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('A practice cannot add itself as a contact');
    for (const practiceId of [inactive.id, 999_999]) {
      const res = await client.post(`/api/v1/practice/${me.practice.id}/addContact`, { practiceId });
      expect(res.statusCode).toBe(456);
      expect(res.json().message).toBe('No such practice');
    }
    expect(await practiceContactsOf(me.practice.id)).toEqual([]);
  });

  it('refuses outsiders and anonymous callers, changing nothing', async () => {
    const me = await practiceWithTeam(t.db);
    await t.db.insert(practiceContacts).values({ practiceId: me.practice.id, contactPracticeId: me.otherPractice.id });
    const outsider = await signedIn(t.app, me.outsider);
    expect(
      (await outsider.post(`/api/v1/practice/${me.practice.id}/addContact`, { practiceId: me.otherPractice.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await outsider.post(`/api/v1/practice/${me.practice.id}/removeContact`, { practiceId: me.otherPractice.id }))
        .statusCode,
    ).toBe(403);
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    expect(
      (await anonymous.post(`/api/v1/practice/${me.practice.id}/removeContact`, { practiceId: me.otherPractice.id }))
        .statusCode,
    ).toBe(401);
    expect((await anonymous.get('/api/v1/contacts/practices')).statusCode).toBe(401);
    expect(await practiceContactsOf(me.practice.id)).toEqual([me.otherPractice.id]);
  });
});
