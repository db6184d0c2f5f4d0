import type { FileOwnerKind, Role } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { patientById } from '../patients/index.js';
import { authorizePractice, canInPractice, visiblePracticesOf, type Caller } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { PRACTICE_RULES } from '../../platform/access/rules.js';
import { callerSeesReferral } from '../referrals/index.js';
import { callerSeesChat } from '../chats/index.js';

/** What the access check needs of a file row. */
export interface FileAccessFacts {
  ownerKind: FileOwnerKind;
  ownerId: number | null;
  practiceId: number | null;
  uploadedBy: number | null;
}

export type FileAction = 'view' | 'delete';

/** Whether a file exists is itself private: callers who may not see it get the same answer as for a missing one. */
const notFound = () => new AppError('OBJECT_NOT_FOUND', 'No such file');

/** Practice admins may delete any of the practice's files; the closest rule is editing the practice. */
const ADMIN_ROLES: readonly Role[] = PRACTICE_RULES['practice.edit'].roles;

async function seesPractice(db: Db, caller: Caller, practiceId: number | null): Promise<Role[]> {
  if (practiceId === null) throw notFound();
  try {
    return await authorizePractice(db, caller, practiceId, 'practice.view');
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') throw notFound();
    throw error;
  }
}

/**
 * Who may see or delete a file, decided by what owns it. Throws 456 for callers who may not see it
 * and 403 for those who see it but may not delete it.
 */
export async function authorizeFile(db: Db, caller: Caller, file: FileAccessFacts, action: FileAction): Promise<void> {
  switch (file.ownerKind) {
    case 'PRACTICE': {
      const held = await seesPractice(db, caller, file.ownerId);
      if (action === 'delete' && file.uploadedBy !== caller.user.id && !held.some((r) => ADMIN_ROLES.includes(r))) {
        throw new AppError('FORBIDDEN', 'Only the person who uploaded this file or a practice admin can delete it');
      }
      return;
    }
    case 'USER': {
      if (file.ownerId === null || caller.apiKey) throw notFound();
      if (caller.user.id === file.ownerId) return;
      try {
        await visiblePracticesOf(db, caller, file.ownerId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'FORBIDDEN') throw notFound();
        throw error;
      }
      if (action === 'delete') throw new AppError('FORBIDDEN', 'Only its owner can delete this file');
      return;
    }
    case 'REFERRAL': {
      if (file.ownerId === null || !(await callerSeesReferral(db, caller, file.ownerId))) throw notFound();
      // Attachments stay with the referral's record; only their uploader may take one back.
      if (action === 'delete' && file.uploadedBy !== caller.user.id)
        throw new AppError('FORBIDDEN', 'Only the person who attached this file can delete it');
      return;
    }
    case 'CHAT': {
      if (file.ownerId === null || !(await callerSeesChat(db, caller, file.ownerId))) throw notFound();
      // Chat files are taken back through the chat room, by whoever attached them.
      if (action === 'delete' && file.uploadedBy !== caller.user.id)
        throw new AppError('FORBIDDEN', 'Only the person who attached this file can delete it');
      return;
    }
    case 'PATIENT': {
      // A patient's documents are part of their record in one practice: its staff who see the
      // practice's patients see them, and those who may edit its patients may delete them.
      const practiceId = file.ownerId === null ? null : await practiceOfPatient(db, file.ownerId);
      if (practiceId === null || !(await canInPractice(db, caller, practiceId, 'patients.view'))) throw notFound();
      if (action === 'delete' && !(await canInPractice(db, caller, practiceId, 'patients.manage'))) {
        throw new AppError('FORBIDDEN', 'Your role does not allow you to change this patient’s files');
      }
      return;
    }
  }
}

/** The practice whose record a patient is (each practice keeps its own), or null when there is none. */
async function practiceOfPatient(db: Db, patientId: number): Promise<number | null> {
  return (await patientById(db, patientId))?.practiceId ?? null;
}
