import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patients } from '../patients/patients.table.js';
import { patientSearchText, type PatientRow } from '../patients/patient-records.js';

const sameName = (a: PatientRow, b: PatientRow) =>
  a.firstName.toLowerCase() === b.firstName.toLowerCase() && a.lastName.toLowerCase() === b.lastName.toLowerCase();

/** The accepting practice's record of the patient, and whether accepting made it (to audit it as created). */
export interface ReceiverRecord {
  record: PatientRow;
  created: boolean;
}

/**
 * The accepting practice's own record of the referred patient: the one it already keeps (same
 * phone and name), or a copy of the sender's, made by the accepting user. Each practice then edits
 * only its own record. When the phone already belongs to someone else there, the copy is kept
 * without it rather than merged into the wrong person.
 */
export async function receiverRecordOf(tx: Db, patient: PatientRow, practiceId: number, acceptedBy: number): Promise<ReceiverRecord> {
  const holder = patient.phoneNumber
    ? (await tx.select().from(patients).where(and(eq(patients.practiceId, practiceId), eq(patients.phoneNumber, patient.phoneNumber), isNull(patients.parentId))))[0]
    : undefined;
  if (holder && sameName(holder, patient)) return { record: holder, created: false };
  const copy = {
    firstName: patient.firstName, lastName: patient.lastName, phoneNumber: holder ? null : patient.phoneNumber, email: patient.email,
    dateOfBirth: patient.dateOfBirth, gender: patient.gender, insuranceId: patient.insuranceId, addressPlaceId: patient.addressPlaceId,
    address: patient.address, latitude: patient.latitude, longitude: patient.longitude,
  };
  const [row] = await tx.insert(patients).values({ ...copy, practiceId, search: patientSearchText(copy), createdBy: acceptedBy }).returning();
  return { record: row, created: true };
}
