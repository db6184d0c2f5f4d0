import { useId, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { currentUserQuery } from '../../lib/currentUser';
import { practicesQuery } from '../../lib/practicesQuery';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { teamKeys } from './teamQueries';
import type { TeamScope } from './teamAccess';

/**
 * The team page's danger zone: leaving the practice, at the bottom where it is found when looked
 * for and not hit on the way to something else (it sat beside the team search).
 */
export function LeavePracticeSection({ scope }: { scope: TeamScope }) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const leave = useMutation({
    mutationFn: () => call(practicesApi.leave, { params: { id: scope.practiceId } }),
    onSuccess: async () => {
      setConfirming(false);
      notifications.show({ color: 'teal', message: `You left ${scope.practiceName}` });
      // Away from this page first, so nothing asks for the team of a practice we are no longer in.
      await navigate('/');
      queryClient.removeQueries({ queryKey: teamKeys.all(scope.practiceId) });
      // The server may have cleared the current practice too; the header and home page follow it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: practicesQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }),
      ]);
    },
  });

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      mt="xl"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Title order={2} size="h4" id={titleId} c="red.9">
        Danger zone
      </Title>
      <Group justify="space-between" align="center" gap="md" mt="sm">
        <Stack gap={2} style={{ flex: '1 1 16rem' }}>
          <Text fw={600}>Leave {scope.practiceName}</Text>
          <Text size="sm" c="dimmed">
            You lose access to its referrals, patients, chats and team at once.
          </Text>
        </Stack>
        <Button
          variant="outline"
          color="red"
          onClick={() => {
            leave.reset();
            setConfirming(true);
          }}
        >
          Leave practice
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={`Leave ${scope.practiceName}?`}
        confirmLabel="Leave practice"
        onConfirm={() => leave.mutate()}
        onCancel={() => setConfirming(false)}
        loading={leave.isPending}
        error={leave.error}
      >
        You will lose every role you hold in {scope.practiceName} and leave its departments and networks, and you will
        no longer see its referrals, patients, chats or team. Your own account stays as it is. To come back you will
        need a new invite or an approved request to join.
      </ConfirmDialog>
    </Paper>
  );
}
