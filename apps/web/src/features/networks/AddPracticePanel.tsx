import { useState } from 'react';
import { Alert, Paper, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { networksApi, practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { FoundList } from '../../ui/FoundList';
import { ListPagination } from '../../ui/ListPagination';
import { NetworkAddAction } from './NetworkAddAction';
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
        {query.length > 0 && (
          <FoundList
            search={results}
            items={results.data?.data ?? []}
            texts={{
              loading: 'Searching practices',
              failed: 'Could not search practices',
              empty: 'No practices found',
              emptyHint: 'Check the spelling or try part of the name.',
              label: 'Practices found pages',
            }}
            name={(practice) => practice.name}
            detail={(practice) => practice.address || null}
            action={(practice) => (
              <NetworkAddAction
                member={members.has(practice.id)}
                label={`Add ${practice.name} to ${network.name}`}
                loading={add.isPending && add.variables?.id === practice.id}
                onAdd={() => add.mutate(practice)}
              />
            )}
          />
        )}
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
