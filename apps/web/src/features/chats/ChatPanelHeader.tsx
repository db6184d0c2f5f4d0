import { useEffect, useRef } from 'react';
import { ActionIcon, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { PreviousIcon } from '../../ui/files/icons';
import { ChatActions } from './ChatActions';
import { ChatStatusMarks } from './ChatStatusMarks';
import { CHAT_TYPE_LABELS, participantsLine } from './chatLabels';
import { chatPaths } from './chatPaths';
import type { ChatSummary } from './chatQueries';
import { useIsPhone } from '../../lib/useIsPhone';
import type { PracticeScope } from '../../lib/practiceScope';

/** Back to the list (on a phone, where the open chat fills the screen). */
export function BackToChats() {
  return (
    <ActionIcon
      component={Link}
      to={chatPaths.list}
      variant="subtle"
      color="gray.8"
      size="lg"
      hiddenFrom="md"
      aria-label="Back to chats"
    >
      <PreviousIcon />
    </ActionIcon>
  );
}

/** The open chat's title, who is in it, its state and its actions. */
export function ChatPanelHeader({ scope, chat }: { scope: PracticeScope; chat: ChatSummary }) {
  const isPhone = useIsPhone();
  // Below chats.css's md breakpoint the open chat hides the list and its "Chats" h1: its title is the page's.
  const alone = useMediaQuery('(max-width: 61.99em)') ?? false;
  const title = useRef<HTMLHeadingElement>(null);
  // On a phone the chat replaces the list, and with it the link that had the focus.
  useEffect(() => {
    if (isPhone) title.current?.focus();
  }, [isPhone]);

  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      px="sm"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="xs" wrap="nowrap" miw={0}>
        <BackToChats />
        <div style={{ minWidth: 0 }}>
          <Title
            order={alone ? 1 : 2}
            size="h4"
            ref={title}
            tabIndex={-1}
            style={{ overflowWrap: 'anywhere' }}
            lineClamp={1}
          >
            {chat.title}
          </Title>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {CHAT_TYPE_LABELS[chat.type]} · {participantsLine(chat, scope.userId)}
          </Text>
        </div>
      </Group>
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        <ChatStatusMarks chat={chat} />
        <ChatActions scope={scope} chat={chat} />
      </Group>
    </Group>
  );
}
