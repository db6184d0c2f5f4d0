import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { chatsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { useServerErrors } from '../../ui/serverErrors';
import { FormActions } from '../../ui/FormActions';
import { useStartChat, type ChatCreateBody } from './chatMutations';
import { contractErrors } from './contractErrors';
import type { StartChatFormProps } from './NewChatButton';
import { PeoplePicker, type PickedPerson } from './PeoplePicker';

/** Starts a chat between the caller and people of their practices or providers elsewhere (USER_TO_USER). */
export function PeopleChatForm({ scope, onStarted, onCancel }: StartChatFormProps) {
  const body = (people: PickedPerson[]): ChatCreateBody => ({
    practiceId: scope.practiceId,
    type: 'USER_TO_USER',
    users: people.map((person) => person.id),
  });
  const form = useForm<{ users: PickedPerson[] }>({
    initialValues: { users: [] },
    validate: (values) => contractErrors(chatsApi.ChatCreate, body(values.users)),
  });
  const server = useServerErrors(form, ['users']);
  const start = useStartChat(scope, (people: PickedPerson[]) => call(chatsApi.createChat, { body: body(people) }));

  const submit = server.onSubmit((values) =>
    start.mutate(values.users, { onSuccess: onStarted, onError: server.show }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Chat with people">
      <Stack gap="sm">
        <PeoplePicker
          label="People"
          required
          description="Colleagues in your practices, or providers anywhere, by name."
          value={form.values.users}
          onChange={(people) => {
            form.setFieldValue('users', people);
            form.clearFieldError('users');
          }}
          excludeIds={[scope.userId]}
          error={form.errors.users}
        />
        <FormActions
          formError={server.formError}
          pending={start.isPending}
          submitLabel="Start chat"
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
