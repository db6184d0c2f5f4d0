/** A practice's intake forms and their submissions, and the public form patients fill in; its screens load by route. */
export { intakePaths } from './intakePaths';
