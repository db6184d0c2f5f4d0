import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { createUser, practiceRoles } from '../../test/factories.js';
import { practices, users } from '../../core/index.js';
import { practiceTags } from './practices.table.js';
import { lastAudit, practiceRow, practiceWithTeam, signedIn } from './practices.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const practiceCount = async () => (await t.db.select({ n: count() }).from(practices))[0].n;
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('POST /api/v1/practices', () => {
  const payload = {
    name: '  Hillside Clinic ',
    address: '5 Hill Rd, Austin, TX',
    placeId: 'us-zip:78701',
    phoneNumber: '(202) 555-0143',
    building: 'Suite 4',
    type: 'PRACTICE',
  };

  it('creates the practice; a provider creator becomes its admin and provider, and it becomes their current practice', async () => {
    const creator = await createUser(t.db, { signupRole: 'PROVIDER' });
    const client = await signedIn(t.app, creator);
    const res = await client.post('/api/v1/practices', payload);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Hillside Clinic',
      address: '5 Hill Rd, Austin, TX',
      placeId: 'us-zip:78701',
      phoneNumber: '+12025550143',
      building: 'Suite 4',
      type: 'PRACTICE',
      isIndividual: false,
      active: true,
      tags: [],
      openingHours: [],
      // Austin keeps Central time, from its address.
      timezone: 'America/Chicago',
      country: 'US',
      billingBasis: 'PRACTICE',
    });
    expect(body.gates).toMatchObject({ referrals: true, chat: true });
    expect(await practiceRoles(t.db, body.id, creator.id)).toEqual(['ADMIN', 'PROVIDER']);
    expect((await userRow(creator.id)).currentPracticeId).toBe(body.id);
    const audit = await lastAudit(t.db, 'practice.created', body.id);
    expect(audit).toMatchObject({ actorUserId: creator.id, targetType: 'practice' });
  });

  it('makes a staff creator admin only, marks an individual practice, and keeps an existing current practice', async () => {
    const { practice, staff } = await practiceWithTeam(t.db);
    await t.db.update(users).set({ signupRole: 'STAFF', currentPracticeId: practice.id }).where(eq(users.id, staff.id));
    const client = await signedIn(t.app, staff);
    const res = await client.post('/api/v1/practices', { name: 'Solo', type: 'INDIVIDUAL' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'INDIVIDUAL', isIndividual: true, address: null, phoneNumber: null });
    expect(await practiceRoles(t.db, res.json().id, staff.id)).toEqual(['ADMIN']);
    expect((await userRow(staff.id)).currentPracticeId).toBe(practice.id);
  });

  it('answers each validation problem clearly and creates nothing', async () => {
    const client = await signedIn(t.app, await createUser(t.db));
    const before = await practiceCount();
    const noName = await client.post('/api/v1/practices', { ...payload, name: undefined });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues).toContainEqual({ path: ['body', 'name'], message: 'Practice name is required' });
    const blank = await client.post('/api/v1/practices', { ...payload, name: '   ' });
    expect(blank.json().message).toBe('Practice name is required');
    const thirdParty = await client.post('/api/v1/practices', { ...payload, type: 'THIRD_PARTY' });
    expect(thirdParty.statusCode).toBe(400);
    expect(thirdParty.json().message).toBe('Only platform administrators can make a practice third party');
    const badType = await client.post('/api/v1/practices', { ...payload, type: 'CLINIC' });
    expect(badType.statusCode).toBe(400);
    const phone = await client.post('/api/v1/practices', { ...payload, phoneNumber: '12345678' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({ code: 'ERROR_INVALID_PHONE_NUMBER', message: 'Invalid phone number' });
    const short = await client.post('/api/v1/practices', { ...payload, phoneNumber: '123' });
    expect(short.json().message).toBe('Phone must be at least 8 characters');
    expect(await practiceCount()).toBe(before);
  });

  it('refuses patients (403) and anonymous callers (401)', async () => {
    const patient = await createUser(t.db, { kind: 'PATIENT' });
    const before = await practiceCount();
    const res = await (await signedIn(t.app, patient, 'MOBILE')).post('/api/v1/practices', payload);
    expect(res.statusCode).toBe(403);
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    expect((await anonymous.post('/api/v1/practices', payload)).statusCode).toBe(401);
    expect(await practiceCount()).toBe(before);
  });
});

