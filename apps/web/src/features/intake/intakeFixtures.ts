import type { intakeApi } from '@referwell/contracts';
import { configure } from '@testing-library/react';
import { fakeServer } from '../../test/fakeServer';
import { currentUserResponse, riverside, signedInRoutes } from '../../test/fixtures';

/** Test data and fake servers for the intake screens; Riverside (1) owns bot 3, "Riverside intake". */

// These tests render whole screens, which can take longer than the 1 s default on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function bot(id: number, overrides: Partial<intakeApi.Bot> = {}): intakeApi.Bot {
  return {
    id,
    uuid: uuid(id),
    practiceId: riverside.practice.id,
    name: 'Riverside intake',
    colorScheme: '#1C7ED6',
    endpoint: 'riverside-intake',
    formUrl: 'http://localhost/form/riverside-intake',
    emailsToNotify: [],
    specialities: [],
    specialityQuestionType: 'NONE',
    unread: 0,
    takenDownAt: null,
    createdAt: Date.now() - 86_400_000,
    updatedAt: Date.now() - 86_400_000,
    ...overrides,
  };
}

export function submission(id: number, overrides: Partial<intakeApi.Submission> = {}): intakeApi.Submission {
  return {
    id,
    uuid: uuid(100 + id),
    practiceId: riverside.practice.id,
    botId: 3,
    botName: 'Riverside intake',
    status: 'NEW',
    archived: false,
    viewed: false,
    firstName: 'Jane',
    lastName: 'Doe',
    phoneNumber: '+12025550123',
    email: 'jane@example.com',
    dateOfBirth: '03/25/1980',
    answers: [
      { variable: 'firstName', questionType: 'name', value: 'Jane' },
      { variable: 'lastName', questionType: 'name', value: 'Doe' },
      { variable: 'phone', questionType: 'phone', value: '+12025550123' },
      { variable: 'note', questionType: 'note', value: 'Knee pain since spring.' },
    ],
    patientId: null,
    chatId: null,
    createdAt: Date.now() - 5 * 60_000,
    decidedAt: null,
    ...overrides,
  };
}

/** The questions the server asks, as the public form receives them. */
export function intakeForm(overrides: Partial<intakeApi.IntakeForm> = {}): intakeApi.IntakeForm {
  return {
    name: 'Riverside intake',
    colorScheme: '#FFD43B',
    practice: { name: riverside.practice.name, logoUrl: null },
    questions: [
      { variable: 'firstName', questionType: 'name', label: 'First name', required: true },
      { variable: 'lastName', questionType: 'name', label: 'Last name', required: true },
      { variable: 'phone', questionType: 'phone', label: 'Mobile phone number', required: true },
      { variable: 'dob', questionType: 'dob', label: 'Date of birth (MM/DD/YYYY)', required: false },
      { variable: 'email', questionType: 'email', label: 'E-mail', required: false },
      {
        variable: 'gender',
        questionType: 'gender',
        label: 'Gender',
        required: false,
        style: 'QUICK_REPLIES',
        options: [
          { value: 'MALE', label: 'Male' },
          { value: 'FEMALE', label: 'Female' },
        ],
      },
      {
        variable: 'speciality',
        questionType: 'speciality',
        label: 'Which speciality are you looking for?',
        required: true,
        style: 'DROPDOWN',
        options: [
          { value: '11', label: 'Cardiology' },
          { value: '12', label: 'Orthopaedic Surgery' },
        ],
      },
      { variable: 'note', questionType: 'note', label: 'Anything else we should know?', required: false },
    ],
    ...overrides,
  };
}

/** A signed-in Riverside member (an admin unless told otherwise) and the intake calls given. */
export function intakeServer(routes: Parameters<typeof fakeServer>[0] = {}, { admin = true } = {}) {
  const current = currentUserResponse({ currentPractice: { ...riverside, roles: admin ? ['ADMIN'] : ['STAFF'] } });
  return fakeServer({ ...signedInRoutes(() => current), ...routes });
}
