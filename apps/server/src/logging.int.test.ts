import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';
import type { TestClient } from './test/client.js';
import { practiceWithTeam, signedIn } from './modules/practices/practices.test-factories.js';
import { loggerOptions } from './platform/logging.js';

/** The server with its real logger options, its log written here. */
let t: TestApp;
let staff: TestClient;
let practiceId: number;
const lines: string[] = [];
const logged = () => lines.join('');

beforeAll(async () => {
  t = await createTestApp({}, { logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
  const team = await practiceWithTeam(t.db);
  practiceId = team.practice.id;
  staff = await signedIn(t.app, team.staff);
});
afterAll(async () => {
  await t?.close();
});

describe('the server’s log', () => {
  it('keeps a patient search out of the log, even when the database refuses the search text', async () => {
    lines.length = 0;
    // A NUL in text is refused by PostgreSQL itself (22021): the driver's error carries the parameters.
    const res = await staff.get(
      `/api/v1/patients?practiceId=${practiceId}&query=${encodeURIComponent('Maria\u0000Lopez')}`,
    );
    expect(res.statusCode).toBe(400);
    const records = lines.map(
      (line) => JSON.parse(line) as { msg: string; err?: { cause?: { code?: string } }; req?: { url: string } },
    );
    expect(records.find((r) => r.msg === 'the database refused a value')?.err?.cause?.code).toBe('22021');
    expect(records.find((r) => r.req)?.req?.url).toBe(`/api/v1/patients?practiceId=${practiceId}&query=%5Bredacted%5D`);
    expect(logged()).not.toMatch(/Maria|Lopez/);
  });

  it('keeps phone numbers and e-mails of lookups out of the log', async () => {
    lines.length = 0;
    await staff.get(
      `/api/v1/patients/phone?practiceId=${practiceId}&phoneNumber=${encodeURIComponent('+1 202 555 0142')}`,
    );
    await t.app.inject({ method: 'GET', url: '/api/v1/user/phone-or-email?value=rosa.diaz%40example.test' });
    expect(lines.length).toBeGreaterThan(0);
    expect(logged()).not.toMatch(/555|0142|rosa\.diaz/);
  });
});
