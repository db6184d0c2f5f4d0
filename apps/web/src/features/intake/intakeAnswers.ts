import { Email, intakeApi } from '@referwell/contracts';
import { serverFieldErrors } from '../../lib/errors';

type Question = intakeApi.IntakeQuestion;

/** What the patient typed or chose, by question variable. */
export type AnswerValues = Record<string, string>;

/** The id of the element that takes focus for a question (its input, or its first choice). */
export const questionInputId = (variable: string) => `intake-${variable}`;

const isChoice = (question: Question) => question.options !== undefined;

function requiredMessage(question: Question): string {
  if (question.questionType === 'speciality') return 'Choose a speciality';
  if (isChoice(question)) return 'Choose one of the options';
  return `${question.label} is required`;
}

/**
 * The checks the browser can make before sending: required answers and the e-mail's form. The
 * server checks everything again (phone, date of birth) and its word is final.
 */
export function checkAnswers(questions: Question[], values: AnswerValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const text = values[question.variable]?.trim() ?? '';
    if (!text) {
      if (question.required) errors[question.variable] = requiredMessage(question);
      continue;
    }
    if (question.questionType === 'email') {
      const email = Email.safeParse(text);
      if (!email.success) errors[question.variable] = email.error.issues[0]?.message ?? 'Invalid e-mail address';
    }
    if (text.length > intakeApi.INTAKE_NOTE_MAX)
      errors[question.variable] = `At most ${intakeApi.INTAKE_NOTE_MAX} characters`;
  }
  return errors;
}

/** The answers to send: trimmed, blanks left out. */
export function toAnswers(questions: Question[], values: AnswerValues): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const question of questions) {
    const text = values[question.variable]?.trim();
    if (text) answers[question.variable] = text;
  }
  return answers;
}

/** The page hosting the form in a frame, when there is one; the server keeps it with the submission. */
export function embeddingPage(): string | undefined {
  if (window.parent === window || !document.referrer) return undefined;
  const url = intakeApi.IntakeAnswers.shape.embededUrl.safeParse(document.referrer);
  return url.success ? url.data : undefined;
}

/**
 * A refused submission split for the form: each issue on `answers.<variable>` goes under its
 * question, anything else (or a failure that is not validation) above the button.
 */
export function serverAnswerErrors(error: unknown, questions: Question[]) {
  const { fieldErrors, message } = serverFieldErrors(
    error,
    questions.map((question) => `answers.${question.variable}`),
  );
  const byVariable = Object.fromEntries(
    Object.entries(fieldErrors).map(([path, text]) => [path.slice('answers.'.length), text]),
  );
  return { fieldErrors: byVariable, message };
}
