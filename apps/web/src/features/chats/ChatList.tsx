import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { chatsApi } from '@referwell/contracts';
import type { MenuAnchor } from '../../ui/ContextMenuTrigger';
import { ListPagination } from '../../ui/ListPagination';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ChatListItem } from './ChatListItem';
import { ChatMenu } from './ChatMenu';
import { chatPaths } from './chatPaths';
import { chatListQuery, type ChatSummary } from './chatQueries';
import type { PracticeScope } from '../../lib/practiceScope';

const CHAT_SEARCH_DEBOUNCE_MS = 300;

interface ChatListProps {
  scope: PracticeScope;
  selectedId: number | null;
}

/**
 * The practice's chats, most recent first, ten a page, searchable by title and people. Each
 * chat's context menu offers what the open chat's actions button does.
 */
export function ChatList({ scope, selectedId }: ChatListProps) {
  const { practiceId } = scope;
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  // The page belongs to the search it was chosen under; a new search starts at the first page.
  const [paging, setPaging] = useState({ query: debounced, page: 0 });
  const page = paging.query === debounced ? paging.page : 0;
  const list = useQuery(chatListQuery(practiceId, debounced, page));
  // The chat whose menu was opened last; it stays for the dialogs its menu opens.
  const [menu, setMenu] = useState<{ chat: ChatSummary; anchor: MenuAnchor | null } | null>(null);
  const menuChat = menu && (list.data?.data.find((chat) => chat.id === menu.chat.id) ?? menu.chat);
  const navigate = useNavigate();
  // Leaving the last chat of the last page leaves nothing to show there.
  if (list.data && !list.isPlaceholderData && list.data.data.length === 0 && page > 0)
    setPaging({ query: debounced, page: page - 1 });

  function body() {
    if (list.isPending) return <LoadingState label="Loading chats" />;
    if (list.isError) {
      return (
        <ErrorState
          title="Could not load the chats"
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      );
    }
    if (list.data.data.length === 0) {
      if (debounced) return <EmptyMessage title={`No chats match “${debounced}”`} />;
      return <EmptyMessage title="No chats yet">Start one with a practice, a colleague or a patient.</EmptyMessage>;
    }
    return (
      <Stack component="ul" gap="xs" m={0} p={0} aria-label="Chats" style={{ listStyle: 'none' }}>
        {list.data.data.map((chat) => (
          <ChatListItem
            key={chat.id}
            chat={chat}
            selected={chat.id === selectedId}
            onOpenMenu={(anchor) => setMenu({ chat, anchor })}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" className="rw-chats-column" style={{ flex: 1 }}>
      <TextInput
        type="search"
        label="Search chats"
        placeholder="Name of a chat or a person"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <div className="rw-chats-scroll">{body()}</div>
      {list.data && (
        <ListPagination
          label="Chat pages"
          page={page}
          pageSize={chatsApi.CHATS_PAGE_SIZE}
          count={list.data.count ?? 0}
          onChange={(next) => setPaging({ query: debounced, page: next })}
        />
      )}
      {menuChat && (
        <ChatMenu
          key={menuChat.id}
          scope={scope}
          chat={menuChat}
          anchor={menu.anchor}
          onCloseMenu={() => setMenu({ chat: menuChat, anchor: null })}
          // Leaving the chat that is open beside the list closes it.
          onLeft={() => menuChat.id === selectedId && void navigate(chatPaths.list)}
        />
      )}
    </Stack>
  );
}
