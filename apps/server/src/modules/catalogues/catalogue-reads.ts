import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insurances, providerSpecialities, specialities, userInsurances } from './catalogues.table.js';

/**
 * What other modules read of the catalogues: lookups by id, and the pieces of SQL their own
 * queries filter and name things by (referral routing, referral search, provider search).
 */

/** The specialities among `ids` that exist, with their names, in no particular order. */
export function specialitiesByIds(db: Db, ids: readonly number[]) {
  return db
    .select({ id: specialities.id, name: specialities.name })
    .from(specialities)
    .where(inArray(specialities.id, [...ids]));
}

export async function specialityExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: specialities.id }).from(specialities).where(eq(specialities.id, id));
  return row !== undefined;
}

/** The insurance with its name, or undefined when there is none. */
export async function insuranceById(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: insurances.id, name: insurances.name })
    .from(insurances)
    .where(eq(insurances.id, id));
  return row;
}

/** Each provider's specialities by name (a provider may appear several times). */
export function specialityNamesOfUsers(db: Db, userIds: readonly number[]) {
  return db
    .select({ userId: providerSpecialities.userId, name: specialities.name })
    .from(providerSpecialities)
    .innerJoin(specialities, eq(specialities.id, providerSpecialities.specialityId))
    .where(inArray(providerSpecialities.userId, [...userIds]))
    .orderBy(asc(specialities.name));
}

/** The name of the speciality `id` names (a value or a column), null when there is none. */
export const specialityNameOf = (id: SQLWrapper | number) =>
  sql<string | null>`(select ${specialities.name} from ${specialities} where ${specialities.id} = ${id})`;

/** The name of the insurance `id` names (a value or a column), null when there is none. */
export const insuranceNameOf = (id: SQLWrapper | number) =>
  sql<string | null>`(select ${insurances.name} from ${insurances} where ${insurances.id} = ${id})`;

export const specialityExistsSql = (id: number) =>
  sql<boolean>`exists (select 1 from ${specialities} where ${specialities.id} = ${id})`;

export const insuranceExistsSql = (id: number) =>
  sql<boolean>`exists (select 1 from ${insurances} where ${insurances.id} = ${id})`;

/** Ids of the specialities whose search text is like `pattern`, as a subquery. */
export const specialityIdsLike = (pattern: string): SQL =>
  sql`(select ${specialities.id} from ${specialities} where ${specialities.search} like ${pattern})`;

/** The providers practising a speciality, as a table to start a query from (one row per provider). */
export const providersOfSpeciality = (db: Db, specialityId: number) =>
  db
    .select({ userId: providerSpecialities.userId })
    .from(providerSpecialities)
    .where(eq(providerSpecialities.specialityId, specialityId))
    .as('provider_specialities');

/** Whether the user accepts the insurance in the practice (the insurance matrix). */
export const acceptsInsurance = (userId: SQLWrapper, practiceId: SQLWrapper, insuranceId: number): SQL =>
  sql`exists (select 1 from ${userInsurances} where ${userInsurances.userId} = ${userId}
    and ${userInsurances.practiceId} = ${practiceId} and ${userInsurances.insuranceId} = ${insuranceId})`;

/** Whether specialty referrals can reach the provider at the practice: a speciality, and an insurance accepted there. */
export async function matchableAt(db: Db, userId: number, practiceId: number): Promise<boolean> {
  const [speciality, insurance] = await Promise.all([
    db
      .select({ id: providerSpecialities.specialityId })
      .from(providerSpecialities)
      .where(eq(providerSpecialities.userId, userId))
      .limit(1),
    db
      .select({ id: userInsurances.insuranceId })
      .from(userInsurances)
      .where(and(eq(userInsurances.userId, userId), eq(userInsurances.practiceId, practiceId)))
      .limit(1),
  ]);
  return speciality.length > 0 && insurance.length > 0;
}
