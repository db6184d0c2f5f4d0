import { chatsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import type { PracticeScope } from '../../lib/practiceScope';
import { StartChatButton } from './StartChatButton';

/** Whom the chat is with: another practice (its one chat with this practice), or a person. */
export type ChatPartner = { practiceId: number; name: string } | { userId: number; name: string };

/**
 * Opens a chat with a practice or a person from elsewhere in the app (an address book, say): the
 * practices' chat, started if there is none, or a new chat between the caller and the person.
 */
export function OpenChatButton({ scope, partner }: { scope: PracticeScope; partner: ChatPartner }) {
  return (
    <StartChatButton
      scope={scope}
      start={() =>
        'practiceId' in partner
          ? call(chatsApi.openPracticeChat, {
              params: { id: scope.practiceId },
              body: { practiceId: partner.practiceId },
            })
          : call(chatsApi.createChat, {
              body: { practiceId: scope.practiceId, type: 'USER_TO_USER', users: [partner.userId] },
            })
      }
      ariaLabel={`Open chat with ${partner.name}`}
      failedTitle={`Could not open a chat with ${partner.name}`}
    >
      Open chat
    </StartChatButton>
  );
}
