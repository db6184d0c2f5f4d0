import { Text } from '@mantine/core';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

const SETTINGS_PATH = '/practice/settings';

/**
 * Only the open tab is mounted, so switching tabs would silently drop unsaved edits; this asks
 * first. Other navigation (sign-out included) is never held up.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname.startsWith(SETTINGS_PATH),
  );
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Discard your changes?"
      confirmLabel="Discard changes"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <Text>Changes on this tab are not saved yet. Leaving it discards them.</Text>
    </ConfirmDialog>
  );
}
