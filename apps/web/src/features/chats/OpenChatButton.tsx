import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { chatsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import type { PracticeScope } from '../../lib/practiceScope';
import { useStartChat } from './chatMutations';
import { chatPaths } from './chatPaths';

/** Whom the chat is with: another practice (its one chat with this practice), or a person. */
export type ChatPartner = { practiceId: number; name: string } | { userId: number; name: string };

/**
 * Opens a chat with a practice or a person from elsewhere in the app (an address book, say): the
 * practices' chat, started if there is none, or a new chat between the caller and the person.
 */
export function OpenChatButton({ scope, partner }: { scope: PracticeScope; partner: ChatPartner }) {
  const navigate = useNavigate();
  const start = useStartChat(scope, () =>
    'practiceId' in partner
      ? call(chatsApi.openPracticeChat, { params: { id: scope.practiceId }, body: { practiceId: partner.practiceId } })
      : call(chatsApi.createChat, {
          body: { practiceId: scope.practiceId, type: 'USER_TO_USER', users: [partner.userId] },
        }),
  );
  return (
    <Button
      variant="light"
      size="xs"
      aria-label={`Open chat with ${partner.name}`}
      loading={start.isPending}
      onClick={() =>
        start.mutate(undefined, {
          onSuccess: (chat) => void navigate(chatPaths.chat(chat.id)),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: `Could not open a chat with ${partner.name}`,
              message: errorMessage(error),
            }),
        })
      }
    >
      Open chat
    </Button>
  );
}
