import { useState } from 'react';
import { Alert, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { networksApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { personName } from '../../lib/names';
import { FoundList } from '../../ui/FoundList';
import { practicesQuery } from '../../lib/practicesQuery';
import { ListPagination } from '../../ui/ListPagination';
import { NetworkAddAction } from './NetworkAddAction';
import { useNetworkChange } from './networkQueries';
import { useProviderCandidates, type Candidate } from './useProviderCandidates';

const SEARCH_DELAY_MS = 300;

/** Picks a practice of the network (or the owner itself), then one of its providers, and adds them. */
export function AddProviderPanel({ network, practiceId }: { network: networksApi.NetworkDetail; practiceId: number }) {
  const myPractices = useQuery(practicesQuery());
  const current = useSession((s) => s.currentPractice);
  const [chosen, setChosen] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [name] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);

  const practices = [network.practice, ...network.practices];
  const chosenId = chosen === null ? null : Number(chosen);
  const chosenPractice = practices.find((p) => p.id === chosenId);
  const ownPractice =
    chosenId === current?.practice.id || (myPractices.data ?? []).some((m) => m.practice.id === chosenId);
  const { query, waitingForName, candidates, count, pageSize } = useProviderCandidates(
    chosenId,
    ownPractice,
    name,
    page,
  );

  const add = useNetworkChange(
    practiceId,
    (person: Candidate) =>
      call(networksApi.addNetworkProvider, {
        params: { id: network.id },
        body: { userId: person.id, practiceId: chosenId! },
      }),
    (_, person) => `${personName(person)} added to ${network.name}`,
  );
  const inNetwork = new Set(network.providers.map((p) => p.user.id));

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Select
          label="Practice"
          description="The provider is reached through this practice."
          placeholder="Choose a practice"
          data={practices.map((p) => ({
            value: String(p.id),
            label: p.id === network.practiceId ? `${p.name} (owner)` : p.name,
          }))}
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setPage(0);
            add.reset();
          }}
        />
        {chosenId !== null && (
          <TextInput
            label="Provider name"
            description={
              ownPractice
                ? 'Filters the practice’s providers from 2 characters.'
                : 'Type at least 1 character to find the practice’s providers.'
            }
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setPage(0);
              add.reset();
            }}
          />
        )}
        {add.isError && (
          <Alert color="red" role="alert" variant="light" title="Could not add the provider">
            {errorMessage(add.error)}
          </Alert>
        )}
        {chosenId !== null && !waitingForName && (
          <FoundList
            search={query}
            items={candidates}
            texts={{
              loading: 'Loading providers',
              failed: 'Could not load providers',
              empty: 'No providers found',
              emptyHint: chosenPractice ? `No matching providers work at ${chosenPractice.name}.` : null,
              label: 'Providers found pages',
            }}
            name={personName}
            detail={(person) => person.title || null}
            action={(person) => (
              <NetworkAddAction
                member={inNetwork.has(person.id)}
                label={`Add ${personName(person)} to ${network.name}`}
                loading={add.isPending && add.variables?.id === person.id}
                onAdd={() => add.mutate(person)}
              />
            )}
          />
        )}
        {chosenId !== null && !waitingForName && (
          <ListPagination
            label="Providers found pages"
            page={page}
            pageSize={pageSize}
            count={count}
            onChange={setPage}
            showRange={ownPractice}
          />
        )}
      </Stack>
    </Paper>
  );
}
