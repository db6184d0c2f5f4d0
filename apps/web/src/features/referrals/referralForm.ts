import { referralsApi, type BodyOf, type PracticeSummary, type directoryApi } from '@referwell/contracts';
import { isApiError, NETWORK_ERROR } from '../../lib/api';
import { serverFieldErrors } from '../../lib/errors';
import type { NamedOption } from '../../lib/catalogueSearch';
import type { Patient } from '../patients';
import type { SearchOption } from '../../lib/searchOption';

export type ReferralCreateBody = BodyOf<typeof referralsApi.createReferral>;

export interface ReferralFormValues {
  type: referralsApi.ReferralType;
  /** The referring provider's id as text: null when the signed-in provider refers, '' until chosen. */
  fromUserId: string | null;
  practice: SearchOption<PracticeSummary> | null;
  /** A BASIC referral may ask for one of the practice's providers. */
  provider: SearchOption<directoryApi.PersonSummary> | null;
  speciality: NamedOption | null;
  insurance: NamedOption | null;
  scheduleType: referralsApi.ScheduleType;
  schedulePreferences: referralsApi.SchedulePreference[];
  matchingDistance: referralsApi.ReferralDistance;
  notes: string;
  files: number[];
}

export const INITIAL_REFERRAL: ReferralFormValues = {
  type: 'SPECIALTY',
  fromUserId: null,
  practice: null,
  provider: null,
  speciality: null,
  insurance: null,
  scheduleType: 'NEXT',
  schedulePreferences: [],
  matchingDistance: 'NORMAL',
  notes: '',
  files: [],
};

export function validateReferral(values: ReferralFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.fromUserId === '') errors.fromUserId = 'Choose the referring provider';
  if (values.type === 'BASIC' && !values.practice) errors.practice = 'Choose the practice to refer to';
  if (values.type === 'SPECIALTY') {
    if (!values.speciality) errors.speciality = 'Choose a speciality';
    if (values.scheduleType === 'PREFERENCE' && values.schedulePreferences.length === 0) {
      errors.schedulePreferences = 'Add at least one day and time of day';
    }
  }
  if (values.notes.trim().length > referralsApi.REFERRAL_TEXT_MAX) {
    errors.notes = `Notes must be at most ${referralsApi.REFERRAL_TEXT_MAX} characters`;
  }
  return errors;
}

export function toReferralBody(practiceId: number, patient: Patient, values: ReferralFormValues): ReferralCreateBody {
  const common = {
    practiceId,
    patientId: patient.id,
    notes: values.notes.trim(),
    files: values.files,
    ...(values.fromUserId ? { fromUserId: Number(values.fromUserId) } : {}),
  };
  if (values.type === 'BASIC') {
    return {
      ...common,
      targetPracticeId: values.practice!.id,
      ...(values.provider ? { recievingUserId: values.provider.id } : {}),
    };
  }
  return {
    ...common,
    specialityId: values.speciality!.id,
    // Cleared means no insurance filter, as the match preview shows; left out, the server would use the patient's.
    insuranceId: values.insurance?.id ?? null,
    scheduleType: values.scheduleType,
    schedulePreferences: values.scheduleType === 'PREFERENCE' ? values.schedulePreferences : [],
    matchingDistance: values.matchingDistance,
  };
}

/** The body's names for what the form calls by the thing chosen. */
const SERVER_FIELDS: Record<string, keyof ReferralFormValues> = {
  fromUserId: 'fromUserId',
  targetPracticeId: 'practice',
  recievingUserId: 'provider',
  specialityId: 'speciality',
  insuranceId: 'insurance',
  scheduleType: 'scheduleType',
  schedulePreferences: 'schedulePreferences',
  matchingDistance: 'matchingDistance',
  notes: 'notes',
  files: 'files',
};

/**
 * Spec 1 §8: a failed referral shows the server's message, else its status code, else 'Unknown
 * error occurred'. Validation issues about a field go on that field.
 */
export function referralFailure(error: unknown): { fieldErrors: Record<string, string>; message: string | null } {
  if (isApiError(error) && error.issues.length > 0) {
    const { fieldErrors, message } = serverFieldErrors(error, Object.keys(SERVER_FIELDS));
    const renamed = Object.fromEntries(Object.entries(fieldErrors).map(([path, text]) => [SERVER_FIELDS[path], text]));
    return { fieldErrors: renamed, message };
  }
  return { fieldErrors: {}, message: referralFailureText(error) };
}

export function referralFailureText(error: unknown): string {
  if (!isApiError(error) || error.code === NETWORK_ERROR || error.status === 0) return 'Unknown error occurred';
  // Without an error body (a proxy's page, say) all there is to say is the status.
  if (error.code === `HTTP_${error.status}`) return `Request failed with status code ${error.status}`;
  return error.message;
}
