import type { referralsApi } from '@referwell/contracts';

/**
 * The referral screens' addresses. The detail lives under /referrals/view/ so that a list type
 * (/referrals/sent) and the new-referral form (/referrals/new) never read as a referral id.
 */
export const referralPaths = {
  list: (type: referralsApi.ReferralListType = 'inbox') => (type === 'inbox' ? '/referrals' : `/referrals/${type}`),
  create: '/referrals/new',
  /** The new-referral form filled in from an ended referral of the practice's. */
  referAgain: (id: number) => `/referrals/new?from=${id}`,
  detail: (id: number) => `/referrals/view/${id}`,
};
