import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { intakeApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { specialities } from '../catalogues/catalogues.table.js';
import { lastAudit } from '../practices/practices.test-factories.js';
import { staffMember, type Staff } from '../chats/chats.test-factories.js';
import { createBot, freshEndpoint } from './intake.test-factories.js';

let t: TestApp;
let admin: Staff;
let specialityIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffMember(t, 'ADMIN');
  specialityIds = (await t.db.select({ id: specialities.id }).from(specialities).orderBy(specialities.id).limit(2)).map(
    (r) => r.id,
  );
});
afterAll(async () => {
  await t?.close();
});

type Issue = { path: (string | number)[]; message: string };
const issuesOf = (res: { json(): unknown }) =>
  (res.json() as { issues: Issue[] }).issues.map((i) => [i.path.slice(1).join('.'), i.message]);

describe('creating and reading bots', () => {
  it('gives an admin a form at its own public address, which everyone in the practice sees', async () => {
    const endpoint = freshEndpoint('Riverside-Intake');
    const bot = await createBot(admin, {
      endpoint,
      emailsToNotify: ['Front.Desk@Example.test'],
      specialities: specialityIds,
      specialityQuestionType: 'DROPDOWN',
      colorScheme: '#2f9e44',
    });
    expect(bot).toMatchObject({
      practiceId: admin.practiceId,
      name: 'New patients',
      endpoint: endpoint.toLowerCase(),
      colorScheme: '#2f9e44',
      formUrl: `http://localhost:3000/form/${endpoint.toLowerCase()}`,
      emailsToNotify: ['front.desk@example.test'],
      specialities: specialityIds,
      specialityQuestionType: 'DROPDOWN',
      unread: 0,
    });
    expect(await lastAudit(t.db, 'bot.created', bot.id)).toMatchObject({ actorUserId: admin.user.id });
    const staff = await staffMember(t, 'STAFF', admin.practiceId);
    expect((await staff.client.get(`/api/v1/bot/${bot.id}`)).json()).toEqual(bot);
    const listed = (await staff.client.get(`/api/v1/practice/${admin.practiceId}/bots`)).json<{
      data: intakeApi.Bot[];
      count: number;
    }>();
    expect(listed.data.map((b) => b.id)).toContain(bot.id);
  });

  it('refuses a form that cannot work, saying which field is wrong', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ endpoint: 'a b' }, 'endpoint', 'Use letters, digits and single hyphens, e.g. riverside-intake'],
      [{ colorScheme: 'green' }, 'colorScheme', 'Use a colour like #1a2b3c'],
      [{ emailsToNotify: ['not-an-address'] }, 'emailsToNotify.0', 'Invalid e-mail address'],
      [{ specialityQuestionType: 'QUICK_REPLIES' }, 'specialities', 'Choose the specialities the form offers'],
      [{ specialities: [999_999], specialityQuestionType: 'DROPDOWN' }, 'specialities', 'No such speciality: 999999'],
    ];
    for (const [change, field, message] of cases) {
      const res = await admin.client.post('/api/v1/bots', {
        practiceId: admin.practiceId,
        name: 'Form',
        endpoint: freshEndpoint(),
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(issuesOf(res), JSON.stringify(change)).toContainEqual([field, message]);
    }
  });
});

