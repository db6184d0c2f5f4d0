import type { Db } from '../../db/client.js';
import { accountHolderOf, insertPatient, type PatientRow } from '../patients/index.js';

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
export async function receiverRecordOf(
  tx: Db,
  patient: PatientRow,
  practiceId: number,
  acceptedBy: number,
): Promise<ReceiverRecord> {
  const holder = patient.phoneNumber ? await accountHolderOf(tx, practiceId, patient.phoneNumber) : undefined;
  if (holder && sameName(holder, patient)) return { record: holder, created: false };
  const copy = {
    firstName: patient.firstName,
    lastName: patient.lastName,
    phoneNumber: holder ? null : patient.phoneNumber,
    email: patient.email,
    dateOfBirth: patient.dateOfBirth,
    gender: patient.gender,
    insuranceId: patient.insuranceId,
    addressPlaceId: patient.addressPlaceId,
    address: patient.address,
    latitude: patient.latitude,
    longitude: patient.longitude,
  };
  const row = await insertPatient(tx, { ...copy, practiceId, createdBy: acceptedBy });
  return { record: row!, created: true };
}
