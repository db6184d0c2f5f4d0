import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { joinRequestsApi, type PracticeSummary } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useLandInPractice } from '../invites';
import { practiceSummaryQuery } from './joinQueries';
import { PracticeSearch } from './PracticeSearch';

const MESSAGE_MAX = joinRequestsApi.JOIN_REQUEST_MESSAGE_MAX;
type JoinResult = joinRequestsApi.JoinResult;

const OUTCOME_TEXT: Record<JoinResult['outcome'], string> = {
  REQUESTED: 'request sent; its admins will answer',
  JOINED: 'you had an invite, so you joined right away',
  ALREADY_REQUESTED: 'you had already asked to join',
  ALREADY_MEMBER: 'you are already a member',
  NOT_FOUND: 'this practice no longer exists',
};

/** Choose practices, add a message, send: one request per practice (or a join where an invite waits). */
export function JoinRequestForm({ initialPracticeId }: { initialPracticeId: number | null }) {
  const queryClient = useQueryClient();
  const land = useLandInPractice();
  const [selected, setSelected] = useState<PracticeSummary[]>([]);
  const [message, setMessage] = useState('');
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ results: JoinResult[]; names: Map<number, string> } | null>(null);

  // A link from the search box names a practice to start with.
  const linked = useQuery(practiceSummaryQuery(initialPracticeId));
  const [linkedApplied, setLinkedApplied] = useState(false);
  const memberships = useSession((s) => s.practices);
  if (linked.data && !linkedApplied) {
    const practice = linked.data;
    setLinkedApplied(true);
    if (!memberships.some((m) => m.practice.id === practice.id)) {
      setSelected((current) => (current.some((p) => p.id === practice.id) ? current : [...current, practice]));
    }
  }

  const join = useMutation({
    mutationFn: (practices: PracticeSummary[]) =>
      call(joinRequestsApi.joinPractices, {
        body: { practiceIds: practices.map((p) => p.id), message: message.trim() || undefined },
      }),
    onSuccess: async ({ results }, practices) => {
      setSent({ results, names: new Map(practices.map((p) => [p.id, p.name])) });
      setSelected([]);
      setMessage('');
      const joined = results.find((r) => r.outcome === 'JOINED');
      if (joined) await land(joined.practiceId);
      await queryClient.invalidateQueries({ queryKey: ['joinRequests'] });
      await queryClient.invalidateQueries({ queryKey: ['invites', 'mine'] });
      const requested = results.filter((r) => r.outcome === 'REQUESTED').length;
      if (joined) notifications.show({ color: 'teal', message: 'You joined the practice and are now working in it.' });
      else if (requested > 0) {
        const text = requested === 1 ? 'Join request sent' : `${requested} join requests sent`;
        notifications.show({ color: 'teal', message: text });
      }
    },
  });

  function toggle(practice: PracticeSummary) {
    setSelectionError(null);
    setSelected((current) =>
      current.some((p) => p.id === practice.id) ? current.filter((p) => p.id !== practice.id) : [...current, practice],
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    if (selected.length === 0) {
      setSelectionError('Choose at least one practice');
      return;
    }
    if (selected.length > joinRequestsApi.JOIN_PRACTICES_MAX) {
      setSelectionError(`Choose at most ${joinRequestsApi.JOIN_PRACTICES_MAX} practices`);
      return;
    }
    join.mutate(selected);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {linked.isError && (
          <Alert color="orange" variant="light" role="alert">
            The practice from the link could not be found. Search for it by name instead.
          </Alert>
        )}
        <PracticeSearch selected={selected} onToggle={toggle} />
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {selected.length === 0 ? 'No practices chosen yet' : `Chosen practices (${selected.length})`}
            </Title>
            {selected.length > 0 && (
              <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
                {selected.map((practice) => (
                  <Group component="li" key={practice.id} justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" truncate>
                      {practice.name}
                    </Text>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => toggle(practice)}
                      aria-label={`Remove ${practice.name}`}
                    >
                      Remove
                    </Button>
                  </Group>
                ))}
              </Stack>
            )}
            {selectionError && (
              <Text size="sm" c="red.8" role="alert">
                {selectionError}
              </Text>
            )}
            <Textarea
              label="Message to the practice admins"
              description={`Optional. ${message.length} / ${MESSAGE_MAX} characters`}
              placeholder="Who you are and why you would like to join"
              rows={4}
              resize="vertical"
              maxLength={MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
            {join.isError && (
              <Alert color="red" role="alert" variant="light" title="Could not send the request">
                {errorMessage(join.error)}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={join.isPending}>
                {selected.length > 1 ? `Send ${selected.length} join requests` : 'Send join request'}
              </Button>
            </Group>
          </Stack>
        </Paper>
        {sent && (
          <Alert color="teal" variant="light" role="status" title="Requests sent">
            <List size="sm">
              {sent.results.map((result) => (
                <List.Item key={result.practiceId}>
                  {sent.names.get(result.practiceId) ?? `Practice ${result.practiceId}`}: {OUTCOME_TEXT[result.outcome]}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
