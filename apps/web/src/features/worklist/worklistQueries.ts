import { useEffect } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { worklistApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { CHAT_CHANGED_EVENT, REFERRAL_CHANGED_EVENT, UNREAD_CHANGED_EVENT } from '../events';

export type Worklist = worklistApi.Worklist;

export const worklistKeys = {
  all: ['worklist'] as const,
  practice: (practiceId: number) => ['worklist', practiceId] as const,
};

export function worklistQuery(practiceId: number) {
  return queryOptions({
    queryKey: worklistKeys.practice(practiceId),
    queryFn: ({ signal }) => call(worklistApi.practiceWorklist, { params: { id: practiceId }, signal }),
    // Coming back from a referral or a chat just opened must not show it as waiting still.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

/** The caller's first steps in the practice; asked again on every visit to home, as steps are taken elsewhere. */
export function practiceSetupQuery(practiceId: number) {
  return queryOptions({
    queryKey: ['practiceSetup', practiceId],
    queryFn: ({ signal }) => call(worklistApi.practiceSetup, { params: { id: practiceId }, signal }),
    staleTime: 0,
  });
}

/**
 * The events socket announces every referral change, chat message and submission (a new one, or
 * one a colleague opened) as window events; each refreshes the worklist. One push announces
 * several, so a refresh already under way is not restarted.
 */
export function useWorklistLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: worklistKeys.all }, { cancelRefetch: false });
    const events = [REFERRAL_CHANGED_EVENT, CHAT_CHANGED_EVENT, UNREAD_CHANGED_EVENT];
    for (const event of events) window.addEventListener(event, refresh);
    return () => {
      for (const event of events) window.removeEventListener(event, refresh);
    };
  }, [queryClient]);
}
