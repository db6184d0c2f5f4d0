import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { joinRequestsApi } from '@referwell/contracts';
import { personName, titledName } from '../../lib/names';
import { RelativeTime } from '../../ui/RelativeTime';

type JoinRequest = joinRequestsApi.JoinRequest;

const STATE_LABELS: Record<JoinRequest['state'], { label: string; color: string }> = {
  PENDING: { label: 'Pending', color: 'blue' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
  REMOVED: { label: 'Withdrawn', color: 'gray' },
};

interface JoinRequestCardProps {
  request: JoinRequest;
  /** Which answer is being sent for this request, if any. */
  deciding?: 'APPROVED' | 'REJECTED' | null;
  /** Without these the card is history: it shows the outcome instead of buttons. */
  onApprove?: () => void;
  onReject?: () => void;
}

export function JoinRequestCard({ request, deciding, onApprove, onReject }: JoinRequestCardProps) {
  const name = personName(request.requestedBy);
  const state = STATE_LABELS[request.state];
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            <Text fw={600}>{titledName(request.requestedBy)}</Text>
            {request.state !== 'PENDING' && (
              <Badge color={state.color} variant="light">
                {state.label}
              </Badge>
            )}
          </Group>
          {request.message ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.message}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              No message
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Asked <RelativeTime value={request.createdAt} addSuffix withTooltip />
            {request.state !== 'PENDING' && (
              <>
                {' · '}
                {state.label} <RelativeTime value={request.updatedAt} addSuffix withTooltip />
              </>
            )}
          </Text>
        </Stack>
        {onApprove && onReject && (
          <Group gap="xs">
            <Button
              size="xs"
              onClick={onApprove}
              loading={deciding === 'APPROVED'}
              disabled={deciding === 'REJECTED'}
              aria-label={`Approve ${name}`}
            >
              Approve
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={onReject}
              disabled={Boolean(deciding)}
              aria-label={`Reject ${name}`}
            >
              Reject
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