describe('form addresses', () => {
  it('are unique among live forms in any case, and a form taken down frees its address and stops answering', async () => {
    const bot = await createBot(admin);
    const other = await staffMember(t, 'ADMIN');
    const clash = await other.client.post('/api/v1/bots', {
      practiceId: other.practiceId,
      name: 'Mine',
      endpoint: bot.endpoint.toUpperCase(),
    });
    expect(clash.statusCode).toBe(450);
    expect(issuesOf(clash)).toEqual([['endpoint', 'This address is taken']]);
    const check = (query: string) =>
      admin.client.get(`/api/v1/bot/checkEndpoint?${query}`).then((r) => r.json<{ available: boolean }>().available);
    expect(await check(`endpoint=${bot.endpoint}`)).toBe(false);
    expect(await check(`endpoint=${bot.endpoint}&id=${bot.id}`)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/patient/form/${bot.endpoint}` })).statusCode).toBe(200);

    const removed = await admin.client.delete(`/api/v1/bot/${bot.id}?practiceId=${admin.practiceId}`);
    expect(removed.json()).toEqual({ ok: true });
    expect(await lastAudit(t.db, 'bot.deleted', bot.id)).toMatchObject({ actorUserId: admin.user.id });
    // It moves to the forms taken down, where its submissions are still read; it cannot be changed.
    expect((await admin.client.get(`/api/v1/bot/${bot.id}`)).json()).toMatchObject({
      id: bot.id,
      takenDownAt: expect.any(Number),
    });
    const listed = async (query: string) =>
      (await admin.client.get(`/api/v1/practice/${admin.practiceId}/bots?${query}`))
        .json<{ data: { id: number }[] }>()
        .data.map((b) => b.id);
    expect(await listed('')).not.toContain(bot.id);
    expect(await listed('takenDown=true')).toContain(bot.id);
    expect(
      (await admin.client.put(`/api/v1/bot/${bot.id}`, { practiceId: admin.practiceId, name: 'Back again' }))
        .statusCode,
    ).toBe(456);
    const form = await t.app.inject({ method: 'GET', url: `/api/v1/patient/form/${bot.endpoint}` });
    expect([form.statusCode, form.json().message]).toEqual([456, 'This form is no longer available']);
    expect(await check(`endpoint=${bot.endpoint}`)).toBe(true);
    expect(
      (await other.client.post('/api/v1/bots', { practiceId: other.practiceId, name: 'Mine', endpoint: bot.endpoint }))
        .statusCode,
    ).toBe(201);
  });
});

describe('changing bots', () => {
  it('changes only the fields sent, and checks the result as a whole', async () => {
    const bot = await createBot(admin, { emailsToNotify: ['desk@example.test'], colorScheme: '#e8590c' });
    const put = (body: Record<string, unknown>) =>
      admin.client.put(`/api/v1/bot/${bot.id}`, { practiceId: admin.practiceId, ...body });
    const renamed = await put({ name: 'Walk-ins' });
    expect(renamed.json()).toMatchObject({
      name: 'Walk-ins',
      colorScheme: '#e8590c',
      emailsToNotify: ['desk@example.test'],
      endpoint: bot.endpoint,
    });
    expect((await lastAudit(t.db, 'bot.updated', bot.id))?.details).toMatchObject({ fields: ['name'] });

    const noChoices = await put({ specialityQuestionType: 'DROPDOWN' });
    expect([noChoices.statusCode, issuesOf(noChoices)]).toEqual([
      400,
      [['specialities', 'Choose the specialities the form offers']],
    ]);
    expect((await put({ specialities: specialityIds })).json().specialityQuestionType).toBe('NONE');
    expect((await put({ specialityQuestionType: 'QUICK_REPLIES' })).json()).toMatchObject({
      specialityQuestionType: 'QUICK_REPLIES',
      specialities: specialityIds,
    });

    const taken = await createBot(admin);
    expect((await put({ endpoint: taken.endpoint })).statusCode).toBe(450);
    expect((await put({ endpoint: bot.endpoint })).statusCode).toBe(200);
  });
});

describe('who may do what with bots', () => {
  it('lets only admins manage them, and hides them from other practices', async () => {
    const bot = await createBot(admin);
    for (const role of ['PROVIDER', 'STAFF'] as const) {
      const member = await staffMember(t, role, admin.practiceId);
      expect((await member.client.get(`/api/v1/bot/${bot.id}`)).statusCode).toBe(200);
      expect(
        (
          await member.client.post('/api/v1/bots', {
            practiceId: admin.practiceId,
            name: 'X',
            endpoint: freshEndpoint(),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await member.client.put(`/api/v1/bot/${bot.id}`, { practiceId: admin.practiceId, name: 'X' })).statusCode,
      ).toBe(403);
      expect((await member.client.delete(`/api/v1/bot/${bot.id}?practiceId=${admin.practiceId}`)).statusCode).toBe(403);
    }
    const outsider = await staffMember(t, 'ADMIN');
    expect((await outsider.client.get(`/api/v1/bot/${bot.id}`)).statusCode).toBe(456);
    expect((await outsider.client.get(`/api/v1/bot/${bot.id}/submissions`)).statusCode).toBe(456);
    expect(
      (await outsider.client.put(`/api/v1/bot/${bot.id}`, { practiceId: outsider.practiceId, name: 'Mine now' }))
        .statusCode,
    ).toBe(456);
    expect((await outsider.client.delete(`/api/v1/bot/${bot.id}?practiceId=${outsider.practiceId}`)).statusCode).toBe(
      456,
    );
    expect((await outsider.client.get(`/api/v1/practice/${admin.practiceId}/bots`)).statusCode).toBe(403);
    expect((await admin.client.get(`/api/v1/bot/${bot.id}`)).json().name).toBe('New patients');
  });
});
