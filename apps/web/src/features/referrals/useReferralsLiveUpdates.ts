import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REFERRAL_CHANGED_EVENT, type ReferralChangedDetail } from '../events';
import { referralKeys } from './referralQueries';

/**
 * The hook point for live referral updates. The events-socket client turns the server's
 * REFERRAL_CHANGED into a window event,
 *
 *   window.dispatchEvent(new CustomEvent('referwell:referral-changed', { detail: { referralId, kind } }));
 *
 * (features/events/liveEvents.ts), so neither side imports the other. While a referral screen is
 * open this refreshes every list plus that referral's detail, comments and notes, whatever the
 * kind (a new referral, an accept elsewhere, a comment). Only queries on screen refetch; the rest
 * are marked stale. Returning to the window refetches the lists and the detail as well.
 */
export function useReferralsLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onChange = (event: Event) => {
      const referralId = (event as CustomEvent<Partial<ReferralChangedDetail> | null>).detail?.referralId;
      void queryClient.invalidateQueries({
        queryKey: referralKeys.all,
        // Keys are ['referrals', practiceId, 'list', …] or ['referrals', practiceId, part, referralId].
        predicate: ({ queryKey }) => queryKey[2] === 'list' || referralId === undefined || queryKey[3] === referralId,
      });
    };
    window.addEventListener(REFERRAL_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(REFERRAL_CHANGED_EVENT, onChange);
  }, [queryClient]);
}
