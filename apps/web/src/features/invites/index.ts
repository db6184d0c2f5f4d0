/** Accepting an invite by its link; the join page lists and answers one's invites with the same parts. */
export { InviteResponseButtons } from './InviteResponseButtons';
export { InviteSummary } from './InviteSummary';
export { myInvitesQuery } from './inviteQueries';
export { useLandInPractice } from './landInPractice';
