import { sql } from 'drizzle-orm';
import * as contracts from '@referwell/contracts';
import type { Endpoint } from '@referwell/contracts';
import type { Db } from './db/client.js';
import type { TestApp } from './test/harness.js';
import type { TestClient } from './test/client.js';
import { sampleFromSchema } from './test/sample-from-schema.js';
import * as schema from './db/schema.js';
import { createOutsider, createVictim, type Victim } from './tenancy.test-factories.js';

/**
 * What the tenancy tests aim and check: every route in the contracts that names a tenant's object,
 * turned into a request at the victim's objects; a digest of every table, to see that a refused
 * request changed nothing; and the audit a refusal must leave. A route whose ids are not classified
 * here fails the tests until it is.
 */

type AnyEndpoint = Endpoint<any, any, any, any, any, any>;
/** 456 is the catalogue's "object not found", answered where existence itself is private. */
export const DENIED = [401, 403, 404, 456];

/** Routes that by design answer callers outside the practice, and why. */
export const OPEN_BY_DESIGN: Record<string, string> = {
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

/** Every endpoint defined in contracts, by "METHOD /path". */
export function contractEndpoints(): Map<string, AnyEndpoint> {
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
function victimValueFor(victim: Victim, path: string, param: string): string | number | undefined {
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
    template: victim.template.id,
    // An appointment by its uuid (staff's reference; the patient's code is tested in its module).
    appointment: victim.appointment.uuid,
    appointmentById: victim.appointment.id,
  };
  return before ? byResource[before] : undefined;
}

/** Body and query fields that name a tenant's object, with the victim's value. */
function victimFields(victim: Victim) {
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

export interface Call {
  key: string;
  endpoint: AnyEndpoint;
  url: string;
  body: unknown;
}

/** The request that aims `endpoint` at the victim, or null for a route that names no tenant. */
function callFor(victim: Victim, key: string, endpoint: AnyEndpoint): Call | null {
  const params = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  const tenantParams =
    params.length > 0 && !NOT_TENANT_PARAMS.has(key) && !NOT_TENANT_PREFIXES.some((p) => endpoint.path.startsWith(p));
  const tenantFields = [...fieldsOf(endpoint.query), ...fieldsOf(endpoint.body)].some((f) => TENANT_FIELDS.has(f));
  if (!tenantParams && !tenantFields) return null;
  const values: Record<string, string | number> = {};
  for (const param of params) {
    const value = tenantParams ? victimValueFor(victim, endpoint.path, param) : undefined;
    if (value === undefined) throw new Error(`${key}: classify path parameter :${param} in tenancy.test-support.ts`);
    // A practice named by uuid (branding) gets the victim's uuid.
    const idSchema = (
      endpoint.params as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> } | undefined
    )?.shape?.id;
    const asUuid = param === 'id' && idSchema !== undefined && !idSchema.safeParse(String(value)).success;
    values[param] = asUuid ? victim.practice.uuid : value;
  }
  let url = contracts.buildPath(endpoint.path, values);
  if (endpoint.query) {
    const query = sampleFromSchema(endpoint.query, victimFields(victim)) as Record<string, unknown>;
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- query samples are JSON scalars (or arrays, joined); String() also keeps a null as 'null'
      if (v !== undefined) search.set(k, Array.isArray(v) ? v.join(',') : String(v));
    url += `?${search.toString()}`;
  }
  const body = endpoint.body ? sampleFromSchema(endpoint.body, victimFields(victim)) : undefined;
  return { key, endpoint, url, body };
}

/** Both drivers answer raw SQL with `{ rows }`. */
type Rows = { rows: unknown[] };

/** A digest of every table a request could change (session bookkeeping and the audit log aside). */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = (await db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('sessions', 'refresh_tokens', 'auth_flows', 'audit_events')`)) as Rows;
  const parts = (tables.rows as { table_name: string }[]).map(({ table_name: name }) => {
    const row = name === 'api_keys' ? '(t.id, t.practice_id, t.permissions, t.activated, t.secret_hash)' : 't';
    return `'${name}', (select md5(coalesce(string_agg(${row}::text, '|' order by ${row}::text), '')) from "${name}" t)`;
  });
  const result = (await db.execute(sql.raw(`select json_build_object(${parts.join(', ')}) as digest`))) as Rows;
  const digest = (result.rows[0] as { digest: Record<string, string> | string }).digest;
  return typeof digest === 'string' ? JSON.parse(digest) : digest;
}

/** Refusals answered to a known caller: each must leave an audit entry naming the caller, the route and the object. */
export const AUDITED_REFUSALS = [403, 404, 456];

export async function lastAuditId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: schema.auditEvents.id })
    .from(schema.auditEvents)
    .orderBy(sql`id desc`)
    .limit(1);
  return row?.id ?? 0;
}

/** What is wrong with the audit of a refused call (made after `sinceId`), or null when it was recorded as it should be. */
export async function refusalAuditProblem(
  db: Db,
  outsiderId: number,
  sinceId: number,
  call: Call,
  apiKey: boolean,
): Promise<string | null> {
  const rows = await db
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

export async function send(client: TestClient, call: Call) {
  return client.request(call.endpoint.method, call.url, call.body);
}

/** The victim and the outsider on the app's database, and the call that aims each tenant route at the victim. */
export async function tenancyScene(t: TestApp) {
  const victim = await createVictim(t.db);
  const outsider = await createOutsider(t);
  const endpoints = contractEndpoints();
  const calls = [...endpoints].map(([key, e]) => callFor(victim, key, e)).filter((c): c is Call => c !== null);
  return { victim, outsider, calls };
}
