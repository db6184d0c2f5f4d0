import type { directoryApi, patientsApi, referralCommentsApi, referralsApi } from '@referwell/contracts';
import { fakeServer } from './fakeServer';
import { lakeside, provider, riverside, signedInRoutes } from './fixtures';

/** Test data and a fake server for the referral screens; Pat Rivers (7) works at Riverside (1). */

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const HOUR = 3_600_000;

export function person(id: number, firstName: string, lastName: string): directoryApi.PersonSummary {
  return { id, uuid: uuid(id), firstName, lastName, title: null, kind: 'PROVIDER' };
}

export const pat = person(provider.id, provider.firstName, provider.lastName);
export const lee = person(31, 'Lee', 'Harbor');

export function patient(
  id: number,
  firstName: string,
  lastName: string,
  overrides: Partial<patientsApi.Patient> = {},
): patientsApi.Patient {
  return {
    id,
    uuid: uuid(500 + id),
    practiceId: riverside.practice.id,
    parentId: null,
    firstName,
    lastName,
    phoneNumber: '+12025550123',
    email: null,
    dateOfBirth: '03/25/1980',
    gender: 'FEMALE',
    insurance: null,
    insuranceName: null,
    addressPlaceId: null,
    address: null,
    latitude: null,
    longitude: null,
    createdAt: Date.now() - 48 * HOUR,
    updatedAt: Date.now() - 48 * HOUR,
    ...overrides,
  };
}

export const jane = patient(41, 'Jane', 'Doe');

/** A referral Lakeside sent to Riverside's inbox, offered and unread unless told otherwise. */
export function summary(
  id: number,
  overrides: Partial<referralsApi.ReferralSummary> = {},
): referralsApi.ReferralSummary {
  const { id: patientId, uuid: patientUuid, firstName, lastName, dateOfBirth, gender, phoneNumber } = jane;
  return {
    id,
    uuid: uuid(1000 + id),
    type: 'SPECIALTY',
    status: 'OFFERED',
    practice: lakeside.practice,
    fromUser: lee,
    patient: { id: patientId, uuid: patientUuid, firstName, lastName, dateOfBirth, gender, phoneNumber },
    receivingPractice: null,
    receivingUser: null,
    speciality: { id: 3, name: 'Cardiology' },
    scheduleType: 'NEXT',
    viewed: false,
    archived: false,
    tags: [],
    createdAt: Date.now() - 2 * HOUR,
    updatedAt: Date.now() - HOUR,
    ...overrides,
  };
}

export function detail(id: number, overrides: Partial<referralsApi.ReferralDetail> = {}): referralsApi.ReferralDetail {
  return {
    ...summary(id),
    notes: 'Chest pain on exertion.',
    files: [],
    insurance: null,
    schedulePreferences: [],
    matchingDistance: 'NORMAL',
    appointment: null,
    tier: 0,
    tierExpiresAt: Date.now() + HOUR,
    timeline: [
      { id: 1, kind: 'CREATED', actor: lee, practice: lakeside.practice, details: {}, at: Date.now() - 2 * HOUR },
      { id: 2, kind: 'OFFERED', actor: null, practice: null, details: { tier: 0 }, at: Date.now() - 2 * HOUR },
    ],
    // The viewer is only offered it: it has no record of the patient yet.
    practicePatientId: null,
    actions: ['accept', 'reject', 'archive', 'comment'],
    ...overrides,
  };
}

export function comment(
  id: number,
  author: directoryApi.PersonSummary,
  message: string,
  overrides: Partial<referralCommentsApi.ReferralComment> = {},
) {
  return {
    id,
    referralId: 9,
    practice: author.id === pat.id ? riverside.practice : lakeside.practice,
    author,
    message,
    files: [],
    needsResponse: false,
    notifyPracticeUsers: false,
    usersMentioned: [],
    parentId: null,
    createdAt: Date.now() - HOUR,
    ...overrides,
  } satisfies referralCommentsApi.ReferralComment;
}

export function note(id: number, author: directoryApi.PersonSummary, message: string): referralCommentsApi.Note {
  return {
    id,
    referralId: 9,
    practiceId: riverside.practice.id,
    author,
    message,
    files: [],
    usersMentioned: [],
    createdAt: Date.now() - HOUR,
    updatedAt: Date.now() - HOUR,
  };
}

export const alex = {
  ...person(8, 'Alex', 'Moss'),
  email: 'alex@riverside.test',
  phone: null,
  roles: ['PROVIDER' as const],
};

/** Signed in at Riverside, with its providers and tags; each test adds the calls it is about. */
export function referralServer(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    ...signedInRoutes(),
    'GET /api/v1/practice/:id/providers': () => ({
      data: [{ ...pat, email: null, phone: null, roles: ['PROVIDER'] }, alex],
      count: 2,
    }),
    'GET /api/v1/practice/:id/tags': () => [
      { id: 61, practiceId: 1, name: 'Urgent follow-up', color: '#e03131', context: 'REFERRAL' },
      { id: 62, practiceId: 1, name: 'Billing', color: '#1c7ed6', context: 'GENERAL' },
      { id: 63, practiceId: 1, name: 'Newsletter', color: '#2f9e44', context: 'CONTENT' },
    ],
    ...routes,
  });
}
