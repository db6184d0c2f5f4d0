import type { SubmissionList } from './intakeQueries';

/** The intake screens' addresses; a bot's list is chosen in the query, so its detail can link back to it. */
export const intakePaths = {
  bots: '/intake',
  bot: (botId: number, list: SubmissionList = 'new') =>
    list === 'new' ? `/intake/${botId}` : `/intake/${botId}?list=${list}`,
  submission: (botId: number, submissionId: number) => `/intake/${botId}/submissions/${submissionId}`,
  /** The patient-side form, outside the signed-in app. */
  form: (endpoint: string) => `/form/${endpoint}`,
};
