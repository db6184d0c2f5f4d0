import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { ConfirmDialog } from './ConfirmDialog';
import { EditDeleteButtons } from './EditDeleteButtons';
import { ListPagination } from './ListPagination';
import { EmptyMessage, ErrorState, LoadingState } from './States';
import { usePaged } from './usePaged';

export interface CrudColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

interface CrudTableProps<T extends { id: number }> {
  /** The whole list, as the server returns it; it is paged here. */
  list: UseQueryResult<T[]>;
  /** Offers New, Edit and Delete; without it the table is only to look at. */
  editable: boolean;
  /** What the list is for, beside the New button. */
  intro: string;
  texts: { loading: string; failed: string; empty: string; emptyHint: string; pages: string; add: string };
  minWidth: number;
  columns: CrudColumn<T>[];
  /** Names a row in its buttons' labels ("Edit tag Urgent"). */
  itemName: (item: T) => string;
  /** The dialog that creates (item null) or edits an item. */
  form: (item: T | null, opened: boolean, onClose: () => void) => ReactNode;
  remove: {
    run: (item: T) => Promise<unknown>;
    /** After the dialog has closed: tell the person and refresh what showed the item. */
    onRemoved: (item: T) => Promise<unknown>;
    /** Also asked with null while the dialog closes. */
    title: (item: T | null) => string;
    confirmLabel: string;
    warning: string;
  };
}

/** A list the server returns whole (a practice's tags, its custom properties) as a paged table to add to, edit in and delete from. */
export function CrudTable<T extends { id: number }>({
  list,
  editable,
  intro,
  texts,
  minWidth,
  columns,
  itemName,
  form,
  remove,
}: CrudTableProps<T>) {
  const paged = usePaged(list.data ?? []);
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const removal = useMutation({
    mutationFn: remove.run,
    onSuccess: async (_, item) => {
      setDeleting(null);
      await remove.onRemoved(item);
    },
  });

  let content;
  if (list.isPending) content = <LoadingState label={texts.loading} />;
  else if (list.isError) {
    content = (
      <ErrorState
        title={texts.failed}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.length === 0) {
    content = <EmptyMessage title={texts.empty}>{texts.emptyHint}</EmptyMessage>;
  } else {
    content = (
      <>
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
                {editable && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paged.items.map((item) => (
                <Table.Tr key={item.id}>
                  {columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(item)}</Table.Td>
                  ))}
                  {editable && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <EditDeleteButtons
                          name={itemName(item)}
                          onEdit={() => setEditing({ item })}
                          onDelete={() => {
                            removal.reset();
                            setDeleting(item);
                          }}
                        />
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination {...paged.pagination} label={texts.pages} />
      </>
    );
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed">{intro}</Text>
        {editable && <Button onClick={() => setEditing({ item: null })}>{texts.add}</Button>}
      </Group>
      {content}
      {form(editing?.item ?? null, editing !== null, () => setEditing(null))}
      <ConfirmDialog
        opened={deleting !== null}
        title={remove.title(deleting)}
        confirmLabel={remove.confirmLabel}
        onConfirm={() => deleting && removal.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        loading={removal.isPending}
        error={removal.error}
      >
        <Text>{remove.warning}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
