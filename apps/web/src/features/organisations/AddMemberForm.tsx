import { useState } from 'react';
import { Button, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { directoryApi, Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { personName } from '../../lib/names';
import { FoundList } from '../../ui/FoundList';
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
        {query.length > 0 && (
          <FoundList
            search={people}
            items={people.data?.data ?? []}
            texts={{
              loading: 'Searching people',
              failed: 'Could not search people',
              empty: 'Nobody found',
              emptyHint: 'Only people in your practices can be found.',
              label: 'People found pages',
            }}
            name={personName}
            detail={(person) => person.practices.map((p) => p.name).join(', ')}
            action={(person) => (
              <Button
                size="xs"
                variant="light"
                loading={addingId === person.id}
                aria-label={`Add ${personName(person)} as ${roleLabel(role)}`}
                onClick={() => onAdd(person, role)}
              >
                Add
              </Button>
            )}
          />
        )}
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
