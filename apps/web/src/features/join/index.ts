/** Finding a practice and asking to join it. */
export { availablePracticesQuery, practiceSummaryQuery } from './joinQueries';
