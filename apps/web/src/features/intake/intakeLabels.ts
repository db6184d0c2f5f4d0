import type { intakeApi } from '@referwell/contracts';
import type { SubmissionList } from './intakeQueries';

type Labels<T extends string> = Record<T, string>;

/** How a question reads on a submission, by its type (the form's own wording may differ). */
export const QUESTION_LABELS: Labels<intakeApi.QuestionType> = {
  name: 'Name',
  phone: 'Phone',
  dob: 'Date of birth',
  email: 'E-mail',
  gender: 'Gender',
  speciality: 'Speciality',
  note: 'Note',
};

/** The two name questions of the server's form share a type; their variables tell them apart. */
const VARIABLE_LABELS: Partial<Record<string, string>> = { firstName: 'First name', lastName: 'Last name' };

export const answerLabel = (answer: intakeApi.Answer) =>
  VARIABLE_LABELS[answer.variable] ?? QUESTION_LABELS[answer.questionType];

export const QUESTION_STYLE_LABELS: Labels<intakeApi.QuestionStyle> = {
  NONE: "Don't ask",
  QUICK_REPLIES: 'Quick replies',
  DROPDOWN: 'Dropdown',
};

/** NEW reads apart from the "New" badge of unopened submissions: an opened one may still wait for an answer. */
export const SUBMISSION_STATUS_LABELS: Labels<intakeApi.SubmissionStatus> = {
  NEW: 'Not answered yet',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
};

/** Colour repeats the words, never replaces them. */
export const SUBMISSION_STATUS_COLORS: Labels<intakeApi.SubmissionStatus> = {
  NEW: 'blue',
  ACCEPTED: 'teal',
  REJECTED: 'red',
};

export const SUBMISSION_LISTS: readonly SubmissionList[] = ['new', 'accepted', 'rejected', 'archived'];

export const SUBMISSION_LIST_LABELS: Labels<SubmissionList> = {
  new: 'New',
  accepted: 'Accepted',
  rejected: 'Rejected',
  archived: 'Archived',
};

/** Which of the bot's counts each list shows. */
export const LIST_COUNTS: Record<SubmissionList, keyof intakeApi.SubmissionCounts> = {
  new: 'NEW',
  accepted: 'ACCEPTED',
  rejected: 'REJECTED',
  archived: 'archived',
};
