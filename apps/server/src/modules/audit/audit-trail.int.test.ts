import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { auditApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signedInAs, type TestClient } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { insertPatient } from '../patients/patients.test-factories.js';

let t: TestApp;
let a: {
  practice: { id: number };
  admin: { id: number };
  provider: { id: number };
  adminClient: TestClient;
  providerClient: TestClient;
};
let b: { practice: { id: number }; admin: { id: number }; adminClient: TestClient };
let maria: { id: number };
let john: { id: number };

type Page = { data: auditApi.AuditEvent[]; count: number };

const trail = (client: TestClient, practiceId: number, query: Record<string, string | number> = {}) =>
  client.get(
    `/api/v1/practice/${practiceId}/audit?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
  );

/** Every row of A's trail with the filters, through the API (pages of 100). */
async function allRows(query: Record<string, string | number> = {}) {
  const res = await trail(a.adminClient, a.practice.id, { ...query, pageSize: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

/** Parses the CSV the export sends (RFC 4180: quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  const practiceA = await createPractice(t.db, { name: 'Riverside' });
  const adminA = await createUser(t.db, { firstName: 'Alex', lastName: 'Admin' });
  // A name a spreadsheet would run as a formula: the CSV must keep it text.
  const providerA = await createUser(t.db, { firstName: '=HYPERLINK("http://evil.test")', lastName: 'Provider' });
  await addMember(t.db, practiceA.id, adminA.id, 'ADMIN');
  await addMember(t.db, practiceA.id, providerA.id, 'PROVIDER');
  const practiceB = await createPractice(t.db, { name: 'Lakeside' });
  const adminB = await createUser(t.db, { firstName: 'Blake', lastName: 'Other' });
  await addMember(t.db, practiceB.id, adminB.id, 'ADMIN');
  a = {
    practice: practiceA,
    admin: adminA,
    provider: providerA,
    adminClient: await signedInAs(t.app, adminA),
    providerClient: await signedInAs(t.app, providerA),
  };
  b = { practice: practiceB, admin: adminB, adminClient: await signedInAs(t.app, adminB) };
  maria = await insertPatient(t.db, practiceA.id, { firstName: 'Maria', lastName: 'Lopez' });
  john = await insertPatient(t.db, practiceA.id, { firstName: 'John', lastName: 'Carter' });
  const lakesidePatient = await insertPatient(t.db, practiceB.id, { firstName: 'Lena', lastName: 'Secret' });

  // What the trail will show: reads of A's patients by A's people, and B's own reads elsewhere.
  for (const [client, id] of [
    [a.providerClient, maria.id],
    [a.providerClient, john.id],
    [a.adminClient, maria.id],
  ] as const) {
    expect((await client.get(`/api/v1/patient/${id}?practiceId=${practiceA.id}`)).statusCode).toBe(200);
  }
  expect((await a.providerClient.get(`/api/v1/patients?practiceId=${practiceA.id}`)).statusCode).toBe(200);
  expect((await b.adminClient.get(`/api/v1/patient/${lakesidePatient.id}?practiceId=${practiceB.id}`)).statusCode).toBe(
    200,
  );
  // B's admin tries A's patient: refused, and A's trail shows who tried.
  expect((await b.adminClient.get(`/api/v1/patient/${maria.id}?practiceId=${practiceA.id}`)).statusCode).toBe(403);
});
afterAll(() => t?.close());

describe('a practice admin reads the practice’s audit trail', () => {
  it('shows the practice’s events, newest first, with people and patients named and actions in words', async () => {
    const page = await allRows();
    const viewed = page.data.filter((e) => e.action === 'patient.viewed');
    expect(viewed).toHaveLength(3);
    expect(viewed[0]).toMatchObject({
      label: 'Patient record viewed',
      actor: { id: a.admin.id, name: 'Alex Admin' },
      patient: { id: maria.id, name: 'Maria Lopez' },
    });
    expect(viewed.map((e) => e.at)).toEqual([...viewed.map((e) => e.at)].sort((x, y) => y - x));
    expect(page.data.some((e) => e.action === 'patient.listed' && e.actor?.id === a.provider.id)).toBe(true);
  });

  it('never shows another practice’s events', async () => {
    const page = await allRows();
    const ours = await t.db.select({ id: auditEvents.id, practiceId: auditEvents.practiceId }).from(auditEvents);
    const theirs = new Set(ours.filter((r) => r.practiceId !== a.practice.id).map((r) => r.id));
    expect(theirs.size).toBeGreaterThan(0);
    expect(page.data.filter((e) => theirs.has(e.id))).toEqual([]);
    expect(JSON.stringify(page.data)).not.toContain('Secret');
  });

  it('shows a refused attempt on the practice’s records, naming who tried and what', async () => {
    const { data } = await allRows({ action: 'access.refused' });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      label: 'Access refused',
      actor: { id: b.admin.id, name: 'Blake Other' },
      details: { route: 'GET /api/v1/patient/:id', status: 403, params: { id: maria.id } },
    });
  });

  it('filters by person, patient, action and time', async () => {
    const byProvider = await allRows({ actorId: a.provider.id });
    expect(byProvider.data.length).toBeGreaterThanOrEqual(3);
    expect(byProvider.data.every((e) => e.actor?.id === a.provider.id)).toBe(true);

    const aboutMaria = await allRows({ patientId: maria.id });
    expect(aboutMaria.data.map((e) => e.action).sort()).toEqual(['patient.viewed', 'patient.viewed']);
    expect(aboutMaria.data.every((e) => e.patient?.id === maria.id)).toBe(true);

    const listings = await allRows({ action: 'patient.listed' });
    expect(listings.count).toBe(1);

    // Two events placed in time by hand: the range keeps the one inside it.
    const [inside] = await t.db
      .insert(auditEvents)
      .values({ action: 'practice.updated', practiceId: a.practice.id, at: new Date('2026-03-10T12:00:00Z') })
      .returning();
    await t.db
      .insert(auditEvents)
      .values({ action: 'practice.updated', practiceId: a.practice.id, at: new Date('2026-03-12T12:00:00Z') });
    const range = await allRows({ from: Date.parse('2026-03-10T00:00:00Z'), to: Date.parse('2026-03-11T00:00:00Z') });
    expect(range.data.map((e) => e.id)).toEqual([inside.id]);
  });

  it('pages', async () => {
    const first = (
      await trail(a.adminClient, a.practice.id, { pageSize: 2, page: 0, action: 'patient.viewed' })
    ).json<Page>();
    const second = (
      await trail(a.adminClient, a.practice.id, { pageSize: 2, page: 1, action: 'patient.viewed' })
    ).json<Page>();
    expect(first.count).toBe(3);
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
    expect(new Set([...first.data, ...second.data].map((e) => e.id)).size).toBe(3);
  });

  it('records each reading of the trail, with its filters', async () => {
    await trail(a.adminClient, a.practice.id, { patientId: john.id, page: 0 });
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit.viewed'), eq(auditEvents.actorUserId, a.admin.id)));
    expect(
      rows.some((r) => r.practiceId === a.practice.id && r.details?.patientId === john.id && r.details?.page === 0),
    ).toBe(true);
  });

  it('is for the practice’s admins only', async () => {
    expect((await trail(a.providerClient, a.practice.id)).statusCode).toBe(403);
    expect((await trail(b.adminClient, a.practice.id)).statusCode).toBe(403);
    expect((await a.providerClient.get(`/api/v1/practice/${a.practice.id}/audit/export`)).statusCode).toBe(403);
    expect((await b.adminClient.get(`/api/v1/practice/${a.practice.id}/audit/export`)).statusCode).toBe(403);
    expect((await trail(a.adminClient, b.practice.id)).statusCode).toBe(403);
  });
});

describe('exporting the audit trail as CSV', () => {
  it('streams every filtered row, newest first, with the raw action beside its words, as an attachment', async () => {
    const res = await a.adminClient.get(`/api/v1/practice/${a.practice.id}/audit/export?patientId=${maria.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-trail-\d+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'time',
      'action',
      'description',
      'person_id',
      'person',
      'patient_id',
      'patient',
      'target_type',
      'target_id',
      'ip',
      'user_agent',
      'details',
    ]);
    expect(Number(res.headers['x-audit-count'])).toBe(rows.length - 1);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[6]])).toEqual([
      ['patient.viewed', 'Patient record viewed', 'Maria Lopez'],
      ['patient.viewed', 'Patient record viewed', 'Maria Lopez'],
    ]);
    expect(rows[1][0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('keeps a name that looks like a formula as text', async () => {
    const res = await a.adminClient.get(`/api/v1/practice/${a.practice.id}/audit/export?actorId=${a.provider.id}`);
    const people = parseCsv(res.body)
      .slice(1)
      .map((r) => r[4]);
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((p) => p === `'=HYPERLINK("http://evil.test") Provider`)).toBe(true);
  });

  it('exports more rows than one chunk, each once, and never another practice’s', async () => {
    await t.db.insert(auditEvents).values(
      Array.from({ length: 1_200 }, (_, i) => ({
        action: 'file.listed',
        practiceId: a.practice.id,
        actorUserId: a.admin.id,
        at: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 7)),
        details: { n: i },
      })),
    );
    await t.db
      .insert(auditEvents)
      .values({ action: 'file.listed', practiceId: b.practice.id, actorUserId: b.admin.id, details: { n: -1 } });
    const res = await a.adminClient.get(`/api/v1/practice/${a.practice.id}/audit/export?action=file.listed`);
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(1_200);
    expect(res.headers['x-audit-count']).toBe('1200');
    const numbers = rows.map((r) => (JSON.parse(r[11]) as { n: number }).n);
    expect(new Set(numbers).size).toBe(1_200);
    expect(numbers).not.toContain(-1);
  });

  it('records the export', async () => {
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit.exported'), eq(auditEvents.practiceId, a.practice.id)));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.actorUserId === a.admin.id)).toBe(true);
  });
});
