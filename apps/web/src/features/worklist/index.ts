/** The practice's worklist, the home page's content: what waits for the user, kept current live. */
export { Worklist } from './Worklist';
export { SetupChecklist } from './SetupChecklist';
