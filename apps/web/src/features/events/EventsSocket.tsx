import { useEffect, useState } from 'react';
import { Anchor, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, type NavigateFunction } from 'react-router';
import { usersApi, type eventsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { openEventsSocket, type SocketState } from '../../lib/eventsSocket';
import { signingOut } from '../../lib/logout';
import { getSession } from '../../lib/session';
import { announceChatChanged, announceReferralChanged, announceUnreadChanged } from './liveEvents';

const COLOR: Record<eventsApi.PushNotification['type'], string> = {
  info: 'blue',
  success: 'teal',
  error: 'red',
  warn: 'orange',
  notification: 'grape',
};

/**
 * Notifications render outside the router, so their actions navigate through the app's `navigate`.
 * One that names only a link offers to open it.
 */
function show(notification: eventsApi.PushNotification, navigate: NavigateFunction) {
  const actions = notification.actions?.length
    ? notification.actions
    : notification.link
      ? [{ title: 'Open', link: notification.link }]
      : [];
  const id = notifications.show({
    title: notification.title,
    color: COLOR[notification.type],
    autoClose: notification.duration ?? 6_000,
    message: actions.length ? (
      <Group gap="xs">
        <span>{notification.text}</span>
        {actions.map((action) => (
          <Anchor
            key={`${action.title} ${action.link}`}
            href={action.link}
            size="sm"
            onClick={(event) => {
              event.preventDefault();
              notifications.hide(id);
              void navigate(action.link);
            }}
          >
            {action.title}
          </Anchor>
        ))}
      </Group>
    ) : (
      notification.text
    ),
  });
}

function handle(message: eventsApi.PushedMessage, navigate: NavigateFunction) {
  const { data } = message;
  // Anything new in a chat may change the unread counts, whether or not the push says so.
  if (data.updateUnreads || data.chat) announceUnreadChanged(data.practiceId);
  if (data.referral) announceReferralChanged({ referralId: data.referral.id, kind: data.referral.kind });
  if (data.chat) announceChatChanged({ chatId: data.chat.id, practiceId: data.practiceId });
  if (data.notification) show(data.notification, navigate);
}

/**
 * Keeps the events socket open while signed in. While it is down the app is blocked with
 * 'Network problems' (spec 3 §4), since what it shows may be stale; it lifts on reconnection.
 */
export function EventsSocket({ WebSocket }: { WebSocket?: typeof globalThis.WebSocket } = {}) {
  const [state, setState] = useState<SocketState>('connecting');
  const navigate = useNavigate();

  useEffect(
    () =>
      openEventsSocket(
        {
          onState: (next) => {
            setState(next);
            // Pushes sent while the socket was down are lost: counts and lists are asked again.
            if (next === 'reconnected') announceUnreadChanged(undefined);
          },
          onMessage: (message) => handle(message, navigate),
          // The session ended: asking who we are lets the API client sign out as for any 401. When
          // it ended by signing out here there is no one to ask about (the refusal would be logged).
          onUnauthorized: () => {
            if (getSession().currentUser && !signingOut())
              void call(usersApi.currentUser, { query: {} }).catch(() => {});
          },
        },
        { WebSocket },
      ),
    [WebSocket, navigate],
  );

  return (
    <Modal
      opened={state === 'disconnected'}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="Network problems"
    >
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text ta="center">We’re having trouble connecting to Referwell, we’ll keep trying</Text>
      </Stack>
    </Modal>
  );
}
