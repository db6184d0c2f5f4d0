import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './test/harness.js';
import { TestClient } from './test/client.js';
import * as schema from './db/schema.js';
import type { Outsider, Victim } from './tenancy.test-factories.js';
import {
  AUDITED_REFUSALS,
  DENIED,
  OPEN_BY_DESIGN,
  contractEndpoints,
  lastAuditId,
  refusalAuditProblem,
  send,
  snapshot,
  tenancyScene,
  type Call,
} from './tenancy.test-support.js';

/**
 * The tenancy guarantee, checked for every route at once: each route that names a practice,
 * organisation, network, department, user, invite, key, join request, file, patient, referral or
 * note is called by a signed-in
 * admin of another practice, by an anonymous caller, by a deactivated key of the victim practice
 * and by a fully-permitted key of another practice, with ids of the victim's objects. Each must
 * answer 401, 403, 404 or 456 and leave every table as it was. Routes are read from the contracts and
 * from what the server registered, so a new route is covered without editing this file — or fails
 * here until its ids are classified in tenancy.test-support.ts. The victim and the outsider are
 * built by tenancy.test-factories.ts.
 */

let t: TestApp;
let victim: Victim;
let outsider: Outsider;
let calls: Call[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ victim, outsider, calls } = await tenancyScene(t));
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
    const before = await snapshot(t.db);
    await t.db.insert(schema.practiceTags).values({ practiceId: victim.practice.id, name: 'Probe', color: '#00aa00' });
    expect(await snapshot(t.db)).not.toEqual(before);
    await t.db.delete(schema.practiceTags).where(sql`name = 'Probe'`);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses an admin of another practice and changes nothing', async () => {
    const leaks: string[] = [];
    const unaudited: string[] = [];
    for (const call of calls.filter((c) => !(c.key in OPEN_BY_DESIGN))) {
      const before = await snapshot(t.db);
      const auditedBefore = await lastAuditId(t.db);
      const res = await send(outsider.client, call);
      const after = await snapshot(t.db);
      if (!DENIED.includes(res.statusCode)) leaks.push(`${call.key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (JSON.stringify(after) !== JSON.stringify(before))
        leaks.push(`${call.key} changed data while answering ${res.statusCode}`);
      if (AUDITED_REFUSALS.includes(res.statusCode)) {
        const problem = await refusalAuditProblem(t.db, outsider.id, auditedBefore, call, false);
        if (problem) unaudited.push(problem);
      }
    }
    expect(leaks).toEqual([]);
    expect(unaudited).toEqual([]);
  });

  it('refuses an anonymous caller', async () => {
    const anonymous = new TestClient(t.app);
    const leaks: string[] = [];
    const auditedBefore = await lastAuditId(t.db);
    for (const call of calls.filter((c) => c.endpoint.auth === 'user')) {
      const res = await send(anonymous, call);
      if (res.statusCode !== 401) leaks.push(`${call.key} → ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
    // Anonymous probes name nobody: recording them would only let anyone fill the log.
    expect(await lastAuditId(t.db)).toBe(auditedBefore);
  });

  it('refuses a deactivated key of the victim practice, and a key of another practice', async () => {
    const dead = new TestClient(t.app);
    dead.apiKey = victim.deadKey;
    const foreign = new TestClient(t.app);
    foreign.apiKey = outsider.key;
    const leaks: string[] = [];
    for (const call of calls.filter((c) => c.endpoint.auth === 'user')) {
      const before = await snapshot(t.db);
      const deadRes = await send(dead, call);
      const auditedBefore = await lastAuditId(t.db);
      const foreignRes = await send(foreign, call);
      const after = await snapshot(t.db);
      if (AUDITED_REFUSALS.includes(foreignRes.statusCode)) {
        const problem = await refusalAuditProblem(t.db, outsider.id, auditedBefore, call, true);
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
