import { useId, useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { networksApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { AddPracticePanel } from './AddPracticePanel';
import { AddProviderPanel } from './AddProviderPanel';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import { matchingTimeLabel } from './matchingTime';
import { NetworkForm } from './NetworkForm';
import { NetworkMembers } from './NetworkMembers';
import { dropNetwork, networksKey, useNetworkChange } from './networkQueries';

export type MoveDirection = 'up' | 'down';

/** The id of a tier's move button, so focus can follow the tier after it moves. */
export function moveButtonId(networkId: number, direction: MoveDirection) {
  return `network-${networkId}-move-${direction}`;
}

interface TierCardProps {
  network: networksApi.PracticeNetwork;
  /** 1-based place among the practice's tiers. */
  tier: number;
  total: number;
  practiceId: number;
  canManage: boolean;
  onMove: (direction: MoveDirection) => void;
  onDeleted: () => void;
}

type Panel = 'practice' | 'provider' | null;

/** One tier: its limit and members and, for managers, every change to it. */
export function TierCard({ network, tier, total, practiceId, canManage, onMove, onDeleted }: TierCardProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const update = useNetworkChange(
    practiceId,
    (change: { name: string; matchingTimeLimit: number }) =>
      call(networksApi.updateNetwork, { params: { id: network.id }, body: change }),
    (saved) => `${saved.name} is saved`,
  );
  const remove = useMutation({
    mutationFn: () => call(networksApi.deleteNetwork, { params: { id: network.id } }),
    onSuccess: async () => {
      setDeleting(false);
      dropNetwork(queryClient, practiceId, network.id);
      notifications.show({ color: 'teal', message: `${network.name} is deleted` });
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: networksKey(practiceId) });
    },
  });

  function toggle(which: Exclude<Panel, null>) {
    setPanel((open) => (open === which ? null : which));
  }

  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          {/* Narrow screens put the move buttons under the name rather than squeezing it. */}
          <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
            <Title order={3} size="h4" id={titleId}>
              <Text span inherit c="teal.9">
                Tier {tier} ·{' '}
              </Text>
              {network.name}
            </Title>
            <Text size="sm" c="dimmed">
              Matching time limit: {matchingTimeLabel(network.matchingTimeLimit)}
            </Text>
          </Stack>
          {canManage && (
            <Group gap="xs">
              <Button
                id={moveButtonId(network.id, 'up')}
                size="xs"
                variant="default"
                disabled={tier === 1}
                aria-label={`Move ${network.name} up`}
                onClick={() => onMove('up')}
              >
                Move up
              </Button>
              <Button
                id={moveButtonId(network.id, 'down')}
                size="xs"
                variant="default"
                disabled={tier === total}
                aria-label={`Move ${network.name} down`}
                onClick={() => onMove('down')}
              >
                Move down
              </Button>
            </Group>
          )}
        </Group>
        <NetworkMembers network={network} practiceId={practiceId} canManage={canManage} />
        {canManage && (
          <>
            <Group gap="xs">
              <Button size="xs" variant="light" aria-expanded={panel === 'practice'} onClick={() => toggle('practice')}>
                Add a practice
              </Button>
              <Button size="xs" variant="light" aria-expanded={panel === 'provider'} onClick={() => toggle('provider')}>
                Add a provider
              </Button>
              <EditDeleteButtons
                name={network.name}
                onEdit={() => setEditing(true)}
                onDelete={() => {
                  remove.reset();
                  setDeleting(true);
                }}
              />
            </Group>
            {panel === 'practice' && <AddPracticePanel network={network} practiceId={practiceId} />}
            {panel === 'provider' && <AddProviderPanel network={network} practiceId={practiceId} />}
          </>
        )}
      </Stack>
      <Modal opened={editing} onClose={() => setEditing(false)} title={`Edit ${network.name}`} centered>
        <NetworkForm
          initialValues={{ name: network.name, matchingTimeLimit: network.matchingTimeLimit }}
          submitLabel="Save network"
          save={update.mutateAsync}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title="Delete this network?"
        confirmLabel="Delete network"
        onConfirm={() => remove.mutate()}
        onCancel={() => setDeleting(false)}
        loading={remove.isPending}
        error={remove.error}
      >
        {`${network.name} (tier ${tier}) and its list of practices and providers will be deleted. Referrals will no longer be offered to it, and the tiers after it move up.`}
      </ConfirmDialog>
    </Paper>
  );
}
