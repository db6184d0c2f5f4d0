import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referralsApi, type BodyOf } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import type { PracticeScope } from '../../lib/practiceScope';
import { referralKeys, refreshReferrals, type ReferralDetail } from './referralQueries';

export type AcceptBody = Omit<BodyOf<typeof referralsApi.acceptReferral>, 'practiceId'>;
type RescheduleBody = Omit<BodyOf<typeof referralsApi.rescheduleReferral>, 'practiceId'>;

/** Spec 1 §4: another practice won the race to accept (454). */
export const ALREADY_ACCEPTED = 'This referral was already accepted by another practice';

export function acceptErrorMessage(error: unknown): string {
  return isApiError(error, 454) ? ALREADY_ACCEPTED : errorMessage(error);
}

/**
 * The answers a practice gives a referral. Each refreshes the lists; those that return the
 * referral put it straight into the detail, the others have it fetched again.
 */
export function useReferralMutations(scope: PracticeScope, id: number) {
  const queryClient = useQueryClient();
  const { practiceId } = scope;
  const params = { id };
  const updated = (detail: ReferralDetail) => refreshReferrals(queryClient, practiceId, detail);
  const refetch = () =>
    Promise.all([
      refreshReferrals(queryClient, practiceId),
      queryClient.invalidateQueries({ queryKey: referralKeys.detail(practiceId, id) }),
    ]);
  const setViewed = (viewed: boolean) => {
    queryClient.setQueryData<ReferralDetail>(referralKeys.detail(practiceId, id), (old) => old && { ...old, viewed });
    return refreshReferrals(queryClient, practiceId);
  };

  return {
    accept: useMutation({
      mutationFn: (body: AcceptBody) => call(referralsApi.acceptReferral, { params, body: { ...body, practiceId } }),
      onSuccess: updated,
      // Whoever won, this practice's view of the referral has changed.
      onError: (error) => void (isApiError(error, 454) && refetch()),
    }),
    reschedule: useMutation({
      mutationFn: (body: RescheduleBody) =>
        call(referralsApi.rescheduleReferral, { params, body: { ...body, practiceId } }),
      onSuccess: updated,
    }),
    reject: useMutation({
      mutationFn: (reason: string) =>
        call(referralsApi.rejectReferral, { params, body: { practiceId, reason: reason || undefined } }),
      onSuccess: () => refreshReferrals(queryClient, practiceId),
    }),
    cancel: useMutation({
      mutationFn: (reason: string) =>
        call(referralsApi.cancelReferral, { params, body: { practiceId, reason: reason || undefined } }),
      onSuccess: updated,
    }),
    archive: useMutation({
      mutationFn: (archived: boolean) => call(referralsApi.archiveReferral, { params, body: { practiceId, archived } }),
      onSuccess: refetch,
    }),
    view: useMutation({
      mutationFn: () => call(referralsApi.viewReferral, { params, body: { practiceId } }),
      onSuccess: () => setViewed(true),
    }),
    removeView: useMutation({
      mutationFn: () => call(referralsApi.removeReferralView, { params, body: { practiceId } }),
      onSuccess: () => setViewed(false),
    }),
    tags: useMutation({
      mutationFn: (tags: number[]) => call(referralsApi.setReferralTags, { params, body: { practiceId, tags } }),
      onSuccess: (tags) => {
        queryClient.setQueryData<ReferralDetail>(referralKeys.detail(practiceId, id), (old) => old && { ...old, tags });
        return refreshReferrals(queryClient, practiceId);
      },
    }),
  };
}

export type ReferralMutations = ReturnType<typeof useReferralMutations>;
