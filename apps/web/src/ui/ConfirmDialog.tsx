import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../lib/errors';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  /** A failed attempt stays in the dialog so the person can retry or cancel. */
  error?: unknown;
  /** Red by default: most of what is confirmed cannot be undone. */
  confirmColor?: string;
}

/**
 * Asks before a destructive action. Cancel takes focus first, so Enter on opening does nothing
 * harmful; Mantine returns focus to the button that opened it.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  loading,
  error,
  confirmColor = 'red',
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack>
        <Text component="div">{children}</Text>
        {error ? (
          <Alert color="red" role="alert" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
