import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { invitesApi, type ResponseOf } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { practicesQuery } from '../../lib/practicesQuery';
import { inviteTargetName } from './describeInvite';
import { useLandInPractice } from './landInPractice';

type InviteView = invitesApi.InviteView;
type Accepted = ResponseOf<typeof invitesApi.acceptInvite>;

// Only a practice's admins may add it to a network (the networks.manage rule).
const NETWORK_ROLES = new Set(['ADMIN', 'THIRD_PARTY_ADMIN']);

interface InviteResponseButtonsProps {
  invite: InviteView;
  /** The code from the link; the invitee's own list needs none. */
  code?: string;
  canAccept?: boolean;
  onAccepted?: (result: Accepted) => void | Promise<void>;
  onDeclined?: () => void | Promise<void>;
}

function acceptedMessage(invite: InviteView, result: Accepted, practiceName: string | undefined): string {
  if (result.target === 'NETWORK') return `${practiceName ?? 'Your practice'} joined ${inviteTargetName(invite)}.`;
  if (result.target === 'ORGANISATION') return `You joined ${inviteTargetName(invite)}.`;
  if (invite.type === 'PATIENT') return `You are connected with ${inviteTargetName(invite)}.`;
  return `You joined ${inviteTargetName(invite)} and are now working in it.`;
}

/** Accept and Decline for one invite; declining asks first, a network invite asks which practice joins. */
export function InviteResponseButtons(props: InviteResponseButtonsProps) {
  const { invite, code, canAccept = true, onAccepted, onDeclined } = props;
  const land = useLandInPractice();
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const isNetwork = invite.target === 'NETWORK';
  const practices = useQuery({ ...practicesQuery(), enabled: isNetwork && canAccept });
  const ownPractices = (practices.data ?? []).filter(
    (m) => m.roles.some((role) => NETWORK_ROLES.has(role)) && m.practice.id !== invite.network?.practice.id,
  );
  const [networkPracticeId, setNetworkPracticeId] = useState<string | null>(null);
  const chosenPracticeId =
    networkPracticeId ?? (ownPractices.length === 1 ? String(ownPractices[0].practice.id) : null);

  const accept = useMutation({
    mutationFn: () =>
      call(invitesApi.acceptInvite, {
        params: { id: invite.id },
        body: { code, practiceId: isNetwork && chosenPracticeId ? Number(chosenPracticeId) : undefined },
      }),
    onSuccess: async (result) => {
      await land(result.target === 'PRACTICE' && invite.type !== 'PATIENT' ? result.practiceId : null);
      const practiceName = ownPractices.find((m) => m.practice.id === result.practiceId)?.practice.name;
      notifications.show({
        color: 'teal',
        title: 'Invite accepted',
        message: acceptedMessage(invite, result, practiceName),
      });
      await onAccepted?.(result);
    },
  });

  const decline = useMutation({
    mutationFn: () => call(invitesApi.declineInvite, { params: { id: invite.id }, body: { code } }),
    onSuccess: async () => {
      setConfirmingDecline(false);
      notifications.show({ color: 'teal', message: 'Invite declined' });
      await onDeclined?.();
    },
  });

  const networkBlocked = isNetwork && ownPractices.length === 0 && practices.isSuccess;

  return (
    <Stack gap="sm">
      {isNetwork && canAccept && ownPractices.length > 0 && (
        <Select
          label="Practice to add to the network"
          placeholder="Choose one of your practices"
          data={ownPractices.map((m) => ({ value: String(m.practice.id), label: m.practice.name }))}
          value={chosenPracticeId}
          onChange={setNetworkPracticeId}
          allowDeselect={false}
        />
      )}
      {networkBlocked && (
        <Text size="sm" c="dimmed">
          Only an admin of a practice can add it to a network, and you are not an admin of any practice that could join.
        </Text>
      )}
      {accept.isError && (
        <Alert color="red" role="alert" variant="light" title="Could not accept the invite">
          {errorMessage(accept.error)}
        </Alert>
      )}
      <Group gap="sm">
        {canAccept && (
          <Button
            onClick={() => accept.mutate()}
            loading={accept.isPending}
            disabled={(isNetwork && !chosenPracticeId) || decline.isPending}
            aria-label={`Accept the invite to ${inviteTargetName(invite)}`}
          >
            Accept
          </Button>
        )}
        <Button
          variant="default"
          onClick={() => {
            decline.reset();
            setConfirmingDecline(true);
          }}
          disabled={accept.isPending}
          aria-label={`Decline the invite to ${inviteTargetName(invite)}`}
        >
          Decline
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirmingDecline}
        title="Decline this invite?"
        confirmLabel="Decline invite"
        onConfirm={() => decline.mutate()}
        onCancel={() => setConfirmingDecline(false)}
        loading={decline.isPending}
        error={decline.isError ? decline.error : undefined}
      >
        The invite to {inviteTargetName(invite)} stops working. To join later you would need a new invite or a join
        request.
      </ConfirmDialog>
    </Stack>
  );
}
