import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { RelativeTime } from '../../ui/RelativeTime';
import type { Notification } from './notificationQueries';

interface NotificationItemProps {
  notification: Notification;
  onOpen: () => void;
  onDismiss: () => void;
  dismissing: boolean;
}

/**
 * One notification: its title leads where it points, and reads it. One from a practice other than the current
 * one says which, and is opened after switching to it: the app shows one practice at a time.
 */
export function NotificationItem({ notification, onOpen, onDismiss, dismissing }: NotificationItemProps) {
  const currentId = useSession((session) => session.currentPractice?.practice.id);
  const practices = useSession((session) => session.practices);
  const elsewhere = notification.practiceId !== null && notification.practiceId !== currentId;
  const practiceName = elsewhere
    ? practices.find(({ practice }) => practice.id === notification.practiceId)?.practice.name
    : undefined;
  const openable = notification.link !== null && !elsewhere;

  return (
    <li>
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            {openable ? (
              <Anchor
                component={Link}
                to={notification.link!}
                fw={600}
                onClick={onOpen}
                style={{ overflowWrap: 'anywhere' }}
              >
                {notification.title}
              </Anchor>
            ) : (
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {notification.title}
              </Text>
            )}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {notification.text}
            </Text>
            <Text size="xs" c="dimmed">
              <RelativeTime value={notification.createdAt} addSuffix />
              {elsewhere &&
                ` · ${practiceName ?? 'Another practice'}${notification.link ? ': switch to it to open this' : ''}`}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="xs"
            loading={dismissing}
            onClick={onDismiss}
            aria-label={`Mark “${notification.title}” as read`}
            style={{ flexShrink: 0 }}
          >
            Mark as read
          </Button>
        </Group>
      </Paper>
    </li>
  );
}
