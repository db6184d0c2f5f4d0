import { useState } from 'react';
import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customPropertiesApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { canEditPractice } from './access';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CustomPropertyFormModal, PROPERTY_TYPE_LABELS } from './CustomPropertyFormModal';
import { ListPagination } from '../../ui/ListPagination';
import { usePaged } from '../../ui/usePaged';
import { customPropertiesQuery, practiceSettingsKeys } from './queries';

type Definition = customPropertiesApi.CustomPropertyDefinition;

export function CustomPropertiesTab({ practiceId, roles }: { practiceId: number; roles: readonly Role[] }) {
  const editable = canEditPractice(roles);
  const queryClient = useQueryClient();
  const definitions = useQuery(customPropertiesQuery(practiceId));
  const paged = usePaged(definitions.data ?? []);
  const [editing, setEditing] = useState<{ definition: Definition | null } | null>(null);
  const [deleting, setDeleting] = useState<Definition | null>(null);

  const remove = useMutation({
    mutationFn: (d: Definition) => call(customPropertiesApi.deleteDefinition, { params: { id: practiceId, propertyId: d.id } }),
    onSuccess: async (_, d) => {
      setDeleting(null);
      notifications.show({ color: 'teal', message: `${d.name} is deleted` });
      await queryClient.invalidateQueries({ queryKey: practiceSettingsKeys.customProperties(practiceId) });
    },
  });

  let content;
  if (definitions.isPending) content = <LoadingState label="Loading custom properties" />;
  else if (definitions.isError) {
    content = (
      <ErrorState
        title="Could not load custom properties"
        error={definitions.error}
        onRetry={() => void definitions.refetch()}
        retrying={definitions.isFetching}
      />
    );
  } else if (definitions.data.length === 0) {
    content = (
      <EmptyMessage title="No custom properties yet">
        {editable ? 'Add one to record details such as a member ID for everyone in the practice.' : 'Practice admins can add them.'}
      </EmptyMessage>
    );
  } else {
    content = (
      <>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Moniker</Table.Th>
                <Table.Th>Type</Table.Th>
                {editable && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paged.items.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{d.name}</Table.Td>
                  <Table.Td>
                    <Code>{d.moniker}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray">{PROPERTY_TYPE_LABELS[d.type]}</Badge>
                  </Table.Td>
                  {editable && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing({ definition: d })} aria-label={`Edit ${d.name}`}>
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => {
                            remove.reset();
                            setDeleting(d);
                          }}
                          aria-label={`Delete ${d.name}`}
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
        <ListPagination {...paged.pagination} label="Custom property pages" />
      </>
    );
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed">Extra details the practice keeps about its members, used in forms and messages by moniker.</Text>
        {editable && <Button onClick={() => setEditing({ definition: null })}>New custom property</Button>}
      </Group>
      {content}
      <CustomPropertyFormModal
        practiceId={practiceId}
        definition={editing?.definition ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this property'}?`}
        confirmLabel="Delete property"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        loading={remove.isPending}
        error={remove.error}
      >
        <Text>Every value stored for this property is deleted too. This cannot be undone.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
