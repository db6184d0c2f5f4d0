import { useState } from 'react';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invitesApi } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { inviteAddress, InvitesTable } from './InvitesTable';
import { ListPagination } from '../../ui/ListPagination';
import { canManageTeam, type TeamScope } from './teamAccess';
import { teamKeys } from './teamQueries';

type Invite = invitesApi.Invite;

const PAGE_SIZE = invitesApi.INVITES_PAGE_SIZE;

/** Admins handle every invite; other inviters only their own (the invites service's rule). */
const mayHandle = (scope: TeamScope, invite: Invite) =>
  canManageTeam(scope.roles) || invite.invitedBy?.id === scope.userId;

export function PendingInvitesTab({ scope }: { scope: TeamScope }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [revoking, setRevoking] = useState<Invite | null>(null);

  const invites = useQuery({
    queryKey: [...teamKeys.invites(scope.practiceId), { page }],
    queryFn: ({ signal }) =>
      call(invitesApi.pendingInvites, { query: { practiceId: scope.practiceId, page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.invites(scope.practiceId) });

  const resend = useMutation({
    mutationFn: (invite: Invite) => call(invitesApi.resendInvite, { params: { id: invite.id } }),
    onSuccess: async (invite) => {
      notifications.show({ color: 'teal', message: `Invite sent again to ${inviteAddress(invite)}` });
      await refresh();
    },
    onError: (error, invite) =>
      notifications.show({
        color: isApiError(error, 429) ? 'yellow' : 'red',
        title: `Could not send the invite to ${inviteAddress(invite)} again`,
        // Invites go out at most once a minute; the general "too many requests" text would not say so.
        message: isApiError(error, 429)
          ? 'It was sent less than a minute ago. Wait a minute, then try again.'
          : errorMessage(error),
      }),
  });

  const revoke = useMutation({
    mutationFn: (invite: Invite) => call(invitesApi.revokeInvite, { params: { id: invite.id } }),
    onSuccess: async (_, invite) => {
      setRevoking(null);
      notifications.show({ color: 'teal', message: `The invite to ${inviteAddress(invite)} was revoked` });
      await refresh();
    },
  });

  // Revoking the last invite of the last page leaves nothing to show there.
  if (invites.data && !invites.isPlaceholderData && invites.data.data.length === 0 && page > 0) setPage(page - 1);

  let content;
  if (invites.isPending) content = <LoadingState label="Loading pending invites" />;
  else if (invites.isError) {
    content = (
      <ErrorState
        title="Could not load pending invites"
        error={invites.error}
        onRetry={() => void invites.refetch()}
        retrying={invites.isFetching}
      />
    );
  } else if (invites.data.data.length === 0) {
    content = (
      <EmptyMessage title="No pending invites">Invites you send appear here until they are accepted.</EmptyMessage>
    );
  } else {
    content = (
      <>
        <InvitesTable
          invites={invites.data.data}
          mayHandle={(invite) => mayHandle(scope, invite)}
          resendingId={resend.isPending ? resend.variables?.id : undefined}
          onResend={(invite) => resend.mutate(invite)}
          onRevoke={(invite) => {
            revoke.reset();
            setRevoking(invite);
          }}
        />
        <ListPagination
          label="Pending invite pages"
          page={page}
          pageSize={PAGE_SIZE}
          count={invites.data.count}
          onChange={setPage}
        />
      </>
    );
  }

  return (
    <Stack gap="md">
      {content}
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this invite?"
        confirmLabel="Revoke invite"
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
        loading={revoke.isPending}
        error={revoke.error}
      >
        The link sent to {revoking ? inviteAddress(revoking) : 'them'} will stop working. You can invite them again
        later.
      </ConfirmDialog>
    </Stack>
  );
}
