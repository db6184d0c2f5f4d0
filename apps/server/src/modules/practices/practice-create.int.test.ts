import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createPractice, createUser } from '../../test/factories.js';
import { practices } from '../../core/index.js';
import { lastAudit, signedIn } from './practices.test-factories.js';

let t: TestApp;
// A low limit (sign-ins here count against it too) so the burst below reaches it.
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10' });
});
afterAll(async () => {
  await t?.close();
});

const practiceCount = async () => (await t.db.select({ n: count() }).from(practices))[0].n;
const newcomer = () => createUser(t.db, { signupRole: 'PROVIDER' });

describe('creating a practice', () => {
  it('places it where the chosen address is, so referrals can measure distances from it, in its time zone', async () => {
    const client = await signedIn(t.app, await newcomer());
    const res = await client.post('/api/v1/practices', {
      name: 'Prairie Bone & Joint',
      address: 'Springfield, IL',
      placeId: 'us-city:IL:Springfield',
      type: 'PRACTICE',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(practices).where(eq(practices.id, res.json().id));
    expect(row.latitude).toBeCloseTo(39.8, 0);
    expect(row.longitude).toBeCloseTo(-89.6, 0);
    expect(row.country).toBe('US');
    expect(res.json()).toMatchObject({
      placeId: 'us-city:IL:Springfield',
      latitude: row.latitude,
      timezone: 'America/Chicago',
    });
  });

  it('refuses an address id the address search never gave, on its field, and creates nothing', async () => {
    const client = await signedIn(t.app, await newcomer());
    const before = await practiceCount();
    const res = await client.post('/api/v1/practices', { name: 'Nowhere Clinic', placeId: 'us-zip:00000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ['body', 'placeId'], message: 'Unknown address; choose one of the suggestions' },
    ]);
    expect(await practiceCount()).toBe(before);
  });

  it('answers 450 on the NPI field for a second open practice with the same NPI', async () => {
    await createPractice(t.db, { name: 'Closed Clinic', npiIdentifier: '1245319599', active: false });
    const first = await (
      await signedIn(t.app, await newcomer())
    ).post('/api/v1/practices', {
      name: 'First With NPI',
      npiIdentifier: '1245319599',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().npiIdentifier).toBe('1245319599');
    expect((await lastAudit(t.db, 'practice.created', first.json().id))?.details).toMatchObject({
      npiIdentifier: '1245319599',
    });

    const before = await practiceCount();
    const second = await (
      await signedIn(t.app, await newcomer())
    ).post('/api/v1/practices', {
      name: 'Copy With NPI',
      npiIdentifier: ' 1245319599 ',
    });
    expect(second.statusCode).toBe(450);
    expect(second.json()).toMatchObject({
      code: 'ERROR_OBJECT_EXISTS',
      issues: [
        {
          path: ['body', 'npiIdentifier'],
          message: 'A practice with this NPI already exists; ask its administrators to invite you',
        },
      ],
    });
    expect(await practiceCount()).toBe(before);
  });

  it('refuses an NPI whose check digit is wrong', async () => {
    const res = await (
      await signedIn(t.app, await newcomer())
    ).post('/api/v1/practices', {
      name: 'Typo Clinic',
      npiIdentifier: '1245319598',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: ['body', 'npiIdentifier'], message: 'Invalid NPI' });
  });

  it('answers 450 when a practice changes its NPI to one another open practice has', async () => {
    await createPractice(t.db, { name: 'Holder', npiIdentifier: '1234567893' });
    const creator = await newcomer();
    const client = await signedIn(t.app, creator);
    const mine = (await client.post('/api/v1/practices', { name: 'Mine' })).json();
    const res = await client.put(`/api/v1/practice/${mine.id}`, { address: '1 Main St', npiIdentifier: '1234567893' });
    expect(res.statusCode).toBe(450);
    expect(res.json().issues[0].path).toEqual(['body', 'npiIdentifier']);
  });

  it('is rate-limited per client', async () => {
    const client = await signedIn(t.app, await newcomer());
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push((await client.post('/api/v1/practices', { name: `Burst ${i}` })).statusCode);
    expect(answers).toContain(429);
  });
});
