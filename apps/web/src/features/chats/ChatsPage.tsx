import './chats.css';
import { useEffect, useRef } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { Id } from '@referwell/contracts';
import { usePageTitle } from '../../lib/pageTitle';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { EmptyMessage } from '../../ui/States';
import { ChatList } from './ChatList';
import { ChatPanel, ChatUnavailable } from './ChatPanel';
import { DesktopNotificationsButton } from './DesktopNotificationsButton';
import { NewChatButton } from './NewChatButton';
import { useChatsLiveUpdates } from './useChatsLiveUpdates';
import { useIsPhone } from '../../lib/useIsPhone';
import { usePracticeScope, type PracticeScope } from '../../lib/practiceScope';

/** The practice's chats (/chats), with one open beside the list (/chats/{id}). */
export function ChatsPage() {
  useChatsLiveUpdates();
  const scope = usePracticeScope();
  if (!scope)
    return (
      <NoPracticeMessage
        title="Chats"
        description="Chats are held in practices: with other practices, colleagues and patients."
      />
    );
  // Keyed by practice: the open chat and the search belong to the practice they were chosen in.
  return <ChatsLayout key={scope.practiceId} scope={scope} />;
}

function ChatsLayout({ scope }: { scope: PracticeScope }) {
  const { chatId } = useParams();
  const open = chatId !== undefined;
  const id = open ? Id.safeParse(chatId) : null;
  const heading = useRef<HTMLHeadingElement>(null);
  const isPhone = useIsPhone();
  const wasOpen = useRef(open);
  // On a phone the list replaces the chat, and with it the back button that had the focus.
  useEffect(() => {
    if (wasOpen.current && !open && isPhone) heading.current?.focus();
    wasOpen.current = open;
  }, [open, isPhone]);

  return (
    <div className="rw-chats" data-open={open || undefined}>
      <Stack gap="sm" className="rw-chats-column rw-chats-list">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div>
            <Title order={1} ref={heading} tabIndex={-1}>
              Chats
            </Title>
            <Text c="dimmed" size="sm">
              {scope.practiceName}
            </Text>
          </div>
          <NewChatButton scope={scope} />
        </Group>
        <DesktopNotificationsButton />
        <ChatList scope={scope} selectedId={id?.success ? id.data : null} />
      </Stack>
      <section className="rw-chats-column rw-chats-panel" aria-label="Open chat">
        {!id ? (
          <NoChatOpen />
        ) : id.success ? (
          <ChatPanel key={id.data} scope={scope} chatId={id.data} />
        ) : (
          <ChatUnavailable />
        )}
      </section>
    </div>
  );
}

/** The page's own title belongs here: an open chat's panel names the page after the chat. */
function NoChatOpen() {
  usePageTitle('Chats');
  return (
    <EmptyMessage title="Choose a chat to read it">
      Or start a new one with a practice, a colleague or a patient.
    </EmptyMessage>
  );
}
