import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { patientsApi } from '@referwell/contracts';
import { textMatch } from '../search/index.js';
import { likeEscape } from '../../db/like.js';
import { patients } from './patients.table.js';

export type PatientRow = typeof patients.$inferSelect;

/** What trigram search matches a patient on: names both ways round, phone digits and e-mail. */
export function patientSearchText(p: Pick<PatientRow, 'firstName' | 'lastName' | 'phoneNumber' | 'email'>): string {
  const phone = p.phoneNumber?.replace(/\D/g, '') ?? '';
  return [p.firstName, p.lastName, p.lastName, p.firstName, phone, p.email ?? ''].join(' ').toLowerCase().trim();
}

/** What a new record is made of; its search text is derived and it is nobody's dependant. */
export type NewPatient = Omit<
  typeof patients.$inferInsert,
  'id' | 'uuid' | 'parentId' | 'search' | 'createdAt' | 'updatedAt'
> &
  Pick<PatientRow, 'firstName' | 'lastName' | 'phoneNumber' | 'email'>;

/**
 * Inserts a record, in the caller's transaction when given one. With `unlessTaken`, a record the
 * practice already holds for the number (unique per practice) wins: nothing is inserted and
 * undefined returned.
 */
export async function insertPatient(
  tx: Db,
  values: NewPatient,
  options: { unlessTaken?: boolean } = {},
): Promise<PatientRow | undefined> {
  const insert = tx.insert(patients).values({ ...values, search: patientSearchText(values) });
  const [row] = await (options.unlessTaken ? insert.onConflictDoNothing() : insert).returning();
  return row;
}

/** The digits of a query typed as a phone number ("(312) 555-01", "+1 312"), or null for other text. */
function phoneDigits(query: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/**
 * Which patients a query finds, and how well (rank as textMatch's). Each word must match on its
 * own, so "adams bob" finds Bob Adams and not every Adams: a word of three characters or more
 * appears anywhere or is similar to a word (a typo), a shorter one (or any, when `strict`) starts
 * a word. A phone number matches its digits exactly; a near-miss number is someone else.
 */
export function patientMatch(query: string, strict = false): { where: SQL; rank: SQL } {
  const column = patients.search;
  const digits = phoneDigits(query);
  if (digits) return { where: sql`${column} like ${`%${digits}%`}`, rank: textMatch(column, digits).rank };
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const wordMatch = (word: string) => {
    const text = likeEscape(word);
    return strict || word.length < 3
      ? sql`(${column} ilike ${`${text}%`} or ${column} ilike ${`% ${text}%`})`
      : sql`(${column} ilike ${`%${text}%`} or ${word} <% ${column})`;
  };
  return { where: and(...words.map(wordMatch)) ?? sql`true`, rank: textMatch(column, query, strict).rank };
}

/** Stored as an ISO date; shown as MM/DD/YYYY. */
export function dobFromStorage(iso: string | null): string | null {
  if (!iso) return null;
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

export function dobForStorage(text: string): string {
  const [m, d, y] = text.trim().split('/');
  return `${y}-${m}-${d}`;
}

export function toPatientSummary(p: PatientRow): patientsApi.PatientSummary {
  return {
    id: p.id,
    uuid: p.uuid,
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: dobFromStorage(p.dateOfBirth),
    gender: p.gender,
    phoneNumber: p.phoneNumber,
  };
}

export function toPatient(p: PatientRow, insuranceName: string | null): patientsApi.Patient {
  return {
    ...toPatientSummary(p),
    practiceId: p.practiceId,
    parentId: p.parentId,
    email: p.email,
    insurance: p.insuranceId,
    insuranceName,
    addressPlaceId: p.addressPlaceId,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    createdAt: p.createdAt.getTime(),
    updatedAt: p.updatedAt.getTime(),
  };
}
