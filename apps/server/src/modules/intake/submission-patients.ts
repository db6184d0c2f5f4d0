import type { Db } from '../../db/client.js';
import { accountHolderOf, insertPatient, type PatientRow } from '../patients/index.js';
import type { SubmissionRow } from './intake.table.js';
import { genderOf } from './intake-form.js';

/**
 * The practice's record of the patient who sent a submission, and whether it was made now (to
 * audit it as created). Decided: the phone number finds it, as everywhere patients are looked up
 * and as the chat reaches them; the practice's own record is kept as it is, the submission showing
 * what was sent. Without one, a record is made from the submission's answers.
 */
export async function patientOfSubmission(
  tx: Db,
  submission: SubmissionRow,
  actorUserId: number,
): Promise<{ record: PatientRow; created: boolean }> {
  const { practiceId, phoneNumber } = submission;
  const held = await accountHolderOf(tx, practiceId, phoneNumber);
  if (held) return { record: held, created: false };
  const values = {
    firstName: submission.firstName,
    lastName: submission.lastName,
    phoneNumber,
    email: submission.email,
    dateOfBirth: submission.dateOfBirth,
    gender: genderOf(submission.answers),
  };
  // Someone added the number meanwhile (another submission from the same phone): theirs is the record.
  const row = await insertPatient(tx, { ...values, practiceId, createdBy: actorUserId }, { unlessTaken: true });
  if (row) return { record: row, created: true };
  return { record: (await accountHolderOf(tx, practiceId, phoneNumber))!, created: false };
}
