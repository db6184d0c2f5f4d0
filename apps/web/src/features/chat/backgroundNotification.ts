/**
 * Spec 3 §8: while the page is in the background, a message from someone else raises a browser
 * notification, when the person has allowed notifications for this site (the provider app, on
 * the same origin, is where they are asked).
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
