import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patients } from '../patients/patients.table.js';
import { patientSearchText, type PatientRow } from '../patients/patient-records.js';
import type { SubmissionRow } from './intake.table.js';
import { genderOf } from './intake-form.js';

const holderOf = async (tx: Db, practiceId: number, phoneNumber: string) =>
  (await tx.select().from(patients).where(and(eq(patients.practiceId, practiceId), eq(patients.phoneNumber, phoneNumber), isNull(patients.parentId))))[0];

/**
 * The practice's record of the patient who sent a submission, and whether it was made now (to
 * audit it as created). Decided: the phone number finds it, as everywhere patients are looked up
 * and as the chat reaches them; the practice's own record is kept as it is, the submission showing
 * what was sent. Without one, a record is made from the submission's answers.
 */
export async function patientOfSubmission(tx: Db, submission: SubmissionRow, actorUserId: number): Promise<{ record: PatientRow; created: boolean }> {
  const { practiceId, phoneNumber } = submission;
  const held = await holderOf(tx, practiceId, phoneNumber);
  if (held) return { record: held, created: false };
  const values = {
    firstName: submission.firstName, lastName: submission.lastName, phoneNumber, email: submission.email,
    dateOfBirth: submission.dateOfBirth, gender: genderOf(submission.answers),
  };
  const [row] = await tx
    .insert(patients)
    .values({ ...values, practiceId, search: patientSearchText(values), createdBy: actorUserId })
    // Someone added the number meanwhile (another submission from the same phone): theirs is the record.
    .onConflictDoNothing()
    .returning();
  if (row) return { record: row, created: true };
  return { record: (await holderOf(tx, practiceId, phoneNumber)), created: false };
}
