import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { unreadApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { UNREAD_CHANGED_EVENT } from '../events';

/** Every unread query sits under ['unread', practiceId], so a change to one practice's counts refreshes only it. */
export const unreadKeys = {
  all: ['unread'] as const,
  practice: (practiceId: number) => ['unread', practiceId] as const,
};

/** The practice's own counts (spec 1 §7 Unread with selectedPracticeOnly); none when the server sends none. */
export function practiceUnreadQuery(practiceId: number) {
  return queryOptions({
    queryKey: unreadKeys.practice(practiceId),
    queryFn: async ({ signal }) => {
      const summaries = await call(unreadApi.unread, { query: { practiceId, selectedPracticeOnly: 'true' }, signal });
      return summaries.find((summary) => summary.practiceId === practiceId) ?? null;
    },
    // Someone may have read a referral in another tab or on another device meanwhile.
    refetchOnWindowFocus: 'always',
  });
}

export interface PracticeUnread {
  /** Inbox referrals not viewed. */
  inboxItems: number;
  /** Chats with messages the user has not read. */
  chats: number;
  /** Intake submissions nobody in the practice has opened. */
  submissions: number;
}

const NOTHING_UNREAD: PracticeUnread = { inboxItems: 0, chats: 0, submissions: 0 };

/**
 * What the current practice has unread, for the navigation's badges; all 0 without a practice or
 * while unknown. Refreshed whenever the events socket says the practice's counts changed. Call it
 * once per screen: each call listens to the socket.
 */
export function usePracticeUnread(): PracticeUnread {
  const practiceId = useSession((session) => session.currentPractice?.practice.id);
  const queryClient = useQueryClient();
  const unread = useQuery({ ...practiceUnreadQuery(practiceId ?? 0), enabled: practiceId !== undefined });

  useEffect(() => {
    const refresh = (event: Event) => {
      const changed = (event as CustomEvent<{ practiceId?: number }>).detail?.practiceId;
      void queryClient.invalidateQueries({
        queryKey: changed === undefined ? unreadKeys.all : unreadKeys.practice(changed),
      });
    };
    window.addEventListener(UNREAD_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(UNREAD_CHANGED_EVENT, refresh);
  }, [queryClient]);

  if (!unread.data) return NOTHING_UNREAD;
  const { inboxItems, chats, submissions } = unread.data;
  return { inboxItems, chats, submissions };
}
