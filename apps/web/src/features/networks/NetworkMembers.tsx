import { useRef, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { networksApi, type PracticeSummary } from '@referwell/contracts';
import { call } from '../../lib/api';
import { personName } from '../../lib/names';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useNetworkChange } from './networkQueries';

type Removal = { kind: 'practice'; practice: PracticeSummary } | { kind: 'provider'; userId: number; name: string };

interface NetworkMembersProps {
  network: networksApi.NetworkDetail;
  practiceId: number;
  canManage: boolean;
}

/** The network's member practices and providers, each removable (after confirming) by its managers. */
export function NetworkMembers({ network, practiceId, canManage }: NetworkMembersProps) {
  const [removing, setRemoving] = useState<Removal | null>(null);
  // The removed row held the focus; its list's heading takes it instead.
  const practicesHeading = useRef<HTMLHeadingElement>(null);
  const providersHeading = useRef<HTMLHeadingElement>(null);
  const remove = useNetworkChange(
    practiceId,
    (removal: Removal) =>
      removal.kind === 'practice'
        ? call(networksApi.removeNetworkPractice, {
            params: { id: network.id },
            body: { practiceId: removal.practice.id },
          })
        : call(networksApi.removeNetworkProvider, { params: { id: network.id }, body: { userId: removal.userId } }),
    (_, removal) =>
      `${removal.kind === 'practice' ? removal.practice.name : removal.name} removed from ${network.name}`,
  );

  function ask(removal: Removal) {
    remove.reset();
    setRemoving(removal);
  }

  const removingName = removing?.kind === 'practice' ? removing.practice.name : removing?.name;

  return (
    <Stack gap="sm">
      <div>
        <Title order={4} size="h5" ref={practicesHeading} tabIndex={-1}>
          Member practices ({network.practices.length})
        </Title>
        {network.practices.length === 0 ? (
          <Text size="sm" c="dimmed">
            No other practices yet.
          </Text>
        ) : (
          <Stack component="ul" gap={6} p={0} m={0} mt={6} style={{ listStyle: 'none' }}>
            {network.practices.map((practice) => (
              <Group component="li" key={practice.id} justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end">
                    {practice.name}
                  </Text>
                  {practice.address && (
                    <Text size="xs" c="dimmed" truncate="end">
                      {practice.address}
                    </Text>
                  )}
                </div>
                {canManage && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${practice.name} from ${network.name}`}
                    onClick={() => ask({ kind: 'practice', practice })}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </div>
      <div>
        <Title order={4} size="h5" ref={providersHeading} tabIndex={-1}>
          Providers ({network.providers.length})
        </Title>
        {network.providers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No individual providers yet.
          </Text>
        ) : (
          <Stack component="ul" gap={6} p={0} m={0} mt={6} style={{ listStyle: 'none' }}>
            {network.providers.map(({ user, practice }) => (
              <Group component="li" key={user.id} justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" truncate="end" miw={0}>
                  <Text span fw={500} inherit>
                    {personName(user)}
                  </Text>
                  {' · '}
                  {practice.name}
                </Text>
                {canManage && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${personName(user)} from ${network.name}`}
                    onClick={() => ask({ kind: 'provider', userId: user.id, name: personName(user) })}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </div>
      <ConfirmDialog
        opened={removing !== null}
        title={removing?.kind === 'practice' ? 'Remove this practice?' : 'Remove this provider?'}
        confirmLabel="Remove"
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: (_, removal) => {
              setRemoving(null);
              (removal.kind === 'practice' ? practicesHeading : providersHeading).current?.focus();
            },
          })
        }
        onCancel={() => setRemoving(null)}
        loading={remove.isPending}
        error={remove.error}
      >
        {removing?.kind === 'practice'
          ? `${removingName} will no longer be offered referrals through ${network.name}, and providers reached through it leave the network too.`
          : `${removingName} will no longer be offered referrals through ${network.name}.`}
      </ConfirmDialog>
    </Stack>
  );
}
