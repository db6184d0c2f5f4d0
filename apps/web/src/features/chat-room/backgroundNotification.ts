/**
 * Spec 3 §8: while the page is in the background, a message from someone else raises a browser
 * notification, once the person has allowed notifications for this site. The room itself never
 * asks (a patient opening a link, or a host page's frame, should not meet a browser prompt); the
 * provider app's chats page offers the button that does (DesktopNotificationsButton), and a
 * room on the same origin then shares that answer.
 */
export function notifyNewMessage(senderName: string) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification('New Message', { body: `You have a new chat message from ${senderName}` });
  } catch (error) {
    // Some mobile browsers allow notifications only from a service worker.
    console.warn('Could not show a chat notification', error);
  }
}
