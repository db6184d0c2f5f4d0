import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { chatsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { unreadKeys } from '../unread';

export type ChatSummary = chatsApi.ChatSummary;

/**
 * Every chat query sits under ['chats', practiceId], so a change can refresh them together. Room
 * tokens are kept apart, under ['chat-token']: refreshing a chat must not hand the open room a new
 * token, which would reconnect it.
 */
export const chatKeys = {
  all: ['chats'] as const,
  lists: (practiceId: number) => ['chats', practiceId, 'list'] as const,
  list: (practiceId: number, query: string, page: number) => ['chats', practiceId, 'list', query, page] as const,
  chat: (practiceId: number, chatId: number) => ['chats', practiceId, 'chat', chatId] as const,
  token: (practiceId: number, chatId: number) => ['chat-token', practiceId, chatId] as const,
};

export function chatListQuery(practiceId: number, query: string, page: number) {
  return queryOptions({
    queryKey: chatKeys.list(practiceId, query, page),
    queryFn: ({ signal }) =>
      call(chatsApi.listChats, {
        query: {
          practiceId,
          page,
          pageSize: chatsApi.CHATS_PAGE_SIZE,
          query: query || undefined,
          includeCount: 'true',
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    // A message that arrived while the person was in another tab shows as soon as they come back.
    refetchOnWindowFocus: 'always',
  });
}

/**
 * The caller's room token for a chat. It stays fresh until it expires, so returning to the window
 * does not reconnect the room; an expired one is replaced when the room reports it (onUnauthorized).
 */
export function chatTokenQuery(practiceId: number, chatId: number) {
  return queryOptions({
    queryKey: chatKeys.token(practiceId, chatId),
    queryFn: ({ signal }) => call(chatsApi.chatToken, { params: { id: chatId }, query: { practiceId }, signal }),
    staleTime: (query) => Math.max(0, (query.state.data?.expiresAt ?? 0) - Date.now()),
    refetchOnWindowFocus: false,
  });
}

/** The chat as the list shows it (title, people, status, mute), read by its room once the token names it. */
export function chatQuery(practiceId: number, chatId: number, room: string | undefined) {
  return queryOptions({
    queryKey: chatKeys.chat(practiceId, chatId),
    queryFn: ({ signal }) => call(chatsApi.chatByRoom, { params: { room: room! }, query: { practiceId }, signal }),
    enabled: room !== undefined,
  });
}

/**
 * After a change: the lists, the practice's unread count and, when given, the chat itself (a
 * mute, a close and a change of people all answer with the chat).
 */
export function refreshChats(queryClient: QueryClient, practiceId: number, chat?: ChatSummary) {
  if (chat) queryClient.setQueryData(chatKeys.chat(practiceId, chat.id), chat);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.lists(practiceId) }),
    queryClient.invalidateQueries({ queryKey: unreadKeys.practice(practiceId) }),
  ]);
}
