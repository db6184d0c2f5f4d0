import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { intakeApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { usePageTitle } from '../../lib/pageTitle';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPagination } from '../../ui/ListPagination';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { BotCard } from './BotCard';
import { BotFormModal } from './BotFormModal';
import { TakenDownBots } from './TakenDownBots';
import { botsQuery, intakeKeys, useIntakeScope, type Bot, type IntakeScope } from './intakeQueries';
import { useIntakeLiveUpdates } from './useIntakeLiveUpdates';

const TITLE = 'Intake';
const DESCRIPTION = 'Public forms patients fill in to reach your practice.';

/** The current practice's intake forms; admins create, change and take them down here. */
export function IntakePage() {
  usePageTitle(TITLE);
  const scope = useIntakeScope();
  if (!scope) return <NoPracticeMessage title={TITLE} description={DESCRIPTION} />;
  return <PracticeBots key={scope.practiceId} scope={scope} />;
}

type Editing = { bot: Bot | null } | null;

function PracticeBots({ scope }: { scope: IntakeScope }) {
  useIntakeLiveUpdates(scope.practiceId);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const bots = useQuery(botsQuery(scope.practiceId, page));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Bot | null>(null);
  // Taking down the last form of the last page leaves nothing to show there.
  if (bots.data && !bots.isPlaceholderData && bots.data.data.length === 0 && page > 0) setPage(page - 1);

  const remove = useMutation({
    mutationFn: (bot: Bot) =>
      call(intakeApi.deleteBot, { params: { id: bot.id }, query: { practiceId: scope.practiceId } }),
    onSuccess: async (_, bot) => {
      setDeleting(null);
      notifications.show({ color: 'teal', message: `${bot.name} is taken down` });
      await queryClient.invalidateQueries({ queryKey: intakeKeys.practice(scope.practiceId) });
    },
  });
  const create = () => setEditing({ bot: null });

  let content;
  if (bots.isPending) content = <LoadingState label="Loading intake forms" />;
  else if (bots.isError) {
    content = (
      <ErrorState
        title="Could not load the intake forms"
        error={bots.error}
        onRetry={() => void bots.refetch()}
        retrying={bots.isFetching}
      />
    );
  } else if (bots.data.count === 0) {
    content = scope.canManage ? (
      <Stack gap={0} align="center">
        <EmptyMessage title="No intake forms yet">
          Create a form, then share its link or put it on your website for patients to fill in.
        </EmptyMessage>
        <Button onClick={create}>New intake form</Button>
      </Stack>
    ) : (
      <EmptyMessage title="No intake forms yet">Practice admins can create forms for patients to fill in.</EmptyMessage>
    );
  } else {
    content = (
      <Stack gap="sm">
        <Stack component="ul" gap="xs" m={0} p={0} aria-label="Intake forms" style={{ listStyle: 'none' }}>
          {bots.data.data.map((bot) => (
            <BotCard
              key={bot.id}
              bot={bot}
              onEdit={scope.canManage ? () => setEditing({ bot }) : undefined}
              onDelete={
                scope.canManage
                  ? () => {
                      remove.reset();
                      setDeleting(bot);
                    }
                  : undefined
              }
            />
          ))}
        </Stack>
        <ListPagination
          label="Intake form pages"
          page={page}
          pageSize={intakeApi.BOTS_PAGE_SIZE}
          count={bots.data.count}
          onChange={setPage}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageHeader title={TITLE} description={`Public forms patients fill in to reach ${scope.practiceName}.`} />
        {/* An empty list offers it in its own place; a failed one has nothing to add to. */}
        {scope.canManage && (bots.data?.count ?? 0) > 0 && <Button onClick={create}>New intake form</Button>}
      </Group>
      {content}
      <TakenDownBots practiceId={scope.practiceId} />
      {scope.canManage && (
        <>
          <BotFormModal
            scope={scope}
            bot={editing?.bot ?? null}
            opened={editing !== null}
            onClose={() => setEditing(null)}
          />
          <ConfirmDialog
            opened={deleting !== null}
            title={`Take ${deleting?.name ?? 'this form'} down?`}
            confirmLabel="Take down"
            onConfirm={() => deleting && remove.mutate(deleting)}
            onCancel={() => setDeleting(null)}
            loading={remove.isPending}
            error={remove.error}
          >
            Patients can no longer send it. Its submissions stay, under Taken down.
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}