describe('GET /api/v1/practice/{id}', () => {
  it('shows a member the whole practice with its tags; billing identifiers only to admins', async () => {
    const { practice, admin, staff } = await practiceWithTeam(t.db);
    await t.db
      .update(practices)
      .set({ stripeId: 'cus_123', stripeSubscription: 'sub_456', billingEmail: 'bills@example.test' })
      .where(eq(practices.id, practice.id));
    await t.db.insert(practiceTags).values([
      { practiceId: practice.id, name: 'Urgent', color: '#aa0000' },
      { practiceId: practice.id, name: 'follow-up', color: '#00aa00', context: 'REFERRAL' },
    ]);
    const asStaff = (await (await signedIn(t.app, staff)).get(`/api/v1/practice/${practice.id}`)).json();
    expect(asStaff).toMatchObject({
      id: practice.id,
      uuid: practice.uuid,
      name: practice.name,
      billingEmail: 'bills@example.test',
      stripeId: null,
      stripeSubscription: null,
    });
    expect(asStaff.tags.map((x: { name: string; context: string }) => `${x.context}:${x.name}`)).toEqual([
      'GENERAL:Urgent',
      'REFERRAL:follow-up',
    ]);
    expect(typeof asStaff.createdAt).toBe('number');
    const asAdmin = (await (await signedIn(t.app, admin)).get(`/api/v1/practice/${practice.id}`)).json();
    expect(asAdmin).toMatchObject({ stripeId: 'cus_123', stripeSubscription: 'sub_456' });
  });

  it('answers 403 to a member of another practice, 401 anonymously, 400 for a bad id', async () => {
    const { practice, outsider } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, outsider);
    const res = await client.get(`/api/v1/practice/${practice.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You do not have access to this practice' });
    expect(res.body).not.toContain(practice.name);
    expect((await client.get('/api/v1/practice/999999')).statusCode).toBe(403);
    expect((await client.get('/api/v1/practice/0')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get(`/api/v1/practice/${practice.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/practice/{id}/summary', () => {
  it('shows any signed-in user the summary, and nothing more', async () => {
    const { practice, outsider } = await practiceWithTeam(t.db);
    const res = await (await signedIn(t.app, outsider)).get(`/api/v1/practice/${practice.id}/summary`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([
      'address',
      'alternativeScheduleLink',
      'colorScheme',
      'id',
      'logoUrl',
      'name',
      'phoneNumber',
      'type',
      'uuid',
    ]);
    expect(res.json()).toMatchObject({ id: practice.id, name: practice.name });
  });

  it('answers 456 for a practice that does not exist and 401 anonymously', async () => {
    const { outsider, practice } = await practiceWithTeam(t.db);
    const res = await (await signedIn(t.app, outsider)).get('/api/v1/practice/999999/summary');
    expect(res.statusCode).toBe(456);
    expect(res.json().code).toBe('OBJECT_NOT_FOUND');
    expect((await new TestClient(t.app).get(`/api/v1/practice/${practice.id}/summary`)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/practice/{id}', () => {
  const base = { name: 'Renamed Clinic', address: '9 Elm St, Boston, MA' };

  it('lets an admin change the profile; opening hours arrive as JSON text or as a structure', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const hours = [
      { dayOfWeek: 1, open: true, start: '09:00', end: '17:00' },
      { dayOfWeek: 0, open: false, start: '00:00', end: '00:00' },
    ];
    const res = await client.put(`/api/v1/practice/${practice.id}`, {
      ...base,
      timezone: 'America/Chicago',
      colorScheme: '#A1B2C3',
      phoneNumber: '202-555-0188',
      liaisonEmails: ['Liaison@Example.test'],
      alternativeScheduleLink: 'https://book.example.com/x',
      appointmentRequestRedirectLink: 'https://example.com/thanks',
      openingHours: JSON.stringify(hours),
      welcomeMessageOpen: 'Hello',
      about: 'We fix knees',
      tierTimeout: 30,
      maxReferralMatchRadius: 25,
      allowOuterNetworkMatching: false,
      autoArchiveEnabled: true,
      defaultAppointmentLocation: 'VIRTUAL',
      defaultVirtualAppointmentHost: 'REFERWELL',
      npiIdentifier: '1234567893',
      identifier: 'Renamed-Clinic',
      type: 'INDIVIDUAL',
      latitude: 42.36,
      longitude: -71.05,
      country: 'us',
      campaignShareLimit: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed Clinic',
      address: '9 Elm St, Boston, MA',
      timezone: 'America/Chicago',
      colorScheme: '#a1b2c3',
      phoneNumber: '+12025550188',
      liaisonEmails: ['liaison@example.test'],
      openingHours: hours,
      alternativeScheduleLink: 'https://book.example.com/x',
      appointmentRequestRedirectLink: 'https://example.com/thanks',
      tierTimeout: 30,
      maxReferralMatchRadius: 25,
      allowOuterNetworkMatching: false,
      autoArchiveEnabled: true,
      defaultAppointmentLocation: 'VIRTUAL',
      defaultVirtualAppointmentHost: 'REFERWELL',
      identifier: 'renamed-clinic',
      type: 'INDIVIDUAL',
      isIndividual: true,
      country: 'US',
      campaignShareLimit: 100,
    });
    const structured = await client.put(`/api/v1/practice/${practice.id}`, {
      ...base,
      openingHours: hours.slice(0, 1),
      about: '',
      alternativeScheduleLink: null,
    });
    expect(structured.statusCode, structured.body).toBe(200);
    expect(structured.json()).toMatchObject({
      openingHours: hours.slice(0, 1),
      about: null,
      alternativeScheduleLink: null,
      timezone: 'America/Chicago',
    });
    expect((await lastAudit(t.db, 'practice.updated', practice.id))?.actorUserId).toBe(admin.id);
  });

  it('leaves out fields as they are; only the address is required', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    await client.put(`/api/v1/practice/${practice.id}`, { ...base, about: 'Kept' });
    const res = await client.put(`/api/v1/practice/${practice.id}`, { address: '10 Oak Ave' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed Clinic', address: '10 Oak Ave', about: 'Kept' });
  });

  it('ignores fields the server owns', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const res = await (
      await signedIn(t.app, admin)
    ).put(`/api/v1/practice/${practice.id}`, {
      ...base,
      gates: { bots: true },
      locked: true,
      active: false,
      stripeId: 'cus_x',
      billingEmail: 'x@example.test',
      isThirdParty: true,
    });
    expect(res.statusCode).toBe(200);
    const row = await practiceRow(t.db, practice.id);
    expect(row).toMatchObject({
      gates: {},
      locked: false,
      active: true,
      stripeId: null,
      billingEmail: null,
      isThirdParty: false,
    });
  });

  it('answers each validation problem with a clear message and changes nothing', async () => {
    const { practice, admin } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, admin);
    const before = await practiceRow(t.db, practice.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: base.name }, 'Address is required'],
      [{ ...base, address: '  ' }, 'Address is required'],
      [{ ...base, name: '' }, 'Practice name is required'],
      [{ ...base, openingHours: '[{"dayOfWeek": 1,' }, 'Opening hours must be valid JSON'],
      [{ ...base, openingHours: [{ dayOfWeek: 1, open: true, start: '9am', end: '17:00' }] }, 'Use HH:mm'],
      [
        { ...base, openingHours: [{ dayOfWeek: 1, open: true, start: '18:00', end: '17:00' }] },
        'Closing time must be after opening time',
      ],
      [
        {
          ...base,
          openingHours: [
            { dayOfWeek: 2, open: false, start: '09:00', end: '17:00' },
            { dayOfWeek: 2, open: false, start: '09:00', end: '17:00' },
          ],
        },
        'Each day of the week may appear once',
      ],
      [{ ...base, timezone: 'Mars/Olympus_Mons' }, 'Unknown time zone'],
      [{ ...base, colorScheme: 'red' }, 'Use a colour like #1a2b3c'],
      [{ ...base, liaisonEmails: ['not-an-email'] }, 'Invalid e-mail address'],
      [
        { ...base, alternativeScheduleLink: 'javascript:alert(1)' },
        'Enter a full link starting with http:// or https://',
      ],
      [
        { ...base, appointmentRequestRedirectLink: 'example.com/thanks' },
        'Enter a full link starting with http:// or https://',
      ],
      [{ ...base, npiIdentifier: '12345' }, 'NPI must be 10 digits'],
      [{ ...base, country: 'USA' }, 'Use a two-letter country code'],
      [{ ...base, identifier: 'a b' }, 'The handle is 3 to 50 letters, digits or dashes'],
      [{ ...base, type: 'THIRD_PARTY' }, 'Only platform administrators can make a practice third party'],
      [{ ...base, tierTimeout: 0 }, 'Tier timeout is at least 1 minute'],
    ];
    for (const [body, message] of cases) {
      const res = await client.put(`/api/v1/practice/${practice.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const phone = await client.put(`/api/v1/practice/${practice.id}`, { ...base, phoneNumber: '99999999' });
    expect(phone.json().code).toBe('ERROR_INVALID_PHONE_NUMBER');
    expect(await practiceRow(t.db, practice.id)).toEqual(before);
  });

  it('answers 450 when another practice has the handle', async () => {
    const first = await practiceWithTeam(t.db);
    const second = await practiceWithTeam(t.db);
    expect(
      (
        await (
          await signedIn(t.app, first.admin)
        ).put(`/api/v1/practice/${first.practice.id}`, { ...base, identifier: `handle-${first.practice.id}` })
      ).statusCode,
    ).toBe(200);
    const res = await (
      await signedIn(t.app, second.admin)
    ).put(`/api/v1/practice/${second.practice.id}`, { ...base, identifier: `handle-${first.practice.id}` });
    expect(res.statusCode).toBe(450);
    expect(res.json()).toMatchObject({
      code: 'ERROR_OBJECT_EXISTS',
      message: 'Another practice already uses this handle',
    });
  });

  it('refuses staff and providers (403), outsiders (403) and anonymous callers (401), changing nothing', async () => {
    const { practice, staff, provider, outsider } = await practiceWithTeam(t.db);
    const before = await practiceRow(t.db, practice.id);
    for (const user of [staff, provider]) {
      const res = await (await signedIn(t.app, user)).put(`/api/v1/practice/${practice.id}`, base);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Your role does not allow you to edit the profile, opening hours, tags, logo and custom properties',
      );
    }
    expect((await (await signedIn(t.app, outsider)).put(`/api/v1/practice/${practice.id}`, base)).statusCode).toBe(403);
    const anonymous = new TestClient(t.app);
    await anonymous.csrf();
    expect((await anonymous.put(`/api/v1/practice/${practice.id}`, base)).statusCode).toBe(401);
    expect(await practiceRow(t.db, practice.id)).toEqual(before);
  });
});

describe('GET /api/v1/practice/{uuid}/branding', () => {
  it('shows anyone the branding, and only that', async () => {
    const { practice } = await practiceWithTeam(t.db);
    await t.db
      .update(practices)
      .set({ colorScheme: '#123456', logoUrl: 'https://cdn.example.test/logo.png' })
      .where(eq(practices.id, practice.id));
    const res = await new TestClient(t.app).get(`/api/v1/practice/${practice.uuid}/branding`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      uuid: practice.uuid,
      name: practice.name,
      logoUrl: 'https://cdn.example.test/logo.png',
      colorScheme: '#123456',
      profilePhoto: null,
    });
  });

  it('answers 456 for an unknown or inactive practice and 400 for a number', async () => {
    const { practice } = await practiceWithTeam(t.db);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/v1/practice/6f1c1c9e-3b7a-4a53-9d0e-8d5b2f1a7c11/branding')).statusCode).toBe(
      456,
    );
    await t.db.update(practices).set({ active: false }).where(eq(practices.id, practice.id));
    expect((await anonymous.get(`/api/v1/practice/${practice.uuid}/branding`)).statusCode).toBe(456);
    const numeric = await anonymous.get(`/api/v1/practice/${practice.id}/branding`);
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json().message).toBe('Not a practice id');
  });
});
