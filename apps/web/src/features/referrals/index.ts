/** Sending, answering and discussing referrals; patients' pages list theirs. */
export { ReferralListItem } from './ReferralListItem';
export { referralPaths } from './referralPaths';
