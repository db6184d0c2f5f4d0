import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PracticeSummary } from '@referwell/contracts';
import { useSession } from '../../lib/session';
import { EmptyMessage, ErrorState } from '../../ui/States';
import { practicesQuery } from '../../lib/practicesQuery';
import { availablePracticesQuery, practiceSearchQuery } from './joinQueries';

const DEBOUNCE_MS = 300;

interface PracticeSearchProps {
  selected: PracticeSummary[];
  onToggle: (practice: PracticeSummary) => void;
}

/** Finds practices by name; each one the user could ask to join has a checkbox. */
export function PracticeSearch({ selected, onToggle }: PracticeSearchProps) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const results = useInfiniteQuery(practiceSearchQuery(query));
  const memberships = useQuery(practicesQuery());
  const available = useQuery(availablePracticesQuery());
  const currentPractice = useSession((s) => s.currentPractice);

  function whyNot(practice: PracticeSummary): string | null {
    const member =
      memberships.data?.some((m) => m.practice.id === practice.id) || currentPractice?.practice.id === practice.id;
    if (member) return 'You are a member';
    const pending = available.data?.find((a) => a.practice.id === practice.id);
    if (pending?.invite) return 'You have an invite: answer it below';
    if (pending?.joinRequest) return 'Request pending';
    return null;
  }

  const practices = results.data?.pages.flatMap((page) => page.data) ?? [];
  const total = results.data?.pages[0]?.count ?? 0;
  const searching = text.trim() !== query || results.isFetching;

  let list;
  if (!query) list = null;
  else if (results.isPending) list = null;
  else if (results.isError) {
    list = (
      <ErrorState
        title="Could not search practices"
        error={results.error}
        onRetry={() => void results.refetch()}
        retrying={results.isFetching}
      />
    );
  } else if (practices.length === 0) {
    list = (
      <EmptyMessage title={`No practices match “${query}”`}>Check the spelling, or try part of the name.</EmptyMessage>
    );
  } else {
    list = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed" role="status">
          {total === 1 ? '1 practice found' : `${total} practices found`}
        </Text>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Practices found">
          {practices.map((practice) => {
            const reason = whyNot(practice);
            return (
              <Paper component="li" key={practice.id} withBorder radius="md" p="sm">
                <Group justify="space-between" gap="sm" align="flex-start">
                  <Checkbox
                    label={practice.name}
                    description={practice.address ?? 'No address given'}
                    checked={selected.some((p) => p.id === practice.id)}
                    disabled={reason !== null}
                    onChange={() => onToggle(practice)}
                  />
                  {reason && (
                    <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {reason}
                    </Badge>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
        {results.hasNextPage && (
          <Group>
            <Button variant="default" onClick={() => void results.fetchNextPage()} loading={results.isFetchingNextPage}>
              Load more practices
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Practice name"
        placeholder="Start typing a practice name"
        description="Type at least 1 character."
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSection={query && searching ? <Loader size="xs" role="status" aria-label="Searching" /> : null}
      />
      {list}
    </Stack>
  );
}
