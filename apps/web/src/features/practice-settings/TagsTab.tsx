import { useState } from 'react';
import { Badge, Button, ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { practicesApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { canEditPractice } from './access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPagination } from '../../ui/ListPagination';
import { usePaged } from '../../ui/usePaged';
import { practiceSettingsKeys, tagsQuery } from './queries';
import { TAG_CONTEXT_LABELS, TagFormModal } from './TagFormModal';
import type { PracticeTag } from './types';

type Editing = { tag: PracticeTag | null } | null;

export function TagsTab({ practiceId, roles }: { practiceId: number; roles: readonly Role[] }) {
  const editable = canEditPractice(roles);
  const queryClient = useQueryClient();
  const tags = useQuery(tagsQuery(practiceId));
  const paged = usePaged(tags.data ?? []);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PracticeTag | null>(null);

  const remove = useMutation({
    mutationFn: (tag: PracticeTag) => call(practicesApi.deleteTag, { params: { id: practiceId, tagId: tag.id } }),
    onSuccess: async (_, tag) => {
      setDeleting(null);
      notifications.show({ color: 'teal', message: `Tag ${tag.name} is deleted` });
      await queryClient.invalidateQueries({ queryKey: practiceSettingsKeys.all(practiceId) });
    },
  });

  let content;
  if (tags.isPending) content = <LoadingState label="Loading tags" />;
  else if (tags.isError) {
    content = <ErrorState title="Could not load tags" error={tags.error} onRetry={() => void tags.refetch()} retrying={tags.isFetching} />;
  } else if (tags.data.length === 0) {
    content = (
      <EmptyMessage title="No tags yet">
        {editable ? 'Add tags to sort referrals, patients and messages.' : 'Practice admins can add tags.'}
      </EmptyMessage>
    );
  } else {
    content = (
      <>
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tag</Table.Th>
                <Table.Th>Used for</Table.Th>
                {editable && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paged.items.map((tag) => (
                <Table.Tr key={tag.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <ColorSwatch color={tag.color} size={18} aria-hidden />
                      <Text>{tag.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray">{TAG_CONTEXT_LABELS[tag.context]}</Badge>
                  </Table.Td>
                  {editable && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing({ tag })} aria-label={`Edit tag ${tag.name}`}>
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => {
                            remove.reset();
                            setDeleting(tag);
                          }}
                          aria-label={`Delete tag ${tag.name}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination {...paged.pagination} label="Tag pages" />
      </>
    );
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed">Coloured labels the practice puts on referrals, patients and messages.</Text>
        {editable && <Button onClick={() => setEditing({ tag: null })}>New tag</Button>}
      </Group>
      {content}
      <TagFormModal practiceId={practiceId} tag={editing?.tag ?? null} opened={editing !== null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete tag ${deleting?.name ?? ''}?`}
        confirmLabel="Delete tag"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        loading={remove.isPending}
        error={remove.error}
      >
        <Text>Anything carrying this tag loses it. This cannot be undone.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
