import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { networksApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { personName } from '../../lib/names';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { practicesQuery } from '../../lib/practicesQuery';
import { ListPagination } from '../../ui/ListPagination';
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
  const { query, waitingForName, candidates, count, pageSize } = useProviderCandidates(chosenId, ownPractice, name, page);

  const add = useNetworkChange(
    practiceId,
    (person: Candidate) =>
      call(networksApi.addNetworkProvider, { params: { id: network.id }, body: { userId: person.id, practiceId: chosenId! } }),
    (_, person) => `${personName(person)} added to ${network.name}`,
  );
  const inNetwork = new Set(network.providers.map((p) => p.user.id));

  function candidateList(): ReactNode {
    if (chosenId === null || waitingForName) return null;
    if (query.isPending) return <LoadingState label="Loading providers" />;
    if (query.isError) return <ErrorState title="Could not load providers" error={query.error} onRetry={() => void query.refetch()} />;
    if (candidates.length === 0) {
      return <EmptyMessage title="No providers found">{chosenPractice ? `No matching providers work at ${chosenPractice.name}.` : null}</EmptyMessage>;
    }
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Providers found pages">
        {candidates.map((person) => (
          <Group component="li" key={person.id} justify="space-between" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={500} truncate="end">
                {personName(person)}
              </Text>
              {person.title && (
                <Text size="sm" c="dimmed" truncate="end">
                  {person.title}
                </Text>
              )}
            </div>
            {inNetwork.has(person.id) ? (
              <Badge variant="light" color="gray">
                Already in this network
              </Badge>
            ) : (
              <Button
                size="xs"
                variant="light"
                aria-label={`Add ${personName(person)} to ${network.name}`}
                loading={add.isPending && add.variables?.id === person.id}
                onClick={() => add.mutate(person)}
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
        <Select
          label="Practice"
          description="The provider is reached through this practice."
          placeholder="Choose a practice"
          data={practices.map((p) => ({ value: String(p.id), label: p.id === network.practiceId ? `${p.name} (owner)` : p.name }))}
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
              ownPractice ? 'Filters the practice’s providers from 2 characters.' : 'Type at least 1 character to find the practice’s providers.'
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
        {candidateList()}
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
