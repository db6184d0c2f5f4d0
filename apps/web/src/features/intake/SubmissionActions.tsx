import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { personName } from '../../lib/names';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { chatPaths } from '../chats';
import type { IntakeScope, Submission } from './intakeQueries';
import { useSubmissionMutations } from './submissionMutations';

/**
 * Accept or reject a new submission, archive or bring it back, and answer the patient by chat.
 * One change at a time: every button waits while any is on its way.
 */
export function SubmissionActions({ scope, submission }: { scope: IntakeScope; submission: Submission }) {
  const mutations = useSubmissionMutations(scope, submission.id);
  const navigate = useNavigate();
  const [rejecting, setRejecting] = useState(false);
  const name = personName(submission);
  const { accept, reject, archive, startChat } = mutations;
  const busy = [accept, reject, archive, startChat].some((m) => m.isPending);
  const failed = [accept, archive, startChat].find((m) => m.isError);
  const done = (message: string) => notifications.show({ color: 'teal', message });
  const resetAll = () => [accept, reject, archive, startChat].forEach((m) => m.reset());

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" role="group" aria-label="Submission actions">
        {submission.status === 'NEW' && (
          <>
            <Button
              loading={accept.isPending}
              disabled={busy}
              onClick={() => {
                resetAll();
                accept.mutate(undefined, { onSuccess: () => done(`Accepted. ${name} is in your patients.`) });
              }}
            >
              Accept
            </Button>
            <Button
              color="red"
              variant="outline"
              disabled={busy}
              onClick={() => {
                resetAll();
                setRejecting(true);
              }}
            >
              Reject
            </Button>
          </>
        )}
        {submission.chatId !== null ? (
          <Button variant="light" component={Link} to={chatPaths.chat(submission.chatId)}>
            Open chat
          </Button>
        ) : (
          <Button
            variant="light"
            loading={startChat.isPending}
            disabled={busy}
            onClick={() => {
              resetAll();
              startChat.mutate(undefined, { onSuccess: (chat) => void navigate(chatPaths.chat(chat.id)) });
            }}
          >
            Start chat
          </Button>
        )}
        <Button
          variant="default"
          loading={archive.isPending}
          disabled={busy}
          onClick={() => {
            resetAll();
            const archived = !submission.archived;
            archive.mutate(archived, {
              onSuccess: () => done(archived ? 'Submission archived' : 'Submission moved back from the archive'),
            });
          }}
        >
          {submission.archived ? 'Unarchive' : 'Archive'}
        </Button>
      </Group>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(failed.error)}
        </Text>
      )}
      <ConfirmDialog
        opened={rejecting}
        title="Reject this submission?"
        confirmLabel="Reject submission"
        onCancel={() => setRejecting(false)}
        loading={reject.isPending}
        error={reject.error}
        onConfirm={() =>
          reject.mutate(undefined, {
            onSuccess: () => {
              setRejecting(false);
              done(`${name}'s submission is rejected`);
            },
          })
        }
      >
        {`${name}'s submission moves to the rejected ones of ${submission.botName}. You can still start a chat with them.`}
      </ConfirmDialog>
    </Stack>
  );
}
