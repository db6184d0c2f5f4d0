import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient, lastCode } from '../../test/client.js';
import { UNVERIFIED_SIGNUP_HOLD_MS } from '@referwell/contracts';
import { rolesIn, users } from '../../core/index.js';
import { isPatientOf } from './invite-membership.js';
import {
  createNetwork,
  expectBadRequest,
  expire,
  invite,
  inviteRow,
  practiceWith,
  uniqueEmail,
  uniquePhone,
} from './invites.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function providerBody(overrides: Record<string, unknown>) {
  return {
    email: uniqueEmail('new'),
    phone: uniquePhone().typed,
    password: 'a-long-enough-password',
    firstName: 'Nia',
    lastName: 'New',
    role: 'PROVIDER',
    app: 'PROVIDER_WEB',
    termsAccepted: true,
    ...overrides,
  };
}

/** Completes the texted-code verification a signup starts; the web client is then signed in. */
async function verify(client: TestClient, uuid: string, phone: string) {
  await client.csrf();
  const res = await client.post(`/api/v1/auth/${uuid}`, { step: 'PHONE_CODE', value: await lastCode(t.db, phone) });
  expect(res.statusCode, res.body).toBe(200);
}

const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;

describe('signing up from an invite', () => {
  it('lands the new provider in the practice with the invited role once the phone is verified', async () => {
    const { practice, client: admin } = await practiceWith(t);
    const email = uniqueEmail('newbie');
    const sent = await invite(t, admin, practice.id, { email, role: 'STAFF' });
    const phone = uniquePhone();
    const client = new TestClient(t.app);
    const res = await client.post(
      '/api/v1/user/signup',
      providerBody({ email, phone: phone.typed, inviteCode: sent.code }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { userId, verification } = res.json();

    expect((await client.signIn(email, 'a-long-enough-password')).statusCode).toBe(461);
    await verify(client, verification.uuid, phone.e164);
    const current = await client.get('/api/v1/user/current');
    expect(current.json()).toMatchObject({
      user: { id: userId, emailVerified: true, phoneVerified: true, practiceId: practice.id },
      currentPractice: { practice: { id: practice.id }, roles: ['STAFF'] },
    });
    expect(await inviteRow(t, sent.invite.id)).toMatchObject({ status: 'ACCEPTED', respondedBy: userId });
    // The practice sees the new member in its team.
    expect(await rolesIn(t.db, userId, practice.id)).toEqual(['STAFF']);
  });

  it('accepts an invite sent by text when the same phone signs up', async () => {
    const { practice, client: admin } = await practiceWith(t);
    const phone = uniquePhone();
    const sent = await invite(t, admin, practice.id, { phoneNumber: phone.typed });
    const res = await new TestClient(t.app).post(
      '/api/v1/user/signup',
      providerBody({ phone: phone.typed, inviteCode: sent.code }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await rolesIn(t.db, res.json().userId, practice.id)).toEqual(['PROVIDER']);
    const [user] = await t.db.select().from(users).where(eq(users.id, res.json().userId));
    expect(user.emailVerifiedAt).toBeNull();
  });

  it("makes a patient signing up from a patient invite the practice's patient", async () => {
    const { practice, client: admin } = await practiceWith(t);
    const phone = uniquePhone();
    const sent = await invite(t, admin, practice.id, { type: 'PATIENT', phoneNumber: phone.typed });
    const res = await new TestClient(t.app).post('/api/v1/patient/signup', {
      phone: phone.typed,
      firstName: 'Pia',
      lastName: 'Patient',
      dateOfBirth: '01/02/1990',
      addressPlaceId: 'place-1',
      termsAccepted: true,
      inviteCode: sent.code,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await isPatientOf(t.db, res.json().userId, practice.id)).toBe(true);
    expect(await rolesIn(t.db, res.json().userId, practice.id)).toEqual([]);
  });

  it('refuses an address other than the invited one, creating no account', async () => {
    const { practice, client: admin } = await practiceWith(t);
    const sent = await invite(t, admin, practice.id, { email: 'jane.invited@example.test' });
    const before = await userCount();
    const res = await new TestClient(t.app).post('/api/v1/user/signup', providerBody({ inviteCode: sent.code }));
    expectBadRequest(res, 'This invite was sent to j•••@example.test: sign up with that e-mail address');
    const phone = uniquePhone();
    const byText = await invite(t, admin, practice.id, { phoneNumber: phone.typed });
    expectBadRequest(
      await new TestClient(t.app).post('/api/v1/user/signup', providerBody({ inviteCode: byText.code })),
      `This invite was sent to the phone number ending ${phone.e164.slice(-4)}: sign up with that number`,
    );
    expect(await userCount()).toBe(before);
    expect((await inviteRow(t, sent.invite.id)).status).toBe('PENDING');
  });

  it('refuses an expired, unknown or wrong-kind invite', async () => {
    const { practice, client: admin } = await practiceWith(t);
    const email = uniqueEmail();
    const sent = await invite(t, admin, practice.id, { email });
    await expire(t, sent.invite.id);
    const before = await userCount();
    expect(
      (await new TestClient(t.app).post('/api/v1/user/signup', providerBody({ email, inviteCode: sent.code })))
        .statusCode,
    ).toBe(452);
    expect(
      (await new TestClient(t.app).post('/api/v1/user/signup', providerBody({ email, inviteCode: 'unknown' })))
        .statusCode,
    ).toBe(456);
    const patientEmail = uniqueEmail();
    const patientInvite = await invite(t, admin, practice.id, { email: patientEmail, type: 'PATIENT' });
    expectBadRequest(
      await new TestClient(t.app).post(
        '/api/v1/user/signup',
        providerBody({ email: patientEmail, inviteCode: patientInvite.code }),
      ),
      'This invite is for a patient: sign up in the patient app',
    );
    const phone = uniquePhone();
    const staffInvite = await invite(t, admin, practice.id, { phoneNumber: phone.typed });
    expectBadRequest(
      await new TestClient(t.app).post('/api/v1/patient/signup', {
        phone: phone.typed,
        firstName: 'P',
        lastName: 'Q',
        dateOfBirth: '01/02/1990',
        addressPlaceId: 'x',
        termsAccepted: true,
        inviteCode: staffInvite.code,
      }),
      'This invite is for a provider: sign up as a provider',
    );
    expect(await userCount()).toBe(before);
  });

  it('leaves a network invite for the new user to accept once they have a practice', async () => {
    const { practice, client: admin } = await practiceWith(t);
    const network = await createNetwork(t, practice.id);
    const email = uniqueEmail();
    const sent = await invite(t, admin, practice.id, { email, networkId: network.id });
    const res = await new TestClient(t.app).post('/api/v1/user/signup', providerBody({ email, inviteCode: sent.code }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await inviteRow(t, sent.invite.id)).status).toBe('PENDING');
  });

  it('lets the invited owner sign up from the invite once an unverified sign-up held their e-mail for 24 hours', async () => {
    const email = uniqueEmail('held');
    const squatter = await new TestClient(t.app).post('/api/v1/user/signup', providerBody({ email }));
    expect(squatter.statusCode, squatter.body).toBe(201);
    const { practice, client: admin } = await practiceWith(t);
    const sent = await invite(t, admin, practice.id, { email, role: 'STAFF' });
    const view = async () => (await new TestClient(t.app).get(`/api/v1/invites/${sent.code}`)).json();
    // Within the day the address is someone's: the page offers signing in.
    expect((await view()).accountExists).toBe(true);

    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - UNVERIFIED_SIGNUP_HOLD_MS - 60_000) })
      .where(eq(users.id, squatter.json().userId));
    expect((await view()).accountExists).toBe(false);
    const phone = uniquePhone();
    const client = new TestClient(t.app);
    const res = await client.post(
      '/api/v1/user/signup',
      providerBody({ email, phone: phone.typed, inviteCode: sent.code }),
    );
    expect(res.statusCode, res.body).toBe(201);
    await verify(client, res.json().verification.uuid, phone.e164);
    expect(await rolesIn(t.db, res.json().userId, practice.id)).toEqual(['STAFF']);
  });
});
