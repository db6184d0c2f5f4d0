import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { networksApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { matchingTimeLabel } from './matchingTime';
import { NetworkMembers } from './NetworkMembers';
import { useNetworkChange } from './networkQueries';

interface MemberOfListProps {
  networks: networksApi.PracticeNetwork[];
  practiceId: number;
  practiceName: string;
  /** Admins of a member practice may take it out of another practice's network. */
  canLeave: boolean;
  onLeft: () => void;
}

/** Other practices' networks that include this practice; only their owners change them. */
export function MemberOfList({ networks, practiceId, practiceName, canLeave, onLeft }: MemberOfListProps) {
  const [leaving, setLeaving] = useState<networksApi.PracticeNetwork | null>(null);
  const leave = useNetworkChange(
    practiceId,
    (network: networksApi.PracticeNetwork) =>
      call(networksApi.removeNetworkPractice, { params: { id: network.id }, body: { practiceId } }),
    (network) => `${practiceName} left ${network.name}`,
  );

  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {networks.map((network) => (
        <Paper
          component="li"
          key={network.id}
          withBorder
          radius="md"
          p="md"
          aria-label={`${network.name}, run by ${network.practice.name}`}
        >
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" gap="sm">
              <div style={{ minWidth: 0, flex: 1 }}>
                <Title order={3} size="h4">
                  {network.name}
                </Title>
                <Text size="sm" c="dimmed">
                  Run by {network.practice.name} (their tier {network.order + 1}) · matching time limit{' '}
                  {matchingTimeLabel(network.matchingTimeLimit)}
                </Text>
              </div>
              {canLeave && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={`Leave ${network.name}`}
                  onClick={() => {
                    leave.reset();
                    setLeaving(network);
                  }}
                >
                  Leave
                </Button>
              )}
            </Group>
            <NetworkMembers network={network} practiceId={practiceId} canManage={false} />
          </Stack>
        </Paper>
      ))}
      <ConfirmDialog
        opened={leaving !== null}
        title="Leave this network?"
        confirmLabel="Leave network"
        onConfirm={() =>
          leaving &&
          leave.mutate(leaving, {
            onSuccess: () => {
              setLeaving(null);
              onLeft();
            },
          })
        }
        onCancel={() => setLeaving(null)}
        loading={leave.isPending}
        error={leave.error}
      >
        {`${practiceName} will no longer receive referrals through ${leaving?.name ?? 'this network'}. Only ${leaving?.practice.name ?? 'its owner'} can add it back.`}
      </ConfirmDialog>
    </Stack>
  );
}
