import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Anchor, Paper, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/pageTitle';
import type { PracticeScope } from '../../lib/practiceScope';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { BackToChats, ChatPanelHeader } from './ChatPanelHeader';
import { chatPaths } from './chatPaths';
import { chatQuery, chatTokenQuery, refreshChats } from './chatQueries';

// The chat room (with its upload panel and viewers) loads only once a chat is opened.
const ChatRoomView = lazy(() => import('../chat-room').then((module) => ({ default: module.ChatRoomView })));

/** Answers that mean the caller does not (or no longer) see the chat, rather than a failure. */
const unavailable = (error: unknown) => isApiError(error, 403) || isApiError(error, 404) || isApiError(error, 456);

/** A state shown instead of the chat, with the way back to the list a phone needs. */
function PanelMessage({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" p="md">
      <BackToChats />
      {children}
    </Stack>
  );
}

export function ChatUnavailable() {
  usePageTitle('Chat');
  return (
    <PanelMessage>
      <EmptyMessage title="This chat is not available">
        You may have left it, or it belongs to another practice.{' '}
        <Anchor component={Link} to={chatPaths.list}>
          Back to chats
        </Anchor>
      </EmptyMessage>
    </PanelMessage>
  );
}

/**
 * One chat beside the list: a room token first (opening a practice's chat joins it), then the chat
 * by its room for the header, and the chat room itself in the light theme. When the room says its
 * token has expired, a fresh one remounts it.
 */
export function ChatPanel({ scope, chatId }: { scope: PracticeScope; chatId: number }) {
  const { practiceId } = scope;
  const token = useQuery(chatTokenQuery(practiceId, chatId));
  const chat = useQuery(chatQuery(practiceId, chatId, token.data?.room));
  const queryClient = useQueryClient();
  usePageTitle(chat.data ? chat.data.title : 'Chat');

  // Reading happens inside the room: once it closes, the list's unread marks and counts are asked again.
  useEffect(() => () => void refreshChats(queryClient, practiceId), [queryClient, practiceId]);

  const failed = token.isError ? token : chat.isError ? chat : null;
  if (failed) {
    if (unavailable(failed.error)) return <ChatUnavailable />;
    return (
      <PanelMessage>
        <ErrorState
          title="Could not open the chat"
          error={failed.error}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      </PanelMessage>
    );
  }
  if (!token.data || !chat.data) {
    return (
      <PanelMessage>
        <LoadingState label="Opening the chat" />
      </PanelMessage>
    );
  }

  return (
    <Paper withBorder radius="md" className="rw-chats-column" style={{ flex: 1, overflow: 'hidden' }}>
      <ChatPanelHeader scope={scope} chat={chat.data} />
      <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<LoadingState label="Opening the chat" />}>
          <ChatRoomView
            key={token.data.token}
            room={token.data.room}
            token={token.data.token}
            device="web"
            light
            practiceId={practiceId}
            onUnauthorized={() => void token.refetch()}
          />
        </Suspense>
      </div>
    </Paper>
  );
}
