import type { Db } from '../../db/client.js';
import type { Caller } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { filesByIds, reownPracticeUploads, type FileRow } from '../files/index.js';

/** The caller's own upload for the practice, not yet attached anywhere, nor a logo or photo. */
const ownUpload = (f: FileRow, caller: Caller, practiceId: number) =>
  f.ownerKind === 'PRACTICE' && f.ownerId === practiceId && f.uploadedBy === caller.user.id && f.purpose === null;

/** Refuses the whole list, changing nothing, when one file does not qualify. */
async function checkFiles(tx: Db, fileIds: number[], field: string, qualifies: (f: FileRow) => boolean) {
  const rows = fileIds.length ? await filesByIds(tx, fileIds) : [];
  const found = new Map(rows.map((f) => [f.id, f]));
  const refused = fileIds.filter((id) => {
    const f = found.get(id);
    return !f || f.deletedAt !== null || !qualifies(f);
  });
  if (refused.length) {
    const message = `File${refused.length > 1 ? 's' : ''} ${refused.join(', ')} cannot be attached: attach files you uploaded for this practice`;
    throw new AppError('BAD_REQUEST', message, [{ path: ['body', field], message }]);
  }
}

/**
 * Attaches uploads to a referral (its own files or a comment's): each must be one the caller
 * uploaded for `practiceId`, or already belong to this referral, and not be deleted. They are
 * re-owned by the referral, so whoever sees the referral sees them. Call inside the transaction
 * that records them.
 */
export async function attachToReferral(
  tx: Db,
  caller: Caller,
  practiceId: number,
  referralId: number,
  fileIds: readonly number[],
  field = 'files',
) {
  const wanted = [...new Set(fileIds)];
  await checkFiles(tx, wanted, field, (f) =>
    f.ownerKind === 'REFERRAL' ? f.ownerId === referralId : ownUpload(f, caller, practiceId),
  );
  if (!wanted.length) return;
  await reownPracticeUploads(tx, wanted, { kind: 'REFERRAL', id: referralId });
}

/**
 * Files for something only the practice sees (a note): the caller's own uploads for the practice.
 * They stay the practice's, so other practices on the referral never reach them.
 */
export async function checkPracticeUploads(
  tx: Db,
  caller: Caller,
  practiceId: number,
  fileIds: readonly number[],
  field = 'files',
) {
  await checkFiles(tx, [...new Set(fileIds)], field, (f) => ownUpload(f, caller, practiceId));
}
