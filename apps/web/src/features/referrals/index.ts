/** Sending, answering and discussing referrals; patients' pages list theirs. */
export { ReferralListItem } from './ReferralListItem';
export { ReferToPracticeButton } from './ReferToPracticeButton';
export { referralPaths } from './referralPaths';
