import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as contracts from '@referwell/contracts';
import type { Endpoint } from '@referwell/contracts';
import { createTestApp, type TestApp } from './test/harness.js';
import { TestClient } from './test/client.js';
import { TEST_PASSWORD, addMember, createPractice, createUser, insertApiKey } from './test/factories.js';
import { sampleFromSchema } from './test/sample-from-schema.js';
import { issueApiKeySecret } from './core/index.js';
import { randomToken, sha256 } from './platform/auth/crypto.js';
import * as schema from './db/schema.js';
import { insertReferral } from './modules/referrals/referrals.test-factories.js';

/**
 * The tenancy guarantee, checked for every route at once: each route that names a practice,
 * organisation, network, department, user, invite, key, join request, file, patient, referral or
 * note is called by a signed-in
 * admin of another practice, by an anonymous caller, by a deactivated key of the victim practice
 * and by a fully-permitted key of another practice, with ids of the victim's objects. Each must
 * answer 401, 403, 404 or 456 and leave every table as it was. Routes are read from the contracts and
 * from what the server registered, so a new route is covered without editing this file — or fails
 * here until its ids are classified below.
 */

type AnyEndpoint = Endpoint<any, any, any, any, any, any>;
/** 456 is the catalogue's "object not found", answered where existence itself is private. */
const DENIED = [401, 403, 404, 456];

/** Routes that by design answer callers outside the practice, and why. */
const OPEN_BY_DESIGN: Record<string, string> = {
  'GET /api/v1/practice/:id/summary': 'practices see each other’s summaries to refer patients',
  'GET /api/v1/practice/:id/branding': 'patient-facing pages show a practice’s branding',
  'POST /api/v1/practicejoinrequest': 'anyone signed in may ask to join a practice',
  'POST /api/v1/practice/join': 'anyone signed in may ask to join practices',
  'GET /api/v1/user/:id': 'provider profiles are discoverable for referrals (the victim user is a provider)',
};

/** Path parameters that name no tenant's object (catalogues, sign-in flows). */
const NOT_TENANT_PARAMS = new Set([
  'GET /api/v1/speciality/:id',
  'GET /api/v1/insurance/:id',
  // A practice's public intake form: anyone with its address reads and sends it.
  'GET /api/v1/patient/form/:identifier',
  'POST /api/v1/patient/form/:identifier',
]);
const NOT_TENANT_PREFIXES = ['/api/v1/auth/'];

let t: TestApp;
let victim: Awaited<ReturnType<typeof createVictim>>;
let outsider: TestClient;
let outsiderId: number;
let outsiderKey: string;
let deadVictimKey: string;

