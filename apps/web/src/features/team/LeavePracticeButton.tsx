import { useState } from 'react';
import { Button } from '@mantine/core';
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

export function LeavePracticeButton({ scope }: { scope: TeamScope }) {
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
    <>
      <Button
        variant="light"
        color="red"
        onClick={() => {
          leave.reset();
          setConfirming(true);
        }}
      >
        Leave practice
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={`Leave ${scope.practiceName}?`}
        confirmLabel="Leave practice"
        onConfirm={() => leave.mutate()}
        onCancel={() => setConfirming(false)}
        loading={leave.isPending}
        error={leave.error}
      >
        You will no longer see its referrals, chats or team. To come back you will need a new invite or an approved
        request to join.
      </ConfirmDialog>
    </>
  );
}
