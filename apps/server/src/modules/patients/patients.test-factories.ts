import type { Db } from '../../db/client.js';
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
