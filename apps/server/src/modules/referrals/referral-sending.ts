import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { referralsApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { practiceMembers, practices, rolesIn, type Caller } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { patientIn } from '../patients/index.js';
import { insuranceById, specialityExists } from '../catalogues/index.js';

/** POST /referrals' body after the contract's defaults. */
export type ReferralRequest = z.output<typeof referralsApi.ReferralCreate>;

// A declaration, not an arrow: only a declared function returning never narrows what follows its call.
function refuse(field: string, message: string): never {
  throw new AppError('BAD_REQUEST', message, [{ path: ['body', field], message }]);
}

/**
 * A specialty referral no practice matches (the web form's preview says so and keeps Send off; an
 * integration learns it here). Named on the speciality, the choice the sender most likely changes.
 */
export function refuseUnmatched(byInsurance: boolean): never {
  refuse(
    'specialityId',
    byInsurance
      ? 'No practice matches this speciality and insurance near the patient'
      : 'No practice matches this speciality near the patient',
  );
}

/**
 * A BASIC referral naming only the provider (spec 1's payload carries `recievingUserId` alone):
 * the one active practice, other than the sender, where they are a provider.
 */
async function practiceOfProvider(db: Db, userId: number, senderPracticeId: number): Promise<number> {
  const rows = await db
    .selectDistinct({ id: practices.id })
    .from(practiceMembers)
    .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .where(
      and(
        eq(practiceMembers.userId, userId),
        eq(practiceMembers.role, 'PROVIDER'),
        eq(practices.active, true),
        ne(practices.id, senderPracticeId),
      ),
    );
  if (rows.length === 0) refuse('recievingUserId', 'The provider asked for is not a provider at another practice');
  if (rows.length > 1)
    refuse(
      'targetPracticeId',
      'The provider asked for works at several practices: name the practice to refer to (targetPracticeId)',
    );
  return rows[0].id;
}

/**
 * Checks what a new referral names, before anything is stored: the referring provider is a
 * provider of the sending practice and the patient one of its patients; a BASIC referral's
 * practice (and provider) exist and are someone else; a SPECIALTY referral's speciality and
 * insurance exist. Answers what to store.
 */
export async function resolveReferralRequest(db: Db, caller: Caller, body: ReferralRequest) {
  const fromUserId = body.fromUserId ?? (caller.apiKey ? undefined : caller.user.id);
  if (fromUserId === undefined) refuse('fromUserId', 'An integration must name the referring provider (fromUserId)');
  // The referring provider is who the receiving practice answers to: a provider, not staff or an admin.
  if (!(await rolesIn(db, fromUserId, body.practiceId)).includes('PROVIDER')) {
    refuse(
      'fromUserId',
      body.fromUserId === undefined
        ? 'Only a provider can refer a patient: name the referring provider of this practice (fromUserId)'
        : 'The referring provider must be a provider of this practice',
    );
  }

  const patient = await patientIn(db, body.practiceId, body.patientId);
  if (!patient) refuse('patientId', 'No such patient in this practice');

  if (body.specialityId === undefined) {
    const targetId = body.targetPracticeId ?? (await practiceOfProvider(db, body.recievingUserId!, body.practiceId));
    const [target] = await db.select().from(practices).where(eq(practices.id, targetId));
    if (!target || !target.active) refuse('targetPracticeId', 'No such practice');
    if (target.id === body.practiceId) refuse('targetPracticeId', 'A practice cannot refer to itself');
    if (
      body.recievingUserId !== undefined &&
      !(await rolesIn(db, body.recievingUserId, target.id)).includes('PROVIDER')
    ) {
      refuse('recievingUserId', `The provider asked for does not work at ${target.name}`);
    }
    return { fromUserId: fromUserId, patient: patient, type: 'BASIC' as const, target: target };
  }

  if (body.recievingUserId !== undefined)
    refuse('recievingUserId', 'A specialty referral is matched; leave out recievingUserId');
  if (!(await specialityExists(db, body.specialityId))) refuse('specialityId', 'No such speciality');
  // Only a body that says nothing falls back to the patient's insurance; null asks for no filter.
  const insuranceId = body.insuranceId === undefined ? patient.insuranceId : body.insuranceId;
  if (insuranceId !== null) {
    if (!(await insuranceById(db, insuranceId))) refuse('insuranceId', 'No such insurance');
  }
  // Distances run from where the patient is to be seen: given, else their address, else the sender's.
  const latitude = body.latitude ?? patient.latitude ?? null;
  const longitude = body.longitude ?? patient.longitude ?? null;
  return { fromUserId: fromUserId, patient: patient, type: 'SPECIALTY' as const, insuranceId, latitude, longitude };
}
