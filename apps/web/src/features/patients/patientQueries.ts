import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { patientsApi, type BodyOf } from '@referwell/contracts';
import { call } from '../../lib/api';
import type { SearchOption } from './SearchSelect';

export type Patient = patientsApi.Patient;
export type PatientSummary = patientsApi.PatientSummary;
export type Gender = NonNullable<Patient['gender']>;

/** Every patient query of a practice sits under ['patients', practiceId]. */
export const patientKeys = {
  all: (practiceId: number) => ['patients', practiceId] as const,
  search: (practiceId: number) => ['patients', practiceId, 'search'] as const,
  detail: (practiceId: number, id: number) => ['patients', practiceId, 'detail', id] as const,
};

/** A handful of matches is what a picker shows; more means the text needs another letter. */
const PICKER_LIMIT = 10;

const GENDER_LABELS: Record<Gender, string> = { FEMALE: 'Female', MALE: 'Male' };
export const genderLabel = (gender: Gender) => GENDER_LABELS[gender];
export const GENDER_OPTIONS = Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label }));

/** "DOB 03/25/1980 · +12025550123": what tells two patients of the same name apart. */
export function patientDetails(patient: Pick<PatientSummary, 'dateOfBirth' | 'phoneNumber'>): string {
  // The wire already carries MM/DD/YYYY; formatDate's DOB reading is for day/month/year input.
  return [patient.dateOfBirth && `DOB ${patient.dateOfBirth}`, patient.phoneNumber].filter(Boolean).join(' · ');
}

function patientOption(patient: Patient): SearchOption<Patient> {
  return { id: patient.id, label: `${patient.firstName} ${patient.lastName}`, description: patientDetails(patient) || null, value: patient };
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

export type PatientCreateBody = BodyOf<typeof patientsApi.createPatient>;

export function useCreatePatient(practiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientCreateBody) => call(patientsApi.createPatient, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all(practiceId) }),
  });
}
