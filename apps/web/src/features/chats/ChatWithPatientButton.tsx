import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { chatsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import type { PracticeScope } from '../../lib/practiceScope';
import { useStartChat } from './chatMutations';
import { chatPaths } from './chatPaths';

/**
 * Opens the practice's chat with one of its patients, starting one (and texting the patient a
 * link to it) when there is none.
 */
export function ChatWithPatientButton({ scope, patientId }: { scope: PracticeScope; patientId: number }) {
  const navigate = useNavigate();
  const start = useStartChat(scope, () =>
    call(chatsApi.createPatientChat, { params: { id: patientId }, body: { practiceId: scope.practiceId } }),
  );
  return (
    <Button
      variant="light"
      size="xs"
      loading={start.isPending}
      onClick={() =>
        start.mutate(undefined, {
          onSuccess: (chat) => void navigate(chatPaths.chat(chat.id)),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Could not open a chat with the patient',
              message: errorMessage(error),
            }),
        })
      }
    >
      Chat with patient
    </Button>
  );
}
