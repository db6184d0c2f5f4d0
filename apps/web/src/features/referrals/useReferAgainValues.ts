import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { namedOption } from '../../lib/catalogueSearch';
import { patientQuery, type Patient } from '../patients';
import { practiceOption, providerOption } from '../../lib/practiceSearch';
import { INITIAL_REFERRAL, type ReferralFormValues } from './referralForm';
import { referralDetailQuery, type ReferralDetail } from './referralQueries';

/** The new-referral form as an ended referral leaves it to fill in again. */
export interface ReferAgainSource {
  referralId: number;
  values: ReferralFormValues;
  /** Null when the patient record could not be loaded: the sender chooses them again. */
  patient: Patient | null;
}

export type ReferAgainState =
  | { status: 'loading' }
  /** Nothing to fill in from: the empty form is shown under the message. */
  | { status: 'failed'; message: string }
  | { status: 'ready'; source: ReferAgainSource; patientMessage: string | null };

/**
 * The earlier referral's choices. Attachments stay behind: each file belongs to one referral. The
 * referring provider is kept for whoever sends on a provider's behalf; the page drops it for a
 * provider, who refers in their own name.
 */
export function referAgainValues(referral: ReferralDetail, patient: Patient | null): ReferralFormValues {
  const basic = referral.type === 'BASIC';
  // A BASIC referral carries no insurance filter: the patient's own is what a fresh form would offer.
  const insurance = basic
    ? patient && namedOption(patient.insurance, patient.insuranceName)
    : referral.insurance && namedOption(referral.insurance.id, referral.insurance.name);
  return {
    type: referral.type,
    fromUserId: String(referral.fromUser.id),
    practice: basic && referral.receivingPractice ? practiceOption(referral.receivingPractice) : null,
    provider: basic && referral.receivingUser ? providerOption(referral.receivingUser) : null,
    speciality: referral.speciality && namedOption(referral.speciality.id, referral.speciality.name),
    insurance: insurance ?? null,
    scheduleType: referral.scheduleType ?? INITIAL_REFERRAL.scheduleType,
    schedulePreferences: referral.schedulePreferences,
    matchingDistance: referral.matchingDistance ?? INITIAL_REFERRAL.matchingDistance,
    notes: referral.notes,
    files: [],
  };
}

/**
 * Loads referral `fromId` of the practice and the sender's full record of its patient, for
 * "Refer again". Only a referral whose actions offer it is used: the server decides who may.
 */
export function useReferAgainValues(practiceId: number, fromId: number | null): ReferAgainState {
  const referral = useQuery({ ...referralDetailQuery(practiceId, fromId ?? 0), enabled: fromId !== null });
  const usable = referral.data?.actions.includes('referAgain') ?? false;
  const patientId = referral.data?.practicePatientId ?? null;
  const patient = useQuery({ ...patientQuery(practiceId, patientId ?? 0), enabled: usable && patientId !== null });

  if (fromId === null)
    return { status: 'failed', message: 'The referral to send again is not a valid referral number.' };
  const name = `referral #${fromId}`;
  // Data first: a failed refetch in the background must not take back a form already filled in.
  if (!referral.data) {
    if (!referral.isError) return { status: 'loading' };
    // 456: the practice does not (or no longer) see it; 404: it does not exist.
    const unseen = isApiError(referral.error, 456) || isApiError(referral.error, 404);
    return {
      status: 'failed',
      message: unseen ? `Your practice cannot see ${name}.` : `Could not load ${name}: ${errorMessage(referral.error)}`,
    };
  }
  if (!usable) {
    return {
      status: 'failed',
      message: `Only the practice that sent ${name} can send it again, once it was rejected, expired or cancelled.`,
    };
  }
  if (patientId !== null && !patient.data && !patient.isError) return { status: 'loading' };
  const loaded = patient.data ?? null;
  return {
    status: 'ready',
    source: { referralId: fromId, values: referAgainValues(referral.data, loaded), patient: loaded },
    patientMessage: loaded ? null : `Could not load the patient of ${name}: choose or add them below.`,
  };
}
