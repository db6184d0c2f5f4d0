/** A practice's intake forms and their submissions, and the public form patients fill in. */
export { IntakePage } from './IntakePage';
export { BotSubmissionsPage } from './BotSubmissionsPage';
export { SubmissionDetailPage } from './SubmissionDetailPage';
export { IntakeFormPage } from './IntakeFormPage';
export { intakePaths } from './intakePaths';
