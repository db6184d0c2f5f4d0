import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_CHANGED_EVENT, UNREAD_CHANGED_EVENT, type ChatChangedDetail } from '../events';
import { chatKeys } from './chatQueries';

/**
 * Live chat lists. The events socket announces a chat that changed (a new message, a close, people
 * added) as CHAT_CHANGED, and changed unread counts as UNREAD_CHANGED (also after a reconnection,
 * when pushes may have been missed). Either refreshes the lists, whose unread marks and last
 * messages move with them, and the chat that changed. Room tokens are left alone: the open room
 * keeps its connection. One push announces both, so a refresh already under way is not restarted.
 */
export function useChatsLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onChat = (event: Event) => {
      const chatId = (event as CustomEvent<Partial<ChatChangedDetail> | null>).detail?.chatId;
      void queryClient.invalidateQueries(
        {
          queryKey: chatKeys.all,
          // Keys are ['chats', practiceId, 'list', …] or ['chats', practiceId, 'chat', chatId].
          predicate: ({ queryKey }) => queryKey[2] === 'list' || chatId === undefined || queryKey[3] === chatId,
        },
        { cancelRefetch: false },
      );
    };
    const onUnread = (event: Event) => {
      const practiceId = (event as CustomEvent<{ practiceId?: number } | null>).detail?.practiceId;
      void queryClient.invalidateQueries(
        { queryKey: practiceId === undefined ? chatKeys.all : chatKeys.lists(practiceId) },
        { cancelRefetch: false },
      );
    };
    window.addEventListener(CHAT_CHANGED_EVENT, onChat);
    window.addEventListener(UNREAD_CHANGED_EVENT, onUnread);
    return () => {
      window.removeEventListener(CHAT_CHANGED_EVENT, onChat);
      window.removeEventListener(UNREAD_CHANGED_EVENT, onUnread);
    };
  }, [queryClient]);
}
