import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { notificationsApi } from '@referwell/contracts';
import { errorMessage } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPagination } from '../../ui/ListPagination';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { NotificationItem } from './NotificationItem';
import { notificationListQuery, useNotificationMutations } from './notificationQueries';

/**
 * The person's notifications, newest first, a page at a time. Read ones leave the list: opening
 * one reads it, and each can be marked read, or all of them at once.
 */
export function NotificationList({ onOpen }: { onOpen: () => void }) {
  const [page, setPage] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const list = useQuery(notificationListQuery(page));
  const { dismiss, clear } = useNotificationMutations();
  // Dismissing the last one of the last page leaves nothing to show there.
  if (list.data && !list.isPlaceholderData && list.data.data.length === 0 && page > 0) setPage(page - 1);

  if (list.isPending) return <LoadingState label="Loading notifications" />;
  if (list.isError) {
    return (
      <ErrorState
        title="Could not load your notifications"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data.count === 0)
    return (
      <EmptyMessage title="You are all caught up">
        New referrals, answers to the ones you sent, form submissions and messages you miss show up here.
      </EmptyMessage>
    );

  function closeConfirm() {
    clear.reset();
    setConfirming(false);
  }

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={() => setConfirming(true)}>
          Mark all as read
        </Button>
      </Group>
      <Stack component="ul" gap="xs" m={0} p={0} aria-label="Notifications" style={{ listStyle: 'none' }}>
        {list.data.data.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onOpen={() => {
              // Opened is read. Should marking it fail, it stays in the list to be marked by hand.
              dismiss.mutate(notification.id);
              onOpen();
            }}
            dismissing={dismiss.isPending && dismiss.variables === notification.id}
            onDismiss={() =>
              dismiss.mutate(notification.id, {
                onError: (error) =>
                  toasts.show({
                    color: 'red',
                    title: 'Could not mark the notification as read',
                    message: errorMessage(error),
                  }),
              })
            }
          />
        ))}
      </Stack>
      <ListPagination
        label="Notification pages"
        page={page}
        pageSize={notificationsApi.NOTIFICATIONS_PAGE_SIZE}
        count={list.data.count}
        onChange={setPage}
      />
      <ConfirmDialog
        opened={confirming}
        title="Mark all notifications as read?"
        confirmLabel="Mark all as read"
        loading={clear.isPending}
        error={clear.error}
        onCancel={closeConfirm}
        onConfirm={() => clear.mutate(undefined, { onSuccess: closeConfirm })}
      >
        They leave this list, in all your practices. The referrals, chats and forms they point to stay as they are.
      </ConfirmDialog>
    </Stack>
  );
}
