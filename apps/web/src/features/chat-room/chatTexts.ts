/**
 * The room's words. Spec 3 §8 words its errors for the developers who embed the room ("No access
 * token passed to connect to the chat server"); patients open it from a text message, so these say
 * what happened and what to do about it, naming the practice when the room knows it
 * (docs/decisions.md, branded patient pages).
 */
export const CHAT_TEXTS = {
  /** The address lacks its room or token: the link was cut short when it was copied or opened. */
  brokenLink: 'This chat link is incomplete',
  brokenLinkDetail: 'Open the link in your text message again, or ask the practice for a new one.',
  /** The banner shown for a moment when the token is refused, before `expired` replaces the room. */
  linkStopped: 'This link has stopped working',
  expired: 'This link has expired',
  /** Under `expired` on the room's own page in a browser, where a patient came by a texted link. */
  askForLink: (practice: string | undefined) => `Ask ${practice ?? 'the practice that sent it'} for a new one.`,
  call: (practice: string) => `Call ${practice}`,
  gaveUp: 'Can’t connect to the chat',
  loadFailed: 'This chat didn’t open',
  checkConnection: 'Check that you’re online, then try again.',
  retry: 'Try again',
  sendFailed: 'Your message didn’t send. Please try again.',
  olderFailed: 'Earlier messages didn’t load.',
  /** An empty chat that opens on no welcome (staff among themselves). */
  noMessages: 'No messages yet',
  joined: (name: string) => `${name} joined the chat`,
  left: (name: string) => `${name} has left the chat`,
  connecting: 'Connecting...',
  closed: 'This chat is closed',
  /** Decided (the spec has no such state): the server closed this window's connection for a newer one of the same person. */
  replaced: 'This chat was opened in another window',
  replacedDetail:
    'It is open in too many windows or devices at once, so it was closed here. You can go on here instead; the other window will then close.',
  continueHere: 'Use the chat here',
  placeholder: 'Enter your message...',
} as const;

/** Why the room gave way to an error panel. */
export type RoomError = 'expired' | 'gaveUp' | 'loadFailed';
