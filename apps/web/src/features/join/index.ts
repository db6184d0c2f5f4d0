/** Finding a practice and asking to join it. */
export { JoinPracticePage } from './JoinPracticePage';
export { practiceSummaryQuery } from './joinQueries';
