import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/errors';
import type { PracticeScope } from '../../lib/practiceScope';
import { useStartChat } from './chatMutations';
import { chatPaths } from './chatPaths';
import type { ChatSummary } from './chatQueries';

interface StartChatButtonProps {
  scope: PracticeScope;
  /** Finds or starts the chat. */
  start: () => Promise<ChatSummary>;
  children: ReactNode;
  /** A name that says whom the chat is with, where the button's text does not. */
  ariaLabel?: string;
  /** The failure's title, naming whom the chat was to be with. */
  failedTitle: string;
}

/** A button that opens a chat, starting it first when needed, and says why when it cannot. */
export function StartChatButton({ scope, start, children, ariaLabel, failedTitle }: StartChatButtonProps) {
  const navigate = useNavigate();
  const starting = useStartChat(scope, start);
  return (
    <Button
      variant="light"
      size="xs"
      aria-label={ariaLabel}
      loading={starting.isPending}
      onClick={() =>
        starting.mutate(undefined, {
          onSuccess: (chat) => void navigate(chatPaths.chat(chat.id)),
          onError: (error) => notifications.show({ color: 'red', title: failedTitle, message: errorMessage(error) }),
        })
      }
    >
      {children}
    </Button>
  );
}
