import { Loader, Select, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersApi, type PracticeMembership } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { setSession, useSession } from '../../lib/session';
import { practicesQuery } from '../../lib/practicesQuery';

/** Shows the current practice; with more than one, a select switches between them. */
export function PracticeSwitcher() {
  const user = useSession((session) => session.currentUser);
  const current = useSession((session) => session.currentPractice);
  const practices = useQuery(practicesQuery());
  const queryClient = useQueryClient();

  const switchPractice = useMutation({
    mutationFn: (membership: PracticeMembership) =>
      call(usersApi.editUser, { params: { id: user!.id }, body: { practiceId: membership.practice.id } }),
    onSuccess: async (updated, membership) => {
      setSession({ currentUser: updated });
      // Everything on screen may belong to the previous practice.
      await queryClient.invalidateQueries();
      notifications.show({ color: 'teal', message: `You are now working in ${membership.practice.name}` });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not switch practice', message: errorMessage(error) }),
  });

  const choices = practices.data ?? [];
  if (choices.length < 2) {
    return (
      <Text fw={600} size="sm" truncate title={current?.practice.name}>
        <VisuallyHidden>Current practice: </VisuallyHidden>
        {current?.practice.name ?? 'No practice'}
      </Text>
    );
  }

  const currentId = current ? String(current.practice.id) : null;
  return (
    <Select
      aria-label="Current practice"
      placeholder="Choose a practice"
      data={choices.map(({ practice }) => ({ value: String(practice.id), label: practice.name }))}
      value={currentId}
      onChange={(value) => {
        const chosen = choices.find(({ practice }) => String(practice.id) === value);
        if (chosen && value !== currentId) switchPractice.mutate(chosen);
      }}
      allowDeselect={false}
      checkIconPosition="right"
      disabled={switchPractice.isPending}
      rightSection={switchPractice.isPending ? <Loader size="xs" aria-label="Switching practice" /> : undefined}
      size="sm"
      w={{ base: 190, xs: 260 }}
      miw={0}
      // Its list stays in the header (the banner landmark), not in a portal outside every landmark.
      comboboxProps={{ withinPortal: false }}
    />
  );
}
