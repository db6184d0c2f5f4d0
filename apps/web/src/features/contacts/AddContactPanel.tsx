import { useState } from 'react';
import { Alert, Button, CloseButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { FoundList } from '../../ui/FoundList';
import { ListPagination } from '../../ui/ListPagination';

export const CONTACT_SEARCH_DEBOUNCE_MS = 300;

type Named = { id: number; name: string };

interface AddContactPanelProps<T extends { id: number }> {
  title: string;
  searchLabel: string;
  queryKey: readonly unknown[];
  search: (query: string, page: number, signal: AbortSignal) => Promise<{ data: T[]; count: number }>;
  pageSize: number;
  name: (item: T) => string;
  detail: (item: T) => string | null;
  texts: { loading: string; failed: string; empty: string; label: string };
  add: UseMutationResult<unknown, Error, Named>;
  onClose: () => void;
}

/** Finds a practice or person by name and adds the chosen ones to the address book. */
export function AddContactPanel<T extends { id: number }>({
  title,
  searchLabel,
  queryKey,
  search,
  pageSize,
  name,
  detail,
  texts,
  add,
  onClose,
}: AddContactPanelProps<T>) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  // What was added from this panel shows as added; the list below refreshes with it.
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());
  const [query] = useDebouncedValue(text.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: [...queryKey, query, page],
    queryFn: ({ signal }) => search(query, page, signal),
    enabled: query.length >= 1,
    placeholderData: keepPreviousData,
  });

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{title}</Text>
          <CloseButton aria-label={`Close ${title.toLowerCase()}`} onClick={onClose} />
        </Group>
        <TextInput
          type="search"
          label={searchLabel}
          description="Type at least 1 character."
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(0);
            add.reset();
          }}
        />
        {add.isError && (
          <Alert color="red" role="alert" variant="light" title={`Could not add ${add.variables?.name ?? 'it'}`}>
            {errorMessage(add.error)}
          </Alert>
        )}
        {query.length > 0 && (
          <FoundList
            search={results}
            items={results.data?.data ?? []}
            texts={{ ...texts, emptyHint: 'Check the spelling or try part of the name.' }}
            name={name}
            detail={detail}
            action={(item) =>
              added.has(item.id) ? (
                <Text size="sm" fw={500}>
                  Added
                </Text>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Add ${name(item)} to contacts`}
                  loading={add.isPending && add.variables?.id === item.id}
                  onClick={() =>
                    add.mutate(
                      { id: item.id, name: name(item) },
                      { onSuccess: () => setAdded((ids) => new Set(ids).add(item.id)) },
                    )
                  }
                >
                  Add
                </Button>
              )
            }
          />
        )}
        {query.length > 0 && results.data && (
          <ListPagination
            label={`${texts.label} pages`}
            page={page}
            pageSize={pageSize}
            count={results.data.count}
            onChange={setPage}
          />
        )}
      </Stack>
    </Paper>
  );
}
