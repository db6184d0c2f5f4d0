import { useState } from 'react';
import { Button } from '@mantine/core';

const currentPermission = () => (typeof Notification === 'undefined' ? null : Notification.permission);

/**
 * Spec 3 §8: a chat in the background raises a 'New Message' browser notification, which the
 * browser shows only once the person has allowed notifications, and browsers ask only in answer to
 * a click. So the chats page offers that click while the question is still open ('default');
 * once answered either way, or where the browser has no notifications, there is nothing to offer.
 */
export function DesktopNotificationsButton() {
  const [permission, setPermission] = useState(currentPermission);
  if (permission !== 'default') return null;

  const ask = async () => setPermission(await Notification.requestPermission());
  return (
    <Button variant="light" size="compact-sm" onClick={() => void ask()} style={{ alignSelf: 'flex-start' }}>
      Turn on desktop notifications
    </Button>
  );
}
