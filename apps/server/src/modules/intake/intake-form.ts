import type { z } from 'zod';
import {
  Email,
  hasControlCharacters,
  normalizePhone,
  patientsApi,
  type ValidationIssue,
  type intakeApi,
} from '@referwell/contracts';
import { AppError } from '../../platform/errors.js';
import type { BotRow } from './intake.table.js';

type Question = intakeApi.IntakeQuestion;
type Gender = 'MALE' | 'FEMALE';

const NAME_MAX = 100;

export const GENDER_OPTIONS: { value: Gender; label: string }[] = [
  { value: 'MALE', label: 'Male' },
  { value: 'FEMALE', label: 'Female' },
];

/** What a question asks when it is required and left blank. */
const REQUIRED: Partial<Record<string, string>> = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phone: 'Phone number is required',
  speciality: 'Choose a speciality',
};

/**
 * The form's questions. The set is fixed by the server (decided: the spec lists many question
 * types but no way to compose a form, and a fixed set is what accepting needs to make a patient
 * record); a bot only chooses whether, and how, to ask for a speciality.
 */
export function formQuestions(
  bot: Pick<BotRow, 'specialityQuestionType'>,
  specialities: { id: number; name: string }[],
): Question[] {
  const questions: Question[] = [
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
      options: GENDER_OPTIONS,
      style: 'QUICK_REPLIES',
    },
  ];
  if (bot.specialityQuestionType !== 'NONE') {
    questions.push({
      variable: 'speciality',
      questionType: 'speciality',
      label: 'Which speciality are you looking for?',
      required: true,
      options: specialities.map((s) => ({ value: String(s.id), label: s.name })),
      style: bot.specialityQuestionType,
    });
  }
  questions.push({ variable: 'note', questionType: 'note', label: 'Anything else we should know?', required: false });
  return questions;
}

/** The stored form of an answer, or why it is refused. */
type Checked = { value: string } | { message: string };

const fromSchema = (schema: z.ZodType<string>, text: string): Checked => {
  const parsed = schema.safeParse(text);
  return parsed.success ? { value: parsed.data } : { message: parsed.error.issues[0]?.message ?? 'Invalid value' };
};

function check(question: Question, text: string): Checked {
  switch (question.questionType) {
    case 'name':
      if (text.length > NAME_MAX) return { message: `${question.label} must be at most ${NAME_MAX} characters` };
      // The names' rule (plainName): they reach the practice's notice e-mails and the patient record.
      return hasControlCharacters(text)
        ? { message: `${question.label} must not contain control characters or text-direction marks` }
        : { value: text };
    case 'phone': {
      const phone = normalizePhone(text);
      return phone ? { value: phone } : { message: 'Enter a valid phone number' };
    }
    case 'dob':
      return fromSchema(patientsApi.DateOfBirth, text);
    case 'email':
      return fromSchema(Email, text);
    case 'gender':
    case 'speciality': {
      // The answer is the option's value; what is kept is its label (a speciality's name), as the patient saw it.
      const option = question.options?.find((o) => o.value === text);
      return option ? { value: option.label } : { message: 'Choose one of the options' };
    }
    case 'note':
      return { value: text };
  }
}

/** The person a submission is about, read from its answers. */
export interface Person {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string | null;
  /** MM/DD/YYYY. */
  dateOfBirth: string | null;
}

/**
 * The answers checked against the form's questions: kept in the questions' order, blanks left out.
 * Every problem is reported at once, each on `answers.<variable>`, so the form marks each field.
 */
export function readAnswers(
  questions: Question[],
  given: Record<string, string>,
): { answers: intakeApi.Answer[]; person: Person } {
  const issues: ValidationIssue[] = [];
  const refuse = (variable: string, message: string) => issues.push({ path: ['body', 'answers', variable], message });
  const known = new Set(questions.map((q) => q.variable));
  for (const variable of Object.keys(given)) if (!known.has(variable)) refuse(variable, 'This form does not ask that');
  const answers: intakeApi.Answer[] = [];
  for (const question of questions) {
    const text = given[question.variable]?.trim() ?? '';
    if (!text) {
      if (question.required) refuse(question.variable, REQUIRED[question.variable] ?? `${question.label} is required`);
      continue;
    }
    const checked = check(question, text);
    if ('message' in checked) refuse(question.variable, checked.message);
    else answers.push({ variable: question.variable, questionType: question.questionType, value: checked.value });
  }
  if (issues.length) throw new AppError('BAD_REQUEST', issues[0].message, issues);
  const value = (variable: string) => answers.find((a) => a.variable === variable)?.value ?? null;
  return {
    answers,
    person: {
      firstName: value('firstName')!,
      lastName: value('lastName')!,
      phoneNumber: value('phone')!,
      email: value('email'),
      dateOfBirth: value('dob'),
    },
  };
}

/** The gender a submission's answers give, for the patient record accepting makes. */
export function genderOf(answers: intakeApi.Answer[]): Gender | null {
  const label = answers.find((a) => a.questionType === 'gender')?.value;
  return GENDER_OPTIONS.find((o) => o.label === label)?.value ?? null;
}
