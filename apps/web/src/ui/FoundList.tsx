import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { EmptyMessage, ErrorState, LoadingState } from './States';

interface FoundListProps<T extends { id: number }> {
  /** The search's state; `items` are what it found. */
  search: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  items: T[];
  /** `label` names the list for screen readers. */
  texts: { loading: string; failed: string; empty: string; emptyHint?: ReactNode; label: string };
  name: (item: T) => string;
  /** A dimmed second line, or null for none. */
  detail: (item: T) => string | null;
  /** What can be done with the item (an Add button, say), at the end of its row. */
  action: (item: T) => ReactNode;
}

/** What a search for someone or something to add found: a row each, its name, a detail and an action. */
export function FoundList<T extends { id: number }>({ search, items, texts, name, detail, action }: FoundListProps<T>) {
  if (search.isPending) return <LoadingState label={texts.loading} />;
  if (search.isError)
    return <ErrorState title={texts.failed} error={search.error} onRetry={() => void search.refetch()} />;
  if (items.length === 0) return <EmptyMessage title={texts.empty}>{texts.emptyHint}</EmptyMessage>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={texts.label}>
      {items.map((item) => {
        const second = detail(item);
        return (
          <Group component="li" key={item.id} justify="space-between" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={500} truncate="end">
                {name(item)}
              </Text>
              {second !== null && (
                <Text size="sm" c="dimmed" truncate="end">
                  {second}
                </Text>
              )}
            </div>
            {action(item)}
          </Group>
        );
      })}
    </Stack>
  );
}
