import { chatsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import type { PracticeScope } from '../../lib/practiceScope';
import { StartChatButton } from './StartChatButton';

/**
 * Opens the practice's chat with one of its patients, starting one (and texting the patient a
 * link to it) when there is none.
 */
export function ChatWithPatientButton({ scope, patientId }: { scope: PracticeScope; patientId: number }) {
  return (
    <StartChatButton
      scope={scope}
      start={() =>
        call(chatsApi.createPatientChat, { params: { id: patientId }, body: { practiceId: scope.practiceId } })
      }
      failedTitle="Could not open a chat with the patient"
    >
      Chat with patient
    </StartChatButton>
  );
}
