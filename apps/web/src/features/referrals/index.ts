/** Sending, answering and discussing referrals; patients' pages list theirs. */
export { ReferralsPage } from './ReferralsPage';
export { NewReferralPage } from './NewReferralPage';
export { ReferralDetailPage } from './ReferralDetailPage';
export { ReferralListItem } from './ReferralListItem';
export { referralPaths } from './referralPaths';
