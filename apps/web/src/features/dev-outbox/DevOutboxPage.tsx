import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { systemApi, type OutboxMessage } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../lib/pageTitle';
import { RelativeTime } from '../../ui/RelativeTime';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';

const CHANNEL_LABELS: Record<OutboxMessage['channel'], string> = { email: 'Email', sms: 'Text', voice: 'Voice call' };
const CHANNEL_COLORS: Record<OutboxMessage['channel'], string> = { email: 'blue', sms: 'teal', voice: 'grape' };

/** In development the server keeps e-mails and texts here instead of sending them. */
export function DevOutboxPage() {
  usePageTitle('Development outbox');
  const [recipient, setRecipient] = useState('');
  const [to] = useDebouncedValue(recipient.trim(), 300);
  const outbox = useQuery({
    queryKey: ['devOutbox', to],
    queryFn: ({ signal }) => call(systemApi.devOutbox, { query: { to: to || undefined }, signal }),
    staleTime: 0,
  });

  let content;
  if (outbox.isPending) content = <LoadingState label="Loading messages" />;
  else if (outbox.isError) {
    content = isApiError(outbox.error, 404) ? (
      <ErrorState
        title="The outbox is not available"
        message="The development outbox holds sign-in codes, so it opens only in development, in a browser on the server's own machine (or anywhere when the server is started with DEV_OUTBOX=true). A production server sends real e-mails and texts instead."
      />
    ) : (
      <ErrorState
        title="Could not load the outbox"
        error={outbox.error}
        onRetry={() => void outbox.refetch()}
        retrying={outbox.isFetching}
      />
    );
  } else if (outbox.data.length === 0) {
    content = (
      <EmptyMessage title={to ? `No messages to ${to}` : 'No messages yet'}>
        Messages appear here when the server sends a code or an invitation.
      </EmptyMessage>
    );
  } else {
    content = (
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Messages, newest first">
        {outbox.data.map((message) => (
          <MessageCard key={message.id} message={message} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Development outbox"
        description="E-mails and texts the server would have sent, newest first."
      />
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Recipient"
          description="Email address or phone number"
          placeholder="provider@riverside.test"
          value={recipient}
          onChange={(event) => setRecipient(event.currentTarget.value)}
          style={{ flex: 1 }}
          miw={220}
        />
        <Button
          variant="default"
          onClick={() => void outbox.refetch()}
          loading={outbox.isFetching && !outbox.isPending}
        >
          Refresh
        </Button>
      </Group>
      {content}
    </Stack>
  );
}

function MessageCard({ message }: { message: OutboxMessage }) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" miw={0}>
          <Badge color={CHANNEL_COLORS[message.channel]} variant="light">
            {CHANNEL_LABELS[message.channel]}
          </Badge>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {message.to}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          <RelativeTime value={message.createdAt} addSuffix withTooltip />
        </Text>
      </Group>
      {message.subject && (
        <Text fw={600} mt="xs">
          {message.subject}
        </Text>
      )}
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
    </Paper>
  );
}
