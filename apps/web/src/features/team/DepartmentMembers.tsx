import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { departmentsApi, PRACTICE_USER_SEARCH_MIN, practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { personName, titledName } from '../../lib/names';
import { ErrorState, LoadingState } from '../../ui/States';
import { teamKeys } from './teamQueries';
import type { TeamScope } from './teamAccess';

/** As many members as one request may bring; the search narrows the choice in larger practices. */
const CHOICES_PAGE_SIZE = 100;

/** The people of one department; managers add practice members and take people out. */
export function DepartmentMembers({
  scope,
  departmentId,
  manage,
}: {
  scope: TeamScope;
  departmentId: number;
  manage: boolean;
}) {
  const queryClient = useQueryClient();
  const key = [...teamKeys.departments(scope.practiceId), departmentId];
  const department = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(departmentsApi.getDepartment, { params: { id: departmentId }, signal }),
  });

  const change = useMutation({
    mutationFn: ({ userId, add }: { userId: number; add: boolean }) =>
      call(add ? departmentsApi.addDepartmentUser : departmentsApi.removeDepartmentUser, {
        params: { id: departmentId },
        body: { userId },
      }),
    onSuccess: async (updated, { userId, add }) => {
      const person = updated.users.find((u) => u.id === userId) ?? department.data?.users.find((u) => u.id === userId);
      const name = person ? personName(person) : 'They';
      notifications.show({
        color: 'teal',
        message: add ? `${name} joined ${updated.name}` : `${name} left ${updated.name}`,
      });
      queryClient.setQueryData(key, updated);
      // The list shows how many people each department has.
      await queryClient.invalidateQueries({ queryKey: teamKeys.departments(scope.practiceId) });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Could not change the department', message: errorMessage(error) }),
  });

  if (department.isPending) return <LoadingState label="Loading the department" />;
  if (department.isError) {
    return (
      <ErrorState
        title="Could not load the department"
        error={department.error}
        onRetry={() => void department.refetch()}
        retrying={department.isFetching}
      />
    );
  }
  const people = department.data.users;
  return (
    <Stack gap="sm">
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is in this department yet.
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`People in ${department.data.name}`}
        >
          {people.map((person) => (
            <Group component="li" key={person.id} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>
                {titledName(person)}
              </Text>
              {manage && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  loading={change.isPending && change.variables.userId === person.id && !change.variables.add}
                  onClick={() => change.mutate({ userId: person.id, add: false })}
                  aria-label={`Remove ${personName(person)} from ${department.data.name}`}
                >
                  Remove
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {manage && (
        <AddPerson
          scope={scope}
          exclude={people.map((person) => person.id)}
          adding={change.isPending && change.variables.add}
          onAdd={(userId, done) => change.mutate({ userId, add: true }, { onSuccess: done })}
        />
      )}
    </Stack>
  );
}

function AddPerson({
  scope,
  exclude,
  adding,
  onAdd,
}: {
  scope: TeamScope;
  exclude: number[];
  adding: boolean;
  onAdd: (userId: number, done: () => void) => void;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const name = debounced.length >= PRACTICE_USER_SEARCH_MIN ? debounced : undefined;
  const members = useQuery({
    queryKey: [...teamKeys.members(scope.practiceId), { page: 0, name, pageSize: CHOICES_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      call(practicesApi.users, {
        params: { id: scope.practiceId },
        query: { page: 0, pageSize: CHOICES_PAGE_SIZE, name },
        signal,
      }),
  });
  const choices = (members.data?.data ?? [])
    .filter((member) => !exclude.includes(member.id))
    .map((member) => ({ value: String(member.id), label: personName(member) }));

  return (
    <Group align="flex-end" gap="xs">
      <Select
        label="Add a person"
        placeholder="Search the team"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={choices}
        value={chosen}
        onChange={setChosen}
        nothingFoundMessage={members.isFetching ? 'Searching…' : 'Nobody else to add'}
        style={{ flex: 1 }}
        miw={200}
      />
      <Button
        variant="default"
        disabled={!chosen}
        loading={adding}
        onClick={() => {
          if (!chosen) return;
          onAdd(Number(chosen), () => {
            setChosen(null);
            setSearch('');
          });
        }}
      >
        Add to department
      </Button>
    </Group>
  );
}
