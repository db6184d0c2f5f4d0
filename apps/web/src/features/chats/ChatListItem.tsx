import { Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useContextMenuTrigger, type MenuAnchor } from '../../ui/ContextMenuTrigger';
import { RelativeTime } from '../../ui/RelativeTime';
import { UnreadCount } from '../unread';
import { ChatStatusMarks } from './ChatStatusMarks';
import { chatPaths } from './chatPaths';
import type { ChatSummary } from './chatQueries';

function LastMessage({ chat }: { chat: ChatSummary }) {
  const last = chat.lastMessage;
  if (!last) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        No messages yet
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
      {last.fromName && <Text span inherit fw={500}>{`${last.fromName}: `}</Text>}
      {last.text}
    </Text>
  );
}

interface ChatListItemProps {
  chat: ChatSummary;
  selected: boolean;
  /** Right-click, long press, or the ContextMenu key on the chat. */
  onOpenMenu: (anchor: MenuAnchor) => void;
}

/**
 * What a chat card shows (here and on a patient's page): title, time of the last message, the
 * message itself, marks and unread count. Unread chats have a bold title.
 */
export function ChatSummaryLines({ chat }: { chat: ChatSummary }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={chat.unreadCount > 0 ? 700 : 500} truncate="end" miw={0}>
          {chat.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          <RelativeTime value={chat.lastMessage?.createdAt ?? chat.updatedAt} addSuffix />
        </Text>
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0, flex: 1 }}>
          <LastMessage chat={chat} />
        </div>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <ChatStatusMarks chat={chat} />
          <UnreadCount count={chat.unreadCount} />
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * One chat of the list: a link that opens it beside the list, with the chat's menu as its context
 * menu. Chats with unread messages have a bold title and the count; muted and closed ones say so.
 */
export function ChatListItem({ chat, selected, onOpenMenu }: ChatListItemProps) {
  const menuTrigger = useContextMenuTrigger(onOpenMenu);
  return (
    <li>
      <Card
        component={Link}
        to={chatPaths.chat(chat.id)}
        aria-current={selected ? 'page' : undefined}
        withBorder
        radius="md"
        padding="sm"
        className="rw-chat-item"
        style={{ color: 'inherit', textDecoration: 'none' }}
        {...menuTrigger}
      >
        <ChatSummaryLines chat={chat} />
      </Card>
    </li>
  );
}
