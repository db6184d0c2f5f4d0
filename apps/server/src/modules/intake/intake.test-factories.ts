import { eq } from 'drizzle-orm';
import type { intakeApi } from '@referwell/contracts';
import type { TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import type { Staff } from '../chats/chats.test-factories.js';
import { submissions } from './intake.table.js';

let seq = 0;

/** A unique form address. */
export const freshEndpoint = (prefix = 'intake') => `${prefix}-${(seq += 1)}-${Date.now().toString(36)}`;

/** POST /bots as `admin` (an ADMIN of their practice), expecting 201. */
export async function createBot(admin: Staff, body: Partial<intakeApi.BotCreate> = {}) {
  const res = await admin.client.post('/api/v1/bots', {
    practiceId: admin.practiceId,
    name: 'New patients',
    endpoint: freshEndpoint(),
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`creating a bot failed: ${res.statusCode} ${res.body}`);
  return res.json<intakeApi.Bot>();
}

/** Answers that pass the form's checks; `changes` adds, replaces or (with undefined) removes some. */
export function answers(changes: Record<string, string | undefined> = {}) {
  const all: Record<string, string | undefined> = {
    firstName: 'Rosa',
    lastName: 'Diaz',
    phone: '(202) 555-0142',
    ...changes,
  };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
}

/** A patient sending the form at `endpoint`, from `ip`. */
export function sendForm(t: TestApp, endpoint: string, body: Record<string, unknown>, ip = '203.0.113.7') {
  const patient = new TestClient(t.app);
  patient.ip = ip;
  return patient.post(`/api/v1/patient/form/${endpoint}`, body);
}

/** Sends the form with `answers(changes)`, expecting 201; returns the stored submission's id. */
export async function submitted(t: TestApp, bot: intakeApi.Bot, changes: Record<string, string | undefined> = {}) {
  const res = await sendForm(t, bot.endpoint, { answers: answers(changes) });
  if (res.statusCode !== 201) throw new Error(`sending the form failed: ${res.statusCode} ${res.body}`);
  const [row] = await t.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.uuid, res.json<{ uuid: string }>().uuid));
  return row.id;
}
