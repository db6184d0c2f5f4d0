import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organisationsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { MY_ORGANISATIONS_KEY, organisationKey, practiceQuery } from './organisationQueries';

/**
 * Offers to bring the current practice in. Both sides must agree, so only someone who administers
 * the organisation and is an ADMIN of the practice sees it.
 */
export function AttachCurrentPractice({
  organisationId,
  organisationName,
}: {
  organisationId: number;
  organisationName: string;
}) {
  const current = useSession((s) => s.currentPractice);
  const isPracticeAdmin = current?.roles.includes('ADMIN') ?? false;
  const queryClient = useQueryClient();
  const practice = useQuery({ ...practiceQuery(current?.practice.id ?? 0), enabled: isPracticeAdmin });
  const attach = useMutation({
    mutationFn: (practiceId: number) =>
      call(organisationsApi.attachPractice, { params: { id: organisationId }, body: { practiceId } }),
    onSuccess: async (attached) => {
      notifications.show({ color: 'teal', message: `${attached.name} is now part of ${organisationName}` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organisationKey(organisationId) }),
        queryClient.invalidateQueries({ queryKey: practiceQuery(attached.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: MY_ORGANISATIONS_KEY }),
      ]);
    },
  });

  if (!current || !isPracticeAdmin || !practice.data) return null;
  const { organisationId: belongsTo } = practice.data;
  if (belongsTo === organisationId) return null;
  if (belongsTo !== null) {
    return (
      <Text size="sm" c="dimmed">
        {current.practice.name} belongs to another organisation; it must leave that one before it can join{' '}
        {organisationName}.
      </Text>
    );
  }
  return (
    <>
      <Group>
        <Button variant="light" loading={attach.isPending} onClick={() => attach.mutate(current.practice.id)}>
          Add {current.practice.name} to this organisation
        </Button>
      </Group>
      {attach.isError && (
        <Alert color="red" role="alert" variant="light">
          {errorMessage(attach.error)}
        </Alert>
      )}
    </>
  );
}
