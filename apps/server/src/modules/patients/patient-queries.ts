import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patientMatch, type PatientRow } from './patient-records.js';
import { patients } from './patients.table.js';

/**
 * What other modules read of the patients: records by id (within a practice where the caller
 * names one), the account holder a phone number finds, and search. Their callers check access.
 */

/** The practice's patient `id`; undefined for another practice's or a missing one. */
export async function patientIn(db: Db, practiceId: number, id: number): Promise<PatientRow | undefined> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.practiceId, practiceId)));
  return row;
}

/** The record `id`, whichever practice keeps it. */
export async function patientById(db: Db, id: number): Promise<PatientRow | undefined> {
  const [row] = await db.select().from(patients).where(eq(patients.id, id));
  return row;
}

/** The records among `ids`, whichever practices keep them, in no particular order. */
export function patientsByIds(db: Db, ids: readonly number[]): Promise<PatientRow[]> {
  return db
    .select()
    .from(patients)
    .where(inArray(patients.id, [...ids]));
}

/** Names of the practice's patients among `ids` (another practice's are left out). */
export function patientNamesIn(db: Db, practiceId: number, ids: readonly number[]) {
  return db
    .select({ id: patients.id, firstName: patients.firstName, lastName: patients.lastName })
    .from(patients)
    .where(and(inArray(patients.id, [...ids]), eq(patients.practiceId, practiceId)));
}

/** The practice's patient whose own number this is (dependants share their parent's and are not it). */
export async function accountHolderOf(
  db: Db,
  practiceId: number,
  phoneNumber: string,
): Promise<PatientRow | undefined> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.practiceId, practiceId), eq(patients.phoneNumber, phoneNumber), isNull(patients.parentId)));
  return row;
}

/** Ids of the patients whose "first last" name is like `pattern`, as a subquery. */
export const patientIdsNamedLike = (pattern: string): SQL =>
  sql`(select ${patients.id} from ${patients} where lower(${patients.firstName} || ' ' || ${patients.lastName}) like ${pattern})`;

/** The patients of these practices a query finds, best matches first (patientMatch). */
export function searchPatients(db: Db, practiceIds: readonly number[], query: string, strict: boolean, limit: number) {
  const match = patientMatch(query, strict);
  return db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      dateOfBirth: patients.dateOfBirth,
      practiceId: patients.practiceId,
    })
    .from(patients)
    .where(and(inArray(patients.practiceId, [...practiceIds]), match.where))
    .orderBy(desc(match.rank), asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(limit);
}
