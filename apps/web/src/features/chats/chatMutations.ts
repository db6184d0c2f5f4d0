import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatsApi, type BodyOf } from '@referwell/contracts';
import { call } from '../../lib/api';
import type { PracticeScope } from '../../lib/practiceScope';
import { chatKeys, refreshChats, type ChatSummary } from './chatQueries';

export type ChatCreateBody = BodyOf<typeof chatsApi.createChat>;

/** What a participant does to an open chat. Those that answer with the chat put it straight on screen. */
export function useChatMutations(scope: PracticeScope, chatId: number) {
  const queryClient = useQueryClient();
  const { practiceId } = scope;
  const params = { id: chatId };
  const updated = (chat: ChatSummary) => refreshChats(queryClient, practiceId, chat);

  return {
    mute: useMutation({
      mutationFn: (mute: boolean) => call(chatsApi.muteChat, { params, body: { practiceId, mute } }),
      onSuccess: updated,
    }),
    close: useMutation({
      mutationFn: () => call(chatsApi.closeChat, { params, body: { practiceId } }),
      onSuccess: updated,
    }),
    setUsers: useMutation({
      mutationFn: (users: number[]) => call(chatsApi.updateChatUsers, { params, body: { practiceId, users } }),
      onSuccess: updated,
    }),
    leave: useMutation({
      mutationFn: () => call(chatsApi.leaveChat, { params, body: { practiceId } }),
      onSuccess: () => refreshChats(queryClient, practiceId),
    }),
    /** Patient chats: the patient's links stop working; with `sendNewLink` a fresh one is texted. */
    revokeLink: useMutation({
      mutationFn: (sendNewLink: boolean) =>
        call(chatsApi.revokeChatLink, { params, body: { practiceId, sendNewLink } }),
    }),
    sendLink: useMutation({
      mutationFn: () => call(chatsApi.sendChatLink, { params, body: { practiceId } }),
    }),
    /** After leaving, once the chat is off screen: its token no longer opens it. */
    forget: () => {
      queryClient.removeQueries({ queryKey: chatKeys.token(practiceId, chatId) });
      queryClient.removeQueries({ queryKey: chatKeys.chat(practiceId, chatId) });
    },
  };
}

export type ChatMutations = ReturnType<typeof useChatMutations>;

/** Starting a chat: an answer is the chat, which the lists and the unread count now include. */
export function useStartChat<Variables>(scope: PracticeScope, start: (variables: Variables) => Promise<ChatSummary>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: (chat) => refreshChats(queryClient, scope.practiceId, chat),
  });
}
