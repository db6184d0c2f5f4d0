import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatPhone, type invitesApi } from '@referwell/contracts';
import { formatDate } from '../../lib/dates';
import { personName } from '../../lib/names';
import { RelativeTime } from '../../ui/RelativeTime';
import { roleLabel } from '../../lib/roles';

type Invite = invitesApi.Invite;

export const inviteAddress = (invite: Invite) =>
  invite.email ?? (invite.phone && formatPhone(invite.phone)) ?? 'an unknown address';

const TYPE_LABELS: Record<Invite['type'], string> = { PROVIDER: 'Provider', PATIENT: 'Patient', VENDOR: 'Vendor' };

interface InvitesTableProps {
  invites: Invite[];
  mayHandle: (invite: Invite) => boolean;
  resendingId?: number;
  onResend: (invite: Invite) => void;
  onRevoke: (invite: Invite) => void;
}

export function InvitesTable({ invites, mayHandle, resendingId, onResend, onRevoke }: InvitesTableProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Sent to</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Invited by</Table.Th>
            <Table.Th scope="col">Sent</Table.Th>
            <Table.Th scope="col">Expires</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => {
            const address = inviteAddress(invite);
            return (
              <Table.Tr key={invite.id}>
                <Table.Th scope="row" fw={600}>
                  {address}
                  {invite.target === 'NETWORK' && (
                    <Text size="xs" c="dimmed" fw={400}>
                      To one of the practice’s networks
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>{TYPE_LABELS[invite.type]}</Table.Td>
                <Table.Td>{invite.role ? roleLabel(invite.role) : '—'}</Table.Td>
                <Table.Td>{invite.invitedBy ? personName(invite.invitedBy) : '—'}</Table.Td>
                <Table.Td>
                  <RelativeTime value={invite.lastSentAt} addSuffix withTooltip />
                </Table.Td>
                <Table.Td>
                  {invite.expired ? (
                    <Badge color="orange" variant="light">
                      Expired
                    </Badge>
                  ) : (
                    formatDate(invite.expiresAt, 'FullSmallNoDay')
                  )}
                </Table.Td>
                <Table.Td>
                  {mayHandle(invite) && (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        loading={resendingId === invite.id}
                        onClick={() => onResend(invite)}
                        aria-label={`Resend the invite to ${address}`}
                      >
                        Resend
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => onRevoke(invite)}
                        aria-label={`Revoke the invite to ${address}`}
                      >
                        Revoke
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
