import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, type SessionInfo } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { logout } from '../../lib/logout';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../lib/pageTitle';
import { RelativeTime } from '../../ui/RelativeTime';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { appLabel, describeDevice } from './describeDevice';

function byCurrentThenRecent(a: SessionInfo, b: SessionInfo): number {
  return Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt;
}

export function SessionsPage() {
  usePageTitle('Sessions');
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<SessionInfo | null>(null);
  const sessions = useQuery({
    queryKey: ['sessions'],
    queryFn: ({ signal }) => call(authApi.listSessions, { signal }),
  });

  const end = useMutation({
    mutationFn: (session: SessionInfo) => call(authApi.endSession, { body: { uuid: session.uuid } }),
    onSuccess: async (_, session) => {
      setEnding(null);
      if (session.current) {
        notifications.show({ color: 'teal', message: 'You are signed out of this device' });
        await logout();
        return;
      }
      notifications.show({ color: 'teal', message: `Ended the session on ${describeDevice(session.device)}` });
      await queryClient.invalidateQueries({ queryKey: ['sessions'] });
    },
  });

  function confirmEnd(session: SessionInfo) {
    end.reset();
    setEnding(session);
  }

  let content;
  if (sessions.isPending) content = <LoadingState label="Loading your sessions" />;
  else if (sessions.isError) {
    content = (
      <ErrorState
        title="Could not load your sessions"
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    );
  } else if (sessions.data.length === 0) {
    content = <EmptyMessage title="No active sessions" />;
  } else {
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {[...sessions.data].sort(byCurrentThenRecent).map((session) => (
          <SessionRow key={session.uuid} session={session} onEnd={() => confirmEnd(session)} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        title="Sessions"
        description="Devices where you are signed in. End any session you do not recognise."
      />
      {content}
      <Modal
        opened={ending !== null}
        onClose={() => setEnding(null)}
        title={ending?.current ? 'Sign out of this device?' : 'End this session?'}
        centered
      >
        <Stack>
          <Text>
            {ending?.current
              ? 'This is the device you are using now. Ending its session signs you out here.'
              : `${ending ? describeDevice(ending.device) : 'That device'} will be signed out and will need to sign in again.`}
          </Text>
          {end.isError && (
            <Alert color="red" role="alert" variant="light">
              {errorMessage(end.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(null)}>
              Cancel
            </Button>
            <Button color="red" loading={end.isPending} onClick={() => ending && end.mutate(ending)}>
              End session
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function SessionRow({ session, onEnd }: { session: SessionInfo; onEnd: () => void }) {
  const device = describeDevice(session.device);
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            <Text fw={600}>{device}</Text>
            {session.current && (
              <Badge color="teal" variant="light">
                This device
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" truncate="end" title={session.device}>
            {appLabel(session.app)} · IP {session.ip}
          </Text>
          <Text size="sm">
            Signed in <RelativeTime value={session.createdAt} addSuffix withTooltip />
            {' · '}
            Last active <RelativeTime value={session.lastSeenAt} addSuffix withTooltip />
          </Text>
        </Stack>
        <Button variant="light" color="red" size="xs" onClick={onEnd} aria-label={`End session on ${device}`}>
          End session
        </Button>
      </Group>
    </Paper>
  );
}
