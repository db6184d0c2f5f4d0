import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { practicesApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { createPractice } from '../../test/factories.js';
import { practices } from '../../core/index.js';
import { touchRecentPractice } from './index.js';
import { lastAudit, practiceRow, practiceWithTeam, signedIn } from './practices.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/practice/{id}/gates', () => {
  it('gives the defaults overridden by the practice’s own flags, ignoring unknown names', async () => {
    const { practice, staff } = await practiceWithTeam(t.db);
    await t.db
      .update(practices)
      .set({ gates: { chat: false, customProperties: false, teleport: true } })
      .where(eq(practices.id, practice.id));
    const res = await (
      await signedIn(t.app, staff)
    ).get(`/api/v1/practice/${practice.id}/gates?type=WEB&version=4.3.0`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...practicesApi.DEFAULT_GATES, chat: false, customProperties: false });
  });

  it('turns on what exists and keeps areas this release lacks off, whatever the practice has stored', async () => {
    const { practice, staff } = await practiceWithTeam(t.db);
    await t.db
      .update(practices)
      .set({ gates: { appointments: true, calendar: true, content: true, billing: true, bots: true } })
      .where(eq(practices.id, practice.id));
    const gates = (await (await signedIn(t.app, staff)).get(`/api/v1/practice/${practice.id}/gates`)).json();
    expect(gates).toMatchObject({
      referrals: true,
      chat: true,
      patients: true,
      forms: true,
      networks: true,
      appointments: false,
      calendar: false,
      inbox: false,
      content: false,
      analytics: false,
      billing: false,
      bots: false,
    });
  });

  it('validates type and version', async () => {
    const { practice, staff } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, staff);
    expect((await client.get(`/api/v1/practice/${practice.id}/gates`)).statusCode).toBe(200);
    expect((await client.get(`/api/v1/practice/${practice.id}/gates?type=IOS&version=5.0.1`)).statusCode).toBe(200);
    expect((await client.get(`/api/v1/practice/${practice.id}/gates?type=TV`)).statusCode).toBe(400);
    const version = await client.get(`/api/v1/practice/${practice.id}/gates?version=latest`);
    expect(version.statusCode).toBe(400);
    expect(version.json().message).toBe('Version must look like 4.3.0');
  });

  it('answers 403 to outsiders and 401 anonymously', async () => {
    const { practice, outsider } = await practiceWithTeam(t.db);
    expect((await (await signedIn(t.app, outsider)).get(`/api/v1/practice/${practice.id}/gates`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`/api/v1/practice/${practice.id}/gates`)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/practice/{id}/recentPractices', () => {
  it('lists practices dealt with lately, newest first, leaving out inactive ones', async () => {
    const { practice, staff } = await practiceWithTeam(t.db);
    const [a, b, c] = [
      await createPractice(t.db, { name: 'Recent A' }),
      await createPractice(t.db, { name: 'Recent B' }),
      await createPractice(t.db, { name: 'Recent C' }),
    ];
    const client = await signedIn(t.app, staff);
    expect((await client.get(`/api/v1/practice/${practice.id}/recentPractices`)).json()).toEqual([]);
    // Adding a contact touches the list; chats and referrals call the same helper.
    expect((await client.post(`/api/v1/practice/${practice.id}/addContact`, { practiceId: a.id })).statusCode).toBe(
      200,
    );
    await touchRecentPractice(t.db, practice.id, b.id);
    await touchRecentPractice(t.db, practice.id, c.id);
    await touchRecentPractice(t.db, practice.id, a.id);
    await touchRecentPractice(t.db, practice.id, practice.id);
    await t.db.update(practices).set({ active: false }).where(eq(practices.id, c.id));
    const res = await client.get(`/api/v1/practice/${practice.id}/recentPractices`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([a.id, b.id]);
    expect(res.json()[0]).toMatchObject({ name: 'Recent A', uuid: a.uuid });
  });

  it('answers 403 to outsiders', async () => {
    const { practice, outsider } = await practiceWithTeam(t.db);
    expect(
      (await (await signedIn(t.app, outsider)).get(`/api/v1/practice/${practice.id}/recentPractices`)).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/v1/practices?query', () => {
  it('finds active practices by part of the name, ignoring case, and tolerates a typo', async () => {
    const { outsider } = await practiceWithTeam(t.db);
    const marker = `Zephyr${Date.now()}`;
    const [north, south, closed] = [
      await createPractice(t.db, { name: `${marker} North Dental` }),
      await createPractice(t.db, { name: `${marker} South Dental` }),
      await createPractice(t.db, { name: `${marker} Closed Dental`, active: false }),
    ];
    await createPractice(t.db, { name: 'Orthodontics of Springfield' });
    const client = await signedIn(t.app, outsider);
    const res = await client.get(`/api/v1/practices?query=${marker.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(
      res
        .json()
        .data.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([north.id, south.id].sort());
    expect(res.json().data.map((p: { id: number }) => p.id)).not.toContain(closed.id);
    const typo = await client.get('/api/v1/practices?query=Orthodontiks');
    expect(typo.json().data.map((p: { name: string }) => p.name)).toContain('Orthodontics of Springfield');
  });

  it('treats % and _ as text, pages by 30, and requires a query', async () => {
    const { outsider } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, outsider);
    expect((await client.get('/api/v1/practices?query=%25')).json()).toEqual({ data: [], count: 0 });
    const marker = `Paged${Date.now()}`;
    for (let i = 0; i < 32; i++) await createPractice(t.db, { name: `${marker} ${String(i).padStart(2, '0')}` });
    const first = (await client.get(`/api/v1/practices?query=${marker}`)).json();
    expect(first.count).toBe(32);
    expect(first.data).toHaveLength(30);
    expect((await client.get(`/api/v1/practices?query=${marker}&page=1`)).json().data).toHaveLength(2);
    const missing = await client.get('/api/v1/practices');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Enter part of a practice name');
    expect((await client.get('/api/v1/practices?query=%20')).json().message).toBe('Enter part of a practice name');
    expect((await new TestClient(t.app).get(`/api/v1/practices?query=${marker}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/practice/{id}/billingEmail', () => {
  it('lets an admin set where invoices go, and audits it', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const res = await (
      await signedIn(t.app, admin)
    ).put(`/api/v1/practice/${practice.id}/billingEmail`, { billingEmail: ' Billing@Example.test ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().billingEmail).toBe('billing@example.test');
    expect((await lastAudit(t.db, 'practice.billing_email_changed', practice.id))?.details).toEqual({
      from: null,
      to: 'billing@example.test',
    });
  });

  it('validates the address and refuses non-admins, outsiders and anonymous callers', async () => {
    const { practice, admin, provider, outsider } = await practiceWithTeam(t.db);
    const bad = await (
      await signedIn(t.app, admin)
    ).put(`/api/v1/practice/${practice.id}/billingEmail`, { billingEmail: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid e-mail address');
    const missing = await (await signedIn(t.app, admin)).put(`/api/v1/practice/${practice.id}/billingEmail`, {});
    expect(missing.json().message).toBe('E-mail is required');
    const asProvider = await (
      await signedIn(t.app, provider)
    ).put(`/api/v1/practice/${practice.id}/billingEmail`, { billingEmail: 'x@example.test' });
    expect(asProvider.statusCode).toBe(403);
    expect(asProvider.json().message).toBe(
      'Your role does not allow you to set the billing e-mail and billing arrangements',
    );
    expect(
      (
        await (
          await signedIn(t.app, outsider)
        ).put(`/api/v1/practice/${practice.id}/billingEmail`, { billingEmail: 'x@example.test' })
      ).statusCode,
    ).toBe(403);
    expect((await practiceRow(t.db, practice.id)).billingEmail).toBeNull();
  });
});
