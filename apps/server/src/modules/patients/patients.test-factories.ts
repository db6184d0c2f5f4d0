import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { insurances } from '../catalogues/catalogues.table.js';
import { practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { patients } from './patients.table.js';
import { patientSearchText } from './patient-records.js';

let seq = 0;

/** A patient of the practice, inserted as the patients service stores one. */
export async function insertPatient(db: Db, practiceId: number, values: Partial<typeof patients.$inferInsert> = {}) {
  seq += 1;
  const base = {
    firstName: 'Pat',
    lastName: `Ient${seq}`,
    phoneNumber: `+1312555${String(1000 + (seq % 9000)).slice(-4)}`,
    email: null,
    ...values,
  };
  const [row] = await db
    .insert(patients)
    .values({ practiceId, ...base, search: patientSearchText(base) })
    .returning();
  return row;
}

/** A practice with its team, its admin signed in on the web. */
export async function patientsWorld(t: TestApp) {
  const team = await practiceWithTeam(t.db);
  return { ...team, client: await signedIn(t.app, team.admin) };
}

/** The catalogue's insurance of that name. */
export async function payer(db: Db, name: string) {
  const [row] = await db.select().from(insurances).where(eq(insurances.name, name));
  return row;
}

/** Expects a refusal with its status, message and (when given) the field the form shows it on. */
export async function refused(
  res: Awaited<ReturnType<TestClient['get']>>,
  status: number,
  message: string,
  field?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, message });
  if (field) expect(res.json().issues).toContainEqual({ path: [expect.any(String), field], message });
}
