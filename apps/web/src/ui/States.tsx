import type { ReactNode } from 'react';
import { Alert, Button, Center, EmptyState, Group, Loader, Text } from '@mantine/core';
import { errorMessage } from '../lib/errors';

export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="md" aria-hidden />
      <Text ml="sm" c="dimmed">
        {label}…
      </Text>
    </Center>
  );
}

interface ErrorStateProps {
  title?: string;
  error?: unknown;
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorState({ title = 'Could not load this', error, message, onRetry, retrying }: ErrorStateProps) {
  return (
    <Alert color="red" title={title} role="alert" variant="light">
      <Text size="sm">{message ?? errorMessage(error)}</Text>
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}

export function EmptyMessage({ title, children }: { title: string; children?: ReactNode }) {
  return <EmptyState title={title} description={children} size="sm" py="xl" />;
}
