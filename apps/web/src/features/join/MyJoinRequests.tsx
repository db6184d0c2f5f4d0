import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { joinRequestsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { RelativeTime } from '../../ui/RelativeTime';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { availablePracticesQuery } from './joinQueries';
import { ShowMore } from './ShowMore';

interface Pending {
  id: number;
  createdAt: number;
  practiceName: string;
  address: string | null;
}

/** The user's own pending join requests, which they may withdraw. */
export function MyJoinRequests() {
  const queryClient = useQueryClient();
  const available = useQuery(availablePracticesQuery());
  const [withdrawing, setWithdrawing] = useState<Pending | null>(null);

  const withdraw = useMutation({
    mutationFn: (request: Pending) =>
      call(joinRequestsApi.updateJoinRequest, { params: { id: request.id }, body: { state: 'REMOVED' } }),
    onSuccess: async (_, request) => {
      setWithdrawing(null);
      notifications.show({ color: 'teal', message: `Withdrew your request to join ${request.practiceName}` });
      await queryClient.invalidateQueries({ queryKey: ['joinRequests'] });
    },
  });

  if (available.isPending) return <LoadingState label="Loading your join requests" />;
  if (available.isError) {
    return (
      <ErrorState
        title="Could not load your join requests"
        error={available.error}
        onRetry={() => void available.refetch()}
        retrying={available.isFetching}
      />
    );
  }
  const pending: Pending[] = available.data.flatMap(({ practice, joinRequest }) =>
    joinRequest
      ? [
          {
            id: joinRequest.id,
            createdAt: joinRequest.createdAt,
            practiceName: practice.name,
            address: practice.address,
          },
        ]
      : [],
  );
  if (pending.length === 0) {
    return (
      <EmptyMessage title="No pending join requests">Requests you send wait here until an admin answers.</EmptyMessage>
    );
  }

  return (
    <>
      <ShowMore items={pending} label="Your pending join requests">
        {(request) => (
          <Paper component="li" key={request.id} withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text fw={600}>{request.practiceName}</Text>
                {request.address && (
                  <Text size="sm" c="dimmed">
                    {request.address}
                  </Text>
                )}
                <Text size="sm">
                  Requested <RelativeTime value={request.createdAt} addSuffix withTooltip /> · waiting for an admin
                </Text>
              </Stack>
              <Button
                variant="light"
                color="red"
                size="xs"
                onClick={() => {
                  withdraw.reset();
                  setWithdrawing(request);
                }}
                aria-label={`Withdraw your request to join ${request.practiceName}`}
              >
                Withdraw
              </Button>
            </Group>
          </Paper>
        )}
      </ShowMore>
      <ConfirmDialog
        opened={withdrawing !== null}
        title="Withdraw this join request?"
        confirmLabel="Withdraw request"
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing)}
        onCancel={() => setWithdrawing(null)}
        loading={withdraw.isPending}
        error={withdraw.isError ? withdraw.error : undefined}
      >
        The admins of {withdrawing?.practiceName} will no longer see your request. You can ask again later.
      </ConfirmDialog>
    </>
  );
}
