import { Paper, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { myInvitesQuery, InviteResponseButtons, InviteSummary } from '../invites';
import { ShowMore } from './ShowMore';

/** Pending invites sent to the user, to accept or decline here. */
export function MyInvites() {
  const queryClient = useQueryClient();
  const invites = useQuery(myInvitesQuery());

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: ['invites', 'mine'] });
    await queryClient.invalidateQueries({ queryKey: ['joinRequests'] });
  }

  if (invites.isPending) return <LoadingState label="Loading your invites" />;
  if (invites.isError) {
    return (
      <ErrorState
        title="Could not load your invites"
        error={invites.error}
        onRetry={() => void invites.refetch()}
        retrying={invites.isFetching}
      />
    );
  }
  if (invites.data.length === 0) {
    return <EmptyMessage title="No invites waiting">Invites sent to your e-mail or phone appear here.</EmptyMessage>;
  }
  return (
    <ShowMore items={invites.data} label="Invites for you">
      {(invite) => (
        <Paper component="li" key={invite.id} withBorder radius="md" p="md">
          <Stack gap="md">
            <InviteSummary invite={invite} headingOrder={3} />
            <InviteResponseButtons invite={invite} onAccepted={refresh} onDeclined={refresh} />
          </Stack>
        </Paper>
      )}
    </ShowMore>
  );
}
