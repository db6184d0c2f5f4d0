import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { chatsApi, formatPhone, patientsApi, referralsApi, type BodyOf } from '@referwell/contracts';
import { call } from '../../lib/api';
import type { SearchOption } from '../../lib/searchOption';

export type Patient = patientsApi.Patient;
export type PatientSummary = patientsApi.PatientSummary;
export type Gender = NonNullable<Patient['gender']>;

/** Every patient query of a practice sits under ['patients', practiceId]. */
export const patientKeys = {
  all: (practiceId: number) => ['patients', practiceId] as const,
  search: (practiceId: number) => ['patients', practiceId, 'search'] as const,
  list: (practiceId: number, query: string, page: number) => ['patients', practiceId, 'list', query, page] as const,
  referrals: (practiceId: number, id: number, page: number) => ['patients', practiceId, 'referrals', id, page] as const,
  detail: (practiceId: number, id: number) => ['patients', practiceId, 'detail', id] as const,
};

/** A handful of matches is what a picker shows; more means the text needs another letter. */
const PICKER_LIMIT = 10;

const GENDER_LABELS: Record<Gender, string> = { FEMALE: 'Female', MALE: 'Male' };
export const genderLabel = (gender: Gender) => GENDER_LABELS[gender];
export const GENDER_OPTIONS = Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label }));

/** "DOB 03/25/1980 · (202) 555-0123": what tells two patients of the same name apart. */
export function patientDetails(patient: Pick<PatientSummary, 'dateOfBirth' | 'phoneNumber'>): string {
  // The wire already carries MM/DD/YYYY; formatDate's DOB reading is for day/month/year input.
  return [patient.dateOfBirth && `DOB ${patient.dateOfBirth}`, patient.phoneNumber && formatPhone(patient.phoneNumber)]
    .filter(Boolean)
    .join(' · ');
}

function patientOption(patient: Patient): SearchOption<Patient> {
  return {
    id: patient.id,
    label: `${patient.firstName} ${patient.lastName}`,
    description: patientDetails(patient) || null,
    value: patient,
  };
}

export async function findPatients(practiceId: number, query: string, signal: AbortSignal) {
  const found = await call(patientsApi.listPatients, { query: { practiceId, query, limit: PICKER_LIMIT }, signal });
  return found.data.map(patientOption);
}

/** One of the practice's patient records in full (a referral carries only a summary). */
export function patientQuery(practiceId: number, id: number) {
  return queryOptions({
    queryKey: patientKeys.detail(practiceId, id),
    queryFn: ({ signal }) => call(patientsApi.getPatient, { params: { id }, query: { practiceId }, signal }),
  });
}

/** One page of the practice's patients by name, matching `query` on name, phone or e-mail. */
export function patientListQuery(practiceId: number, query: string, page: number) {
  return queryOptions({
    queryKey: patientKeys.list(practiceId, query, page),
    queryFn: ({ signal }) =>
      call(patientsApi.listPatients, {
        query: {
          practiceId,
          skip: page * patientsApi.PATIENTS_PAGE_SIZE,
          limit: patientsApi.PATIENTS_PAGE_SIZE,
          query: query || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The patient's referrals, newest first, a page at a time. */
export function patientReferralsQuery(practiceId: number, id: number, page: number) {
  return queryOptions({
    queryKey: patientKeys.referrals(practiceId, id, page),
    queryFn: ({ signal }) =>
      call(referralsApi.patientReferrals, {
        params: { id },
        query: {
          practiceId,
          skip: page * patientsApi.PATIENT_REFERRALS_PAGE_SIZE,
          pageSize: patientsApi.PATIENT_REFERRALS_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The practice's chats with the patient; under ['chats', practiceId] so starting a chat refreshes it. */
export function patientChatsQuery(practiceId: number, id: number) {
  return queryOptions({
    queryKey: ['chats', practiceId, 'patient', id] as const,
    queryFn: ({ signal }) => call(chatsApi.patientChats, { params: { id }, query: { practiceId }, signal }),
  });
}

export type PatientCreateBody = BodyOf<typeof patientsApi.createPatient>;

export function useCreatePatient(practiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientCreateBody) => call(patientsApi.createPatient, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all(practiceId) }),
  });
}

export type PatientUpdateBody = BodyOf<typeof patientsApi.updatePatient>;

export function useUpdatePatient(practiceId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientUpdateBody) =>
      call(patientsApi.updatePatient, { params: { id }, query: { practiceId }, body }),
    onSuccess: (saved) => {
      const detail = patientKeys.detail(practiceId, id);
      queryClient.setQueryData(detail, saved);
      // The saved record is in place: fetching it again would only read (and audit) it twice.
      return queryClient.invalidateQueries({
        queryKey: patientKeys.all(practiceId),
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(detail),
      });
    },
  });
}
