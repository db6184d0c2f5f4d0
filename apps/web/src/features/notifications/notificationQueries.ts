import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { CHAT_CHANGED_EVENT, UNREAD_CHANGED_EVENT } from '../events';

export type Notification = notificationsApi.Notification;

/** Every notification query sits under ['notifications'], so a change refreshes the count and the list together. */
export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  list: (page: number) => ['notifications', 'list', page] as const,
};

/** How many notifications the person has not dismissed, in all their practices. */
export function notificationCountQuery() {
  return queryOptions({
    queryKey: notificationKeys.count,
    queryFn: ({ signal }) => call(notificationsApi.notificationCount, { signal }),
    refetchOnWindowFocus: 'always',
  });
}

export function notificationListQuery(page: number) {
  return queryOptions({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) =>
      call(notificationsApi.listNotifications, {
        query: { page, pageSize: notificationsApi.NOTIFICATIONS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The server writes a notification when something happens that concerns the person (a referral
 * offered to their practice or answered, a form submission, a message in a chat they are away
 * from), and the events socket then announces the changed counts (and the chat, for a message).
 * Either refreshes the count and the list; one push announces both, so a refresh already under
 * way is not restarted.
 */
export function useNotificationsLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all }, { cancelRefetch: false });
    window.addEventListener(CHAT_CHANGED_EVENT, refresh);
    window.addEventListener(UNREAD_CHANGED_EVENT, refresh);
    return () => {
      window.removeEventListener(CHAT_CHANGED_EVENT, refresh);
      window.removeEventListener(UNREAD_CHANGED_EVENT, refresh);
    };
  }, [queryClient]);
}

export function useNotificationMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  return {
    dismiss: useMutation({
      mutationFn: (id: number) => call(notificationsApi.dismissNotification, { params: { id } }),
      onSuccess: refresh,
    }),
    clear: useMutation({
      mutationFn: () => call(notificationsApi.clearNotifications, { body: {} }),
      onSuccess: refresh,
    }),
  };
}
