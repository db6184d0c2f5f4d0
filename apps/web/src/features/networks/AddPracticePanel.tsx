import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { networksApi, practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ListPagination } from '../../ui/ListPagination';
import { useNetworkChange } from './networkQueries';

const SEARCH_DELAY_MS = 300;

/** Finds practices by name and adds the chosen one to the network. */
export function AddPracticePanel({ network, practiceId }: { network: networksApi.NetworkDetail; practiceId: number }) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [query] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const results = useQuery({
    queryKey: ['networks', 'practiceSearch', query, page],
    queryFn: ({ signal }) => call(practicesApi.searchPractices, { query: { query, page }, signal }),
    enabled: query.length >= 1,
    placeholderData: keepPreviousData,
  });
  const add = useNetworkChange(
    practiceId,
    (practice: { id: number; name: string }) =>
      call(networksApi.addNetworkPractice, { params: { id: network.id }, body: { practiceId: practice.id } }),
    (_, practice) => `${practice.name} added to ${network.name}`,
  );
  const members = new Set(network.practices.map((p) => p.id));

  function resultList(): ReactNode {
    if (query.length === 0) return null;
    if (results.isPending) return <LoadingState label="Searching practices" />;
    if (results.isError) {
      return <ErrorState title="Could not search practices" error={results.error} onRetry={() => void results.refetch()} />;
    }
    if (results.data.data.length === 0) {
      return <EmptyMessage title="No practices found">Check the spelling or try part of the name.</EmptyMessage>;
    }
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Practices found pages">
        {results.data.data.map((practice) => (
          <Group component="li" key={practice.id} justify="space-between" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={500} truncate="end">
                {practice.name}
              </Text>
              {practice.address && (
                <Text size="sm" c="dimmed" truncate="end">
                  {practice.address}
                </Text>
              )}
            </div>
            {members.has(practice.id) ? (
              <Badge variant="light" color="gray">
                Already in this network
              </Badge>
            ) : (
              <Button
                size="xs"
                variant="light"
                aria-label={`Add ${practice.name} to ${network.name}`}
                loading={add.isPending && add.variables?.id === practice.id}
                onClick={() => add.mutate(practice)}
              >
                Add
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <TextInput
          label="Search practices by name"
          description="Type at least 1 character."
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(0);
            add.reset();
          }}
        />
        {add.isError && (
          <Alert color="red" role="alert" variant="light" title="Could not add the practice">
            {errorMessage(add.error)}
          </Alert>
        )}
        {resultList()}
        {query.length > 0 && results.data && (
          <ListPagination
            label="Practices found pages"
            page={page}
            pageSize={practicesApi.PRACTICE_SEARCH_PAGE_SIZE}
            count={results.data.count}
            onChange={setPage}
          />
        )}
      </Stack>
    </Paper>
  );
}
