import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { directoryApi, Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { personName } from '../../lib/names';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ListPagination } from '../../ui/ListPagination';
import { roleLabel } from '../../lib/roles';

const SEARCH_DELAY_MS = 300;

interface AddMemberFormProps {
  /** Gives the role; the server accepts people of the organisation's practices. */
  onAdd: (person: directoryApi.UserProfile, role: Role) => void;
  addingId: number | null;
}

/** Finds a colleague by name and gives them a role in the organisation. */
export function AddMemberForm({ onAdd, addingId }: AddMemberFormProps) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [role, setRole] = useState<Role>('STAFF');
  const [query] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const people = useQuery({
    queryKey: ['organisations', 'people', query, page],
    queryFn: ({ signal }) => call(directoryApi.searchUsers, { query: { query, page }, signal }),
    enabled: query.length >= 1,
    placeholderData: keepPreviousData,
  });

  function results(): ReactNode {
    if (query.length === 0) return null;
    if (people.isPending) return <LoadingState label="Searching people" />;
    if (people.isError) return <ErrorState title="Could not search people" error={people.error} onRetry={() => void people.refetch()} />;
    if (people.data.data.length === 0) return <EmptyMessage title="Nobody found">Only people in your practices can be found.</EmptyMessage>;
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="People found pages">
        {people.data.data.map((person) => (
          <Group component="li" key={person.id} justify="space-between" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={500} truncate="end">
                {personName(person)}
              </Text>
              <Text size="sm" c="dimmed" truncate="end">
                {person.practices.map((p) => p.name).join(', ')}
              </Text>
            </div>
            <Button
              size="xs"
              variant="light"
              loading={addingId === person.id}
              aria-label={`Add ${personName(person)} as ${roleLabel(role)}`}
              onClick={() => onAdd(person, role)}
            >
              Add
            </Button>
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Anyone working in one of the organisation’s practices can be given a role.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Search people by name"
            description="Type at least 1 character."
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setPage(0);
            }}
          />
          <Select
            label="Role"
            data={Role.options.map((r) => ({ value: r, label: roleLabel(r) }))}
            value={role}
            onChange={(value) => value && setRole(Role.parse(value))}
            allowDeselect={false}
          />
        </SimpleGrid>
        {results()}
        {query.length > 0 && people.data && (
          <ListPagination
            label="People found pages"
            page={page}
            pageSize={directoryApi.DIRECTORY_PAGE_SIZE}
            count={people.data.count}
            onChange={setPage}
          />
        )}
      </Stack>
    </Paper>
  );
}