async function createVictim() {
  const db = t.db;
  const practice = await createPractice(db, { name: 'Victim Practice' });
  const admin = await createUser(db, { firstName: 'Victim', lastName: 'Admin' });
  const provider = await createUser(db, { firstName: 'Victim', lastName: 'Provider' });
  await addMember(db, practice.id, admin.id, 'ADMIN');
  await addMember(db, practice.id, provider.id, 'PROVIDER');
  const [organisation] = await db.insert(schema.organisations).values({ name: 'Victim Org' }).returning();
  await db
    .insert(schema.organisationMembers)
    .values({ organisationId: organisation.id, userId: admin.id, role: 'ADMIN' });
  await db
    .update(schema.practices)
    .set({ organisationId: organisation.id })
    .where(sql`id = ${practice.id}`);
  const [network] = await db
    .insert(schema.networks)
    .values({ practiceId: practice.id, name: 'Victim Network', matchingTimeLimit: 60 })
    .returning();
  const [department] = await db
    .insert(schema.departments)
    .values({ practiceId: practice.id, name: 'Victim Dept' })
    .returning();
  await db.insert(schema.departmentMembers).values({ departmentId: department.id, userId: provider.id });
  const [tag] = await db
    .insert(schema.practiceTags)
    .values({ practiceId: practice.id, name: 'Urgent', color: '#aa0000' })
    .returning();
  const [property] = await db
    .insert(schema.customPropertyDefinitions)
    .values({ practiceId: practice.id, name: 'Member no', moniker: '{{MEMBER_NO}}', type: 'TEXT' })
    .returning();
  const inviteCode = randomToken();
  const [invite] = await db
    .insert(schema.invites)
    .values({
      codeHash: sha256(inviteCode),
      type: 'PROVIDER',
      role: 'PROVIDER',
      email: 'invitee@example.test',
      practiceId: practice.id,
      invitedBy: admin.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const requester = await createUser(db, { firstName: 'Would', lastName: 'Join' });
  const [joinRequest] = await db
    .insert(schema.practiceJoinRequests)
    .values({ practiceId: practice.id, requestedBy: requester.id, message: 'Hello' })
    .returning();
  const dead = issueApiKeySecret();
  const [apiKey] = await db
    .insert(schema.apiKeys)
    .values({
      practiceId: practice.id,
      prefix: dead.prefix,
      secretHash: dead.secretHash,
      permissions: [...contracts.ApiKeyPermission.options],
      activated: false,
      createdBy: admin.id,
    })
    .returning();
  deadVictimKey = dead.secret;
  const [file] = await db
    .insert(schema.files)
    .values({
      practiceId: practice.id,
      ownerKind: 'PRACTICE',
      ownerId: practice.id,
      uploadedBy: admin.id,
      name: 'victim.pdf',
      size: 10,
      md5: '1B2M2Y8AsgTpgAmY7PhCfg==',
      header: '25504446',
      storageKey: 'ab/ab000000-0000-4000-8000-000000000000',
    })
    .returning();
  // A referral the victim practice sent to a third practice, with a comment and a note.
  const receiver = await createPractice(db, { name: 'Victim Partner' });
  const { referral, patient } = await insertReferral(db, {
    senderPracticeId: practice.id,
    fromUserId: provider.id,
    offeredTo: [receiver.id],
  });
  const [comment] = await db
    .insert(schema.referralComments)
    .values({ referralId: referral.id, practiceId: practice.id, authorId: provider.id, message: 'Hello' })
    .returning();
  const [note] = await db
    .insert(schema.referralNotes)
    .values({ referralId: referral.id, practiceId: practice.id, authorId: provider.id, message: 'Internal' })
    .returning();
  // A chat with the partner practice, with a message, a file attached in it, and a notification of it.
  const [chat] = await db
    .insert(schema.chats)
    .values({
      type: 'PRACTICE_TO_PRACTICE',
      practiceId: practice.id,
      targetPracticeId: receiver.id,
      createdBy: provider.id,
    })
    .returning();
  const [chatUser] = await db
    .insert(schema.chatUsers)
    .values({ chatId: chat.id, userId: provider.id, practiceId: practice.id, name: 'Victim Provider' })
    .returning();
  const [message] = await db
    .insert(schema.chatMessages)
    .values({ chatId: chat.id, chatUserId: chatUser.id, uuid: 'victim-message', message: 'Private' })
    .returning();
  const [chatFile] = await db
    .insert(schema.files)
    .values({
      practiceId: practice.id,
      ownerKind: 'CHAT',
      ownerId: chat.id,
      uploadedBy: provider.id,
      name: 'chat.pdf',
      size: 10,
      md5: '1B2M2Y8AsgTpgAmY7PhCfg==',
      header: '25504446',
      storageKey: 'ab/ab000000-0000-4000-8000-000000000001',
    })
    .returning();
  await db
    .insert(schema.chatFiles)
    .values({ fileId: chatFile.id, chatId: chat.id, chatUserId: chatUser.id, messageId: message.id });
  const [notification] = await db
    .insert(schema.notifications)
    .values({
      userId: provider.id,
      practiceId: practice.id,
      category: 'GENERAL',
      type: 'notification',
      title: 'New Message',
      text: 'Hello',
    })
    .returning();
  // An intake form with a submission from a patient.
  const [bot] = await db
    .insert(schema.bots)
    .values({ practiceId: practice.id, name: 'Victim Form', colorScheme: '#1C7ED6', endpoint: 'victim-form' })
    .returning();
  const [submission] = await db
    .insert(schema.submissions)
    .values({
      practiceId: practice.id,
      botId: bot.id,
      firstName: 'Private',
      lastName: 'Patient',
      phoneNumber: '+12025550188',
      answers: [],
    })
    .returning();
  return {
    partner: receiver,
    bot: bot,
    submission: submission,
    chat: chat,
    message: message,
    chatFile: chatFile,
    notification: notification,
    practice,
    admin,
    provider,
    organisation: organisation,
    network: network,
    department: department,
    tag: tag,
    property: property,
    invite: invite,
    joinRequest: joinRequest,
    apiKey: apiKey,
    file: file,
    referral,
    patient,
    comment: comment,
    note: note,
  };
}

/** An admin of another practice, organisation and network, signed in; and a full key of that practice. */
async function createOutsider() {
  const db = t.db;
  const practice = await createPractice(db, { name: 'Outsider Practice' });
  const user = await createUser(db, { firstName: 'Out', lastName: 'Sider' });
  for (const role of ['ADMIN', 'PROVIDER'] as const) await addMember(db, practice.id, user.id, role);
  const [organisation] = await db.insert(schema.organisations).values({ name: 'Outsider Org' }).returning();
  await db
    .insert(schema.organisationMembers)
    .values({ organisationId: organisation.id, userId: user.id, role: 'ADMIN' });
  outsiderKey = await insertApiKey(db, practice.id, user.id, [...contracts.ApiKeyPermission.options]);
  outsiderId = user.id;
  const client = new TestClient(t.app);
  const res = await client.signIn(user.email!, TEST_PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

/** Every endpoint defined in contracts, by "METHOD /path". */
function contractEndpoints(): Map<string, AnyEndpoint> {
  const found = new Map<string, AnyEndpoint>();
  for (const [name, value] of Object.entries(contracts)) {
    if (!name.endsWith('Api') || typeof value !== 'object' || value === null) continue;
    for (const e of Object.values(value as Record<string, unknown>)) {
      const candidate = e as Partial<AnyEndpoint>;
      if (
        candidate &&
        typeof candidate === 'object' &&
        typeof candidate.path === 'string' &&
        typeof candidate.method === 'string'
      ) {
        found.set(`${candidate.method} ${candidate.path}`, candidate as AnyEndpoint);
      }
    }
  }
  return found;
}

/** The victim's object a path parameter names, or undefined when it names no tenant's object. */
function victimValueFor(path: string, param: string): string | number | undefined {
  const byName: Record<string, string | number> = {
    practiceId: victim.practice.id,
    organisationId: victim.organisation.id,
    propertyId: victim.property.id,
    tagId: victim.tag.id,
    role: 'ADMIN',
    code: 'not-the-invite-code',
    // The referral lists: the practice is named in the query.
    type: 'inbox',
    // The chat service names chats by room, and is called with a room token, never a session or key.
    chatId: victim.chat.room,
    room: victim.chat.room,
    messageId: victim.message.id,
    fileId: victim.chatFile.id,
  };
  if (param in byName) return byName[param];
  const segments = path.split('/');
  const before = segments[segments.indexOf(`:${param}`) - 1];
  const byResource: Record<string, string | number> = {
    practice: victim.practice.id,
    user: victim.provider.id,
    organisation: victim.organisation.id,
    network: victim.network.id,
    department: victim.department.id,
    apiKey: victim.apiKey.id,
    invite: victim.invite.id,
    invites: victim.invite.id,
    practicejoinrequest: victim.joinRequest.id,
    file: victim.file.id,
    practices: victim.practice.id,
    patient: victim.patient.id,
    referral: victim.referral.id,
    referrals: victim.referral.id,
    note: victim.note.id,
    chat: victim.chat.id,
    conversation: victim.chat.id,
    notification: victim.notification.id,
    bot: victim.bot.id,
    submission: victim.submission.id,
  };
  return before ? byResource[before] : undefined;
}

/** Body and query fields that name a tenant's object, with the victim's value. */
function victimFields() {
  return {
    practiceId: victim.practice.id,
    practiceIds: [victim.practice.id],
    organisationId: victim.organisation.id,
    orgId: victim.organisation.id,
    userId: victim.provider.id,
    searchid: victim.provider.id,
    networkId: victim.network.id,
    departmentId: victim.department.id,
    definitionId: victim.property.id,
    inviteIds: [victim.invite.id],
    referralId: victim.referral.id,
    patientId: victim.patient.id,
    parentId: victim.comment.id,
    practice: victim.practice.id,
    provider: victim.provider.id,
    fromUserId: victim.provider.id,
    // A BASIC referral's target, so the sampled POST /referrals passes validation and reaches the access check.
    targetPracticeId: victim.practice.id,
    // An appointment that ends after it starts, so rescheduling samples pass validation.
    start: 1_800_000_000_000,
    end: 1_800_003_600_000,
    files: [victim.file.id],
    tags: [victim.tag.id],
    usersMentioned: [victim.provider.id],
    users: [victim.provider.id],
    // The victim's partner: a practice-to-practice chat cannot name its own practice as the target.
    targetPractice: victim.partner.id,
    code: 'not-the-invite-code',
    email: 'sample@example.test',
  };
}
const TENANT_FIELDS = new Set(
  Object.keys({
    practiceId: 0,
    practiceIds: 0,
    organisationId: 0,
    orgId: 0,
    userId: 0,
    searchid: 0,
    networkId: 0,
    departmentId: 0,
    definitionId: 0,
    inviteIds: 0,
    referralId: 0,
    patientId: 0,
    practice: 0,
  }),
);

function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

interface Call {
  key: string;
  endpoint: AnyEndpoint;
  url: string;
  body: unknown;
}

/** The request that aims `endpoint` at the victim, or null for a route that names no tenant. */
function callFor(key: string, endpoint: AnyEndpoint): Call | null {
  const params = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  const tenantParams =
    params.length > 0 && !NOT_TENANT_PARAMS.has(key) && !NOT_TENANT_PREFIXES.some((p) => endpoint.path.startsWith(p));
  const tenantFields = [...fieldsOf(endpoint.query), ...fieldsOf(endpoint.body)].some((f) => TENANT_FIELDS.has(f));
  if (!tenantParams && !tenantFields) return null;
  const values: Record<string, string | number> = {};
  for (const param of params) {
    const value = tenantParams ? victimValueFor(endpoint.path, param) : undefined;
    if (value === undefined) throw new Error(`${key}: classify path parameter :${param} in tenancy.int.test.ts`);
    // A practice named by uuid (branding) gets the victim's uuid.
    const idSchema = (
      endpoint.params as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> } | undefined
    )?.shape?.id;
    const asUuid = param === 'id' && idSchema !== undefined && !idSchema.safeParse(String(value)).success;
    values[param] = asUuid ? victim.practice.uuid : value;
  }
  let url = contracts.buildPath(endpoint.path, values);
  if (endpoint.query) {
    const query = sampleFromSchema(endpoint.query, victimFields()) as Record<string, unknown>;
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- query samples are JSON scalars (or arrays, joined); String() also keeps a null as 'null'
      if (v !== undefined) search.set(k, Array.isArray(v) ? v.join(',') : String(v));
    url += `?${search.toString()}`;
  }
  const body = endpoint.body ? sampleFromSchema(endpoint.body, victimFields()) : undefined;
  return { key, endpoint, url, body };
}

/** Both drivers answer raw SQL with `{ rows }`. */
type Rows = { rows: unknown[] };

/** A digest of every table a request could change (session bookkeeping and the audit log aside). */
async function snapshot(): Promise<Record<string, string>> {
  const tables = (await t.db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('sessions', 'refresh_tokens', 'auth_flows', 'audit_events')`)) as Rows;
  const parts = (tables.rows as { table_name: string }[]).map(({ table_name: name }) => {
    const row = name === 'api_keys' ? '(t.id, t.practice_id, t.permissions, t.activated, t.secret_hash)' : 't';
    return `'${name}', (select md5(coalesce(string_agg(${row}::text, '|' order by ${row}::text), '')) from "${name}" t)`;
  });
  const result = (await t.db.execute(sql.raw(`select json_build_object(${parts.join(', ')}) as digest`))) as Rows;
  const digest = (result.rows[0] as { digest: Record<string, string> | string }).digest;
  return typeof digest === 'string' ? JSON.parse(digest) : digest;
}

/** Refusals answered to a known caller: each must leave an audit entry naming the caller, the route and the object. */
const AUDITED_REFUSALS = [403, 404, 456];

async function lastAuditId(): Promise<number> {
  const [row] = await t.db
    .select({ id: schema.auditEvents.id })
    .from(schema.auditEvents)
    .orderBy(sql`id desc`)
    .limit(1);
  return row?.id ?? 0;
}

/** What is wrong with the audit of a refused call (made after `sinceId`), or null when it was recorded as it should be. */
async function refusalAuditProblem(sinceId: number, call: Call, apiKey: boolean): Promise<string | null> {
  const rows = await t.db
    .select()
    .from(schema.auditEvents)
    .where(sql`id > ${sinceId} and action = 'access.refused'`);
  const details = rows[0]?.details as
    { route?: string; params?: Record<string, unknown>; apiKeyId?: number } | undefined;
  if (rows.length !== 1 || !details) return `${call.key} refused with ${rows.length} audit entries`;
  if (rows[0].actorUserId !== outsiderId) return `${call.key} refusal audited as user ${rows[0].actorUserId}`;
  if (details.route !== call.key) return `${call.key} refusal audited as route ${details.route}`;
  const named = [...call.endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  if (named.some((p) => details.params?.[p] === undefined))
    return `${call.key} refusal audited without its object (${JSON.stringify(details.params)})`;
  if (apiKey && details.apiKeyId === undefined) return `${call.key} refusal audited without the API key`;
  return null;
}

async function send(client: TestClient, call: Call) {
  return client.request(call.endpoint.method, call.url, call.body);
}

let calls: Call[] = [];

beforeAll(async () => {
  t = await createTestApp();
  victim = await createVictim();
  outsider = await createOutsider();
  const endpoints = contractEndpoints();
  calls = [...endpoints].map(([key, e]) => callFor(key, e)).filter((c): c is Call => c !== null);
});
afterAll(async () => {
  await t?.close();
});

describe('tenancy: every route that names a tenant’s object', () => {
  it('is defined in the contracts (so this test sees it)', () => {
    const registered = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const defined = contractEndpoints();
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(registered)) {
      for (const method of Object.keys(methods)) {
        const key = `${method.toUpperCase()} ${path.replace(/\{([A-Za-z]+)\}/g, ':$1')}`;
        if (!defined.has(key)) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    expect(calls.length).toBeGreaterThan(40);
  });

  it('notices a change when there is one (so "changes nothing" means something)', async () => {
    const before = await snapshot();
    await t.db.insert(schema.practiceTags).values({ practiceId: victim.practice.id, name: 'Probe', color: '#00aa00' });
    expect(await snapshot()).not.toEqual(before);
    await t.db.delete(schema.practiceTags).where(sql`name = 'Probe'`);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an admin of another practice and changes nothing', async () => {
    const leaks: string[] = [];
    const unaudited: string[] = [];
    for (const call of calls.filter((c) => !(c.key in OPEN_BY_DESIGN))) {
      const before = await snapshot();
      const auditedBefore = await lastAuditId();
      const res = await send(outsider, call);
      const after = await snapshot();
      if (!DENIED.includes(res.statusCode)) leaks.push(`${call.key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (JSON.stringify(after) !== JSON.stringify(before))
        leaks.push(`${call.key} changed data while answering ${res.statusCode}`);
      if (AUDITED_REFUSALS.includes(res.statusCode)) {
        const problem = await refusalAuditProblem(auditedBefore, call, false);
        if (problem) unaudited.push(problem);
      }
    }
    expect(leaks).toEqual([]);
    expect(unaudited).toEqual([]);
  });

  it('refuses an anonymous caller', async () => {
    const anonymous = new TestClient(t.app);
    const leaks: string[] = [];
    const auditedBefore = await lastAuditId();
    for (const call of calls.filter((c) => c.endpoint.auth === 'user')) {
      const res = await send(anonymous, call);
      if (res.statusCode !== 401) leaks.push(`${call.key} → ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
    // Anonymous probes name nobody: recording them would only let anyone fill the log.
    expect(await lastAuditId()).toBe(auditedBefore);
  });

  it('refuses a deactivated key of the victim practice, and a key of another practice', async () => {
    const dead = new TestClient(t.app);
    dead.apiKey = deadVictimKey;
    const foreign = new TestClient(t.app);
    foreign.apiKey = outsiderKey;
    const leaks: string[] = [];
    for (const call of calls.filter((c) => c.endpoint.auth === 'user')) {
      const before = await snapshot();
      const deadRes = await send(dead, call);
      const auditedBefore = await lastAuditId();
      const foreignRes = await send(foreign, call);
      const after = await snapshot();
      if (AUDITED_REFUSALS.includes(foreignRes.statusCode)) {
        const problem = await refusalAuditProblem(auditedBefore, call, true);
        if (problem) leaks.push(problem);
      }
      if (deadRes.statusCode !== 401) leaks.push(`${call.key} with a deactivated key → ${deadRes.statusCode}`);
      if (!DENIED.includes(foreignRes.statusCode) && !(call.key in OPEN_BY_DESIGN))
        leaks.push(`${call.key} with another practice's key → ${foreignRes.statusCode}`);
      if (JSON.stringify(after) !== JSON.stringify(before) && !(call.key in OPEN_BY_DESIGN))
        leaks.push(`${call.key} changed data`);
    }
    expect(leaks).toEqual([]);
  });
});
