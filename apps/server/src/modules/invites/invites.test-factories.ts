import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '@referwell/contracts';
import type { TestApp } from '../../test/harness.js';
import { TestClient, lastCode, lastMessage } from '../../test/client.js';
import { TEST_PASSWORD, addMember, createPractice, createUser } from '../../test/factories.js';
import { networks } from '../networks/networks.table.js';
import { organisationMembers, organisations } from '../../core/index.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { invites } from './invites.table.js';

/** Helpers for the invite, join-request and API-key tests. */

/** The audit entries of `action` on the object `targetId`. */
export const auditOf = (t: TestApp, action: string, targetId: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, String(targetId))));

let n = 0;
export const uniqueEmail = (label = 'invitee') => `${label}-${++n}-${Date.now()}@example.test`;
/** A valid US number not used by the shared factories (which use 202-555-1xxx). */
export function uniquePhone() {
  n += 1;
  const last = String(n % 10000).padStart(4, '0');
  return { typed: `(415) 555-${last}`, e164: `+1415555${last}` };
}

/** Signs the user in: providers on the web with their password, patients in the app with a texted code. */
export async function signedIn(t: TestApp, user: { email: string | null; phone: string | null; kind: string }) {
  const client = new TestClient(t.app);
  if (user.kind === 'PATIENT') {
    const start = await client.post('/api/v1/auth/start', { app: 'PATIENT_MOBILE', phone: user.phone });
    expect(start.statusCode, start.body).toBe(200);
    const res = await client.post(`/api/v1/auth/${start.json().uuid}`, {
      step: 'PHONE_CODE',
      value: await lastCode(t.db, user.phone!),
    });
    expect(res.statusCode, res.body).toBe(200);
    client.bearer = res.json().accessToken;
    return client;
  }
  const res = await client.signIn(user.email!, TEST_PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

/** A practice with a signed-in member holding `role`. */
export async function practiceWith(t: TestApp, role: Role = 'ADMIN', name?: string) {
  const practice = await createPractice(t.db, name ? { name } : {});
  const user = await createUser(t.db);
  await addMember(t.db, practice.id, user.id, role);
  return { practice, user, client: await signedIn(t, user) };
}

/** A member of `practiceId` holding `role`, signed in. */
export async function memberOf(t: TestApp, practiceId: number, role: Role) {
  const user = await createUser(t.db);
  await addMember(t.db, practiceId, user.id, role);
  return { user, client: await signedIn(t, user) };
}

export async function createNetwork(t: TestApp, practiceId: number, name = 'Cardiology') {
  const [row] = await t.db.insert(networks).values({ practiceId, name, matchingTimeLimit: 30 }).returning();
  return row;
}

export async function createOrganisation(t: TestApp, adminUserId?: number, role: Role = 'ADMIN') {
  const [org] = await t.db
    .insert(organisations)
    .values({ name: `Org ${++n}` })
    .returning();
  if (adminUserId) await t.db.insert(organisationMembers).values({ organisationId: org.id, userId: adminUserId, role });
  return org;
}

/** The code in the newest invite link sent to `to`. */
export async function inviteCodeSentTo(t: TestApp, to: string) {
  const message = await lastMessage(t.db, to);
  const code = message?.body.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
  if (!code) throw new Error(`no invite link was sent to ${to}`);
  return code;
}

export const inviteRows = (t: TestApp) => t.db.select().from(invites);
export const inviteRow = async (t: TestApp, id: number) =>
  (await t.db.select().from(invites).where(eq(invites.id, id)))[0];

/** Moves an invite's send time back so it may be sent again at once. */
export const allowResend = (t: TestApp, id: number) =>
  t.db
    .update(invites)
    .set({ lastSentAt: new Date(Date.now() - 61_000) })
    .where(eq(invites.id, id));

export const expire = (t: TestApp, id: number) =>
  t.db
    .update(invites)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invites.id, id));

/** Asserts a 400 whose message (and first issue) is `message`. */
export function expectBadRequest(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(message);
}

/** Sends an invite to `email` from the signed-in client; returns the invite and its code. */
export async function invite(t: TestApp, client: TestClient, practiceId: number, body: Record<string, unknown>) {
  const res = await client.post(`/api/v1/invite?practiceId=${practiceId}`, { type: 'PROVIDER', ...body });
  expect(res.statusCode, res.body).toBe(200);
  const sent = res.json<{ invite: { id: number; email: string | null; phone: string | null } }>().invite;
  const code = await inviteCodeSentTo(t, (sent.email ?? sent.phone)!);
  return { invite: sent, code };
}
