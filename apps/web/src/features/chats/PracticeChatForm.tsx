import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { chatsApi, type PracticeSummary } from '@referwell/contracts';
import { call } from '../../lib/api';
import { useServerErrors } from '../../ui/serverErrors';
import { FormActions } from '../../ui/FormActions';
import type { SearchOption } from '../../lib/searchOption';
import { SearchSelect } from '../../ui/SearchSelect';
import { findPractices } from '../../lib/practiceSearch';
import { useStartChat } from './chatMutations';
import type { StartChatFormProps } from './NewChatButton';

const CHOOSE_PRACTICE = 'Choose the practice to chat with';

type Values = {
  /** The other practice; POST /practice/{own}/openChat names it as practiceId. */
  practiceId: SearchOption<PracticeSummary> | null;
};

/** Opens the chat between the current practice and another, starting it if there is none yet. */
export function PracticeChatForm({ scope, onStarted, onCancel }: StartChatFormProps) {
  const form = useForm<Values>({
    initialValues: { practiceId: null },
    validate: { practiceId: (value) => (value ? null : CHOOSE_PRACTICE) },
  });
  const server = useServerErrors(form, ['practiceId']);
  const start = useStartChat(scope, (other: number) =>
    call(chatsApi.openPracticeChat, { params: { id: scope.practiceId }, body: { practiceId: other } }),
  );

  const submit = server.onSubmit((values) =>
    start.mutate(values.practiceId!.id, { onSuccess: onStarted, onError: server.show }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Chat with a practice">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Everyone in both practices’ teams can read and answer a practice chat. If your practices already have one, it
          opens.
        </Text>
        <SearchSelect
          label="Practice"
          required
          placeholder="Search practices by name"
          queryKey={['practiceSearch', scope.practiceId]}
          search={(query, signal) => findPractices(scope.practiceId, query, signal)}
          nothingFound="No practice matches"
          value={form.values.practiceId}
          onChange={(option) => {
            form.setFieldValue('practiceId', option);
            form.clearFieldError('practiceId');
          }}
          error={form.errors.practiceId}
        />
        <FormActions
          formError={server.formError}
          pending={start.isPending}
          submitLabel="Open chat"
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
