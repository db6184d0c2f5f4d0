import { useId } from 'react';
import { List, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { chatsApi } from '@referwell/contracts';
import { FormActions } from '../../ui/FormActions';
import { useServerErrors } from '../../ui/serverErrors';
import type { ChatMutations } from './chatMutations';
import type { ChatSummary } from './chatQueries';
import { contractErrors } from './contractErrors';
import { PeoplePicker, type PickedPerson } from './PeoplePicker';
import { useIsPhone } from '../../lib/useIsPhone';
import type { PracticeScope } from '../../lib/practiceScope';

type ChatUser = ChatSummary['users'][number];

/** People this form may add or remove: accounts other than the caller. Bots and patients invited by phone stay as they are. */
const editable = (user: ChatUser, userId: number) =>
  user.userType === 'USER' && user.userId !== null && user.userId !== userId;

interface ChatPeopleModalProps {
  scope: PracticeScope;
  chat: ChatSummary;
  mutations: ChatMutations;
  opened: boolean;
  onClose: () => void;
}

/** Adds people to a chat and takes them out (PUT /chat/{id} with everyone who stays). */
export function ChatPeopleModal({ scope, chat, mutations, opened, onClose }: ChatPeopleModalProps) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title="People in this chat" fullScreen={isPhone} size="lg">
      {/* Mounted only while open, so each opening starts from the chat as it is now. */}
      {opened && <PeopleForm scope={scope} chat={chat} mutations={mutations} onDone={onClose} />}
    </Modal>
  );
}

function PeopleForm({
  scope,
  chat,
  mutations,
  onDone,
}: {
  scope: PracticeScope;
  chat: ChatSummary;
  mutations: ChatMutations;
  onDone: () => void;
}) {
  const stayingId = useId();
  const fixed = chat.users.filter((user) => !editable(user, scope.userId));
  // The list names everyone who stays: the caller (leaving is its own action) and the accounts this form does not offer.
  const staying = [scope.userId, ...fixed.flatMap((user) => (user.userId === null ? [] : [user.userId]))];
  const body = (people: PickedPerson[]) => ({
    practiceId: scope.practiceId,
    users: [...new Set([...staying, ...people.map((person) => person.id)])],
  });
  const form = useForm<{ users: PickedPerson[] }>({
    initialValues: {
      users: chat.users
        .filter((user) => editable(user, scope.userId))
        .map((user) => ({ id: user.userId!, name: user.name })),
    },
    validate: (values) => contractErrors(chatsApi.updateChatUsers.body!, body(values.users)),
  });
  const server = useServerErrors(form, ['users']);
  const { setUsers } = mutations;

  const submit = server.onSubmit((values) =>
    setUsers.mutate(body(values.users).users, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: 'The people in this chat were updated' });
        onDone();
      },
      onError: server.show,
    }),
  );

  return (
    <form noValidate aria-label="People in this chat" onSubmit={submit}>
      <Stack gap="md">
        {fixed.length > 0 && (
          <div>
            <Text size="sm" fw={500} id={stayingId}>
              Staying in the chat
            </Text>
            <List size="sm" c="dimmed" aria-labelledby={stayingId}>
              {fixed.map((user) => (
                <List.Item key={user.chatUserId}>
                  {user.userId === scope.userId ? `${user.name} (you)` : user.name}
                </List.Item>
              ))}
            </List>
          </div>
        )}
        <PeoplePicker
          label="People"
          description="Find colleagues and providers by name. Removing someone takes them out of the chat."
          value={form.values.users}
          onChange={(people) => form.setFieldValue('users', people)}
          excludeIds={[scope.userId]}
          error={form.errors.users}
        />
        <FormActions formError={server.formError} pending={setUsers.isPending} submitLabel="Save" onCancel={onDone} />
      </Stack>
    </form>
  );
}
