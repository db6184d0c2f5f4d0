/** The room's words (spec 3 §8 chat room screen messages), kept as the spec writes them. */
export const CHAT_TEXTS = {
  noRoom: 'No room passed to connect to the chat server',
  noToken: 'No access token passed to connect to the chat server',
  tokenInvalid: 'Your authentication token is invalid',
  expired: 'Your access to this chat has expired, please reload the page',
  /** Under `expired` on the room's own page in a browser, where a patient came by a texted link. */
  askForLink: 'Ask the practice to send you a new link',
  gaveUp: "We're having trouble connecting, please refresh the page",
  loadFailed: "Sorry we're having trouble loading this chat, please try again later",
  sendFailed: 'Sorry we were unable to send your message, please try again',
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
