import { useState } from 'react';
import { Button } from '@mantine/core';

/**
 * The permission, or null where a page cannot show notifications: browsers without them (iOS
 * Safari outside an installed app) and touch-first devices, whose browsers (Chrome on Android)
 * have `Notification` but refuse to let a page show one.
 */
const currentPermission = () =>
  typeof Notification === 'undefined' || window.matchMedia('(hover: none) and (pointer: coarse)').matches
    ? null
    : Notification.permission;

/**
 * Spec 3 §8: a chat in the background raises a 'New Message' browser notification, which the
 * browser shows only once the person has allowed notifications, and browsers ask only in answer to
 * a click. So the chats page offers that click while the question is still open ('default');
 * once answered either way, or where the page cannot show them, there is nothing to offer.
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
