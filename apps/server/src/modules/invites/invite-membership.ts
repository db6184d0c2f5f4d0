import { and, eq, sql } from 'drizzle-orm';
import type { InviteType, invitesApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import {
  addOrganisationMember,
  addPracticeMember,
  organisationRolesIn,
  practiceMembers,
  rolesIn,
  setCurrentPractice,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { addNetworkPractice, inNetworkOrOwner } from '../networks/index.js';
import { invites } from './invites.table.js';
import { targetOf, type InviteRow } from './invite-records.js';

/**
 * What accepting an invite changes, and whether someone is already where an invite would take them.
 *
 * A patient of a practice is not a member: an accepted PATIENT invite is itself the link between
 * the patient's account and the practice (status ACCEPTED, respondedBy = the patient). It grants
 * no staff role and no access to the practice's data.
 */

/** Whether the account is the practice's patient through an accepted PATIENT invite. */
export async function isPatientOf(db: Db, userId: number, practiceId: number) {
  const [row] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(
        eq(invites.type, 'PATIENT'),
        eq(invites.status, 'ACCEPTED'),
        eq(invites.practiceId, practiceId),
        eq(invites.respondedBy, userId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

interface TargetRef {
  target: invitesApi.InviteTarget;
  type: InviteType;
  practiceId: number | null;
  networkId: number | null;
  organisationId: number | null;
}

/** Why the account needs no invite to the target (a message for a 450), or null. */
export async function isMemberOfTarget(db: Db, userId: number, t: TargetRef): Promise<string | null> {
  if (t.target === 'ORGANISATION') {
    return (await organisationRolesIn(db, userId, t.organisationId!)).length
      ? 'This person is already a member of the organisation'
      : null;
  }
  if (t.target === 'NETWORK') {
    const [row] = await db
      .select({ practiceId: practiceMembers.practiceId })
      .from(practiceMembers)
      .where(and(eq(practiceMembers.userId, userId), inNetworkOrOwner(db, practiceMembers.practiceId, t.networkId!)))
      .limit(1);
    return row ? "This person's practice is already in the network" : null;
  }
  if (t.type === 'PATIENT') {
    return (await isPatientOf(db, userId, t.practiceId!)) ? 'This person is already a patient of the practice' : null;
  }
  return (await rolesIn(db, userId, t.practiceId!)).length ? 'This person is already a member of the practice' : null;
}

/**
 * Marks the invite accepted by the user and makes them what it promised, in one transaction: a
 * member with the role, a patient (see above), or their practice a member of the network. Joining
 * a practice makes it the user's current practice.
 */
export async function acceptInTransaction(db: Db, invite: InviteRow, userId: number, networkPracticeId: number | null) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(invites)
      .set({ status: 'ACCEPTED', respondedBy: userId, respondedAt: new Date(), inviteeUserId: userId })
      .where(and(eq(invites.id, invite.id), eq(invites.status, 'PENDING'), sql`${invites.expiresAt} > now()`))
      .returning({ id: invites.id });
    if (!claimed) throw new AppError('OBJECT_NOT_FOUND', 'This invite is no longer valid');

    const target = targetOf(invite);
    if (target === 'NETWORK') {
      const added = await addNetworkPractice(tx, invite.networkId!, networkPracticeId!);
      if (!added) throw new AppError('ERROR_OBJECT_EXISTS', 'This practice is already in the network');
    } else if (target === 'ORGANISATION') {
      await addOrganisationMember(tx, invite.organisationId!, userId, invite.role ?? 'PROVIDER');
    } else if (invite.type !== 'PATIENT') {
      await addPracticeMember(tx, invite.practiceId!, userId, invite.role ?? 'PROVIDER');
      await setCurrentPractice(tx, userId, invite.practiceId!);
    }
  });
}
