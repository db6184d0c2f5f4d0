import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysApi, type Role } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { RelativeTime } from '../../ui/RelativeTime';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { canManageApiKeys } from './access';
import { PERMISSIONS } from './apiKeyPermissions';
import { ApiKeySecretModal } from './ApiKeySecretModal';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CreateApiKeyModal, type CreatedApiKey } from './CreateApiKeyModal';
import { ListPagination } from '../../ui/ListPagination';
import { usePaged } from '../../ui/usePaged';
import { apiKeysQuery, practiceSettingsKeys } from './queries';

type ApiKey = apiKeysApi.ApiKey;

const keyLabel = (key: ApiKey) => key.name || `${key.prefix}…`;

export function ApiKeysTab({ practiceId, roles }: { practiceId: number; roles: readonly Role[] }) {
  if (!canManageApiKeys(roles)) {
    return (
      <EmptyMessage title="Only practice admins manage API keys">
        API keys let other systems, such as a practice management system, work with Referwell on the practice’s behalf.
        Ask an admin of the practice if you need one.
      </EmptyMessage>
    );
  }
  return <ApiKeys practiceId={practiceId} />;
}

function ApiKeys({ practiceId }: { practiceId: number }) {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery(practiceId));
  const paged = usePaged(keys.data ?? []);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [deactivating, setDeactivating] = useState<ApiKey | null>(null);

  const setActive = useMutation({
    mutationFn: ({ key, activated }: { key: ApiKey; activated: boolean }) =>
      call(apiKeysApi.updateApiKey, {
        params: { id: key.id },
        body: { practiceId, permissions: key.permissions, activated },
      }),
    onSuccess: async (key) => {
      setDeactivating(null);
      notifications.show({
        color: 'teal',
        message: `${keyLabel(key)} is ${key.activated ? 'active again' : 'deactivated'}`,
      });
      await queryClient.invalidateQueries({ queryKey: practiceSettingsKeys.apiKeys(practiceId) });
    },
    onError: (error, { activated }) => {
      // Deactivation reports in its dialog; reactivation has no dialog.
      if (activated)
        notifications.show({ color: 'red', title: 'Could not reactivate the key', message: errorMessage(error) });
    },
  });

  let content;
  if (keys.isPending) content = <LoadingState label="Loading API keys" />;
  else if (keys.isError) {
    content = (
      <ErrorState
        title="Could not load API keys"
        error={keys.error}
        onRetry={() => void keys.refetch()}
        retrying={keys.isFetching}
      />
    );
  } else if (keys.data.length === 0) {
    content = (
      <EmptyMessage title="No API keys yet">Create one when an integration needs to reach Referwell.</EmptyMessage>
    );
  } else {
    content = (
      <>
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Key</Table.Th>
                <Table.Th>Permissions</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paged.items.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>
                    <Text fw={600}>{key.name || 'Unnamed key'}</Text>
                    <Text size="sm" c="dimmed" ff="monospace">
                      {key.prefix}…
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {key.permissions.map((p) => (
                        <Badge key={p} variant="light" size="sm" title={PERMISSIONS[p].description}>
                          {PERMISSIONS[p].label}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={key.activated ? 'teal' : 'gray'} variant={key.activated ? 'light' : 'outline'}>
                      {key.activated ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <RelativeTime value={key.createdAt} addSuffix withTooltip />
                    </Text>
                    {key.createdBy && (
                      <Text size="sm" c="dimmed">
                        by {key.createdBy.firstName} {key.createdBy.lastName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {key.lastUsedAt ? <RelativeTime value={key.lastUsedAt} addSuffix withTooltip /> : 'Never'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {key.activated ? (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Deactivate ${keyLabel(key)}`}
                        onClick={() => {
                          setActive.reset();
                          setDeactivating(key);
                        }}
                      >
                        Deactivate
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Reactivate ${keyLabel(key)}`}
                        loading={setActive.isPending && setActive.variables?.key.id === key.id}
                        onClick={() => setActive.mutate({ key, activated: true })}
                      >
                        Reactivate
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination {...paged.pagination} label="API key pages" />
      </>
    );
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed">Keys let integrations act for the practice within the permissions you give them.</Text>
        <Button onClick={() => setCreating(true)}>New API key</Button>
      </Group>
      {content}
      <CreateApiKeyModal
        practiceId={practiceId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <ApiKeySecretModal created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={deactivating !== null}
        title={`Deactivate ${deactivating ? keyLabel(deactivating) : 'this key'}?`}
        confirmLabel="Deactivate key"
        onConfirm={() => deactivating && setActive.mutate({ key: deactivating, activated: false })}
        onCancel={() => setDeactivating(null)}
        loading={setActive.isPending}
        error={setActive.error}
      >
        <Text>Integrations using this key stop working at once. You can reactivate it later.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
