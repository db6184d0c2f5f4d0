import { useState } from 'react';
import { Button, Group, Stack, Switch, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { joinRequestsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { personName } from '../../lib/names';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { JoinRequestCard } from './JoinRequestCard';
import { refreshTeam, teamKeys } from './teamQueries';
import type { TeamScope } from './teamAccess';

type JoinRequest = joinRequestsApi.JoinRequest;
type Decision = 'APPROVED' | 'REJECTED';

const PAGE_SIZE = joinRequestsApi.JOIN_REQUESTS_PAGE_SIZE;

/** Pending requests to join the practice for its admins; answered ones behind a History switch. */
export function JoinRequestsTab({ scope }: { scope: TeamScope }) {
  const queryClient = useQueryClient();
  const [showHistory, setShowHistory] = useState(false);
  const [rejecting, setRejecting] = useState<JoinRequest | null>(null);

  // The server lists pending requests first, so loading page by page reaches all of them before any history.
  const requests = useInfiniteQuery({
    queryKey: teamKeys.joinRequests(scope.practiceId),
    queryFn: ({ pageParam, signal }) =>
      call(joinRequestsApi.listJoinRequests, {
        query: { practiceId: scope.practiceId, page: pageParam, pageSize: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, all) => (all.length * PAGE_SIZE < last.count ? all.length : undefined),
  });

  const decide = useMutation({
    mutationFn: ({ request, state }: { request: JoinRequest; state: Decision }) =>
      call(joinRequestsApi.updateJoinRequest, { params: { id: request.id }, body: { state } }),
    onSuccess: async (_, { request, state }) => {
      setRejecting(null);
      const name = personName(request.requestedBy);
      notifications.show({
        color: 'teal',
        message: state === 'APPROVED' ? `${name} joined ${scope.practiceName}` : `You turned down ${name}’s request`,
      });
      await refreshTeam(queryClient, scope.practiceId);
    },
    onError: (error, { state }) => {
      // A rejection shows its failure in its dialog.
      if (state === 'APPROVED')
        notifications.show({ color: 'red', title: 'Could not approve the request', message: errorMessage(error) });
    },
  });

  if (requests.isPending) return <LoadingState label="Loading join requests" />;
  if (requests.isError) {
    return (
      <ErrorState
        title="Could not load join requests"
        error={requests.error}
        onRetry={() => void requests.refetch()}
        retrying={requests.isFetching}
      />
    );
  }

  const all = requests.data.pages.flatMap((page) => page.data);
  const pending = all.filter((request) => request.state === 'PENDING');
  const history = all.filter((request) => request.state !== 'PENDING');
  // While only pending requests are shown, more pages matter only if the last one loaded was still pending.
  const morePending = all.at(-1)?.state === 'PENDING';
  const canLoadMore = requests.hasNextPage && (showHistory || morePending);
  const deciding = (request: JoinRequest) =>
    decide.isPending && decide.variables.request.id === request.id ? decide.variables.state : null;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Waiting for an answer
        </Title>
        <Switch
          label="Show history"
          checked={showHistory}
          onChange={(event) => setShowHistory(event.currentTarget.checked)}
        />
      </Group>
      {pending.length === 0 && !canLoadMore ? (
        <EmptyMessage title="No pending join requests">
          People who ask to join {scope.practiceName} appear here.
        </EmptyMessage>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pending join requests">
          {pending.map((request) => (
            <JoinRequestCard
              key={request.id}
              request={request}
              deciding={deciding(request)}
              onApprove={() => decide.mutate({ request, state: 'APPROVED' })}
              onReject={() => {
                decide.reset();
                setRejecting(request);
              }}
            />
          ))}
        </Stack>
      )}
      {showHistory && (
        <>
          <Title order={2} size="h4">
            History
          </Title>
          {history.length === 0 ? (
            <EmptyMessage title="No answered requests yet" />
          ) : (
            <Stack
              component="ul"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Answered join requests"
            >
              {history.map((request) => (
                <JoinRequestCard key={request.id} request={request} />
              ))}
            </Stack>
          )}
        </>
      )}
      {canLoadMore && (
        <Group>
          <Button variant="default" onClick={() => void requests.fetchNextPage()} loading={requests.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={rejecting !== null}
        title="Reject this request?"
        confirmLabel="Reject request"
        onConfirm={() => rejecting && decide.mutate({ request: rejecting, state: 'REJECTED' })}
        onCancel={() => setRejecting(null)}
        loading={decide.isPending}
        error={decide.variables?.state === 'REJECTED' ? decide.error : null}
      >
        {rejecting ? personName(rejecting.requestedBy) : 'They'} will not join {scope.practiceName}. They can ask again
        later.
      </ConfirmDialog>
    </Stack>
  );
}
