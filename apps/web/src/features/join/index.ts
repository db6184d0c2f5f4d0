/** Finding a practice and asking to join it. */
export { practiceSummaryQuery } from './joinQueries';
