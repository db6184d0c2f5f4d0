import { dayKey, dayLabel } from './dayLabels';
import type { ChatMessage, RoomMessage } from './messages';

/** Spec 3 §3: where a message sits in a run of messages from the same sender. */
export type MessageStyle = 'SINGLE' | 'GROUP_START' | 'GROUP_MIDDLE' | 'GROUP_END';

export type ChatRow =
  | { kind: 'day'; key: string; label: string }
  | {
      kind: 'message';
      key: string;
      message: RoomMessage;
      style: MessageStyle;
      fromCurrentUser: boolean;
      /** The first welcome message stands apart from the top of the list. */
      forceTopPadding: boolean;
      welcome: boolean;
    };

function styleOf(sameAsPrevious: boolean, sameAsNext: boolean): MessageStyle {
  if (sameAsPrevious) return sameAsNext ? 'GROUP_MIDDLE' : 'GROUP_END';
  return sameAsNext ? 'GROUP_START' : 'SINGLE';
}

// Welcome messages come from the practice, not a participant.
const senderOf = (message: ChatMessage) => message.from?.chatUserId ?? 'welcome';

function runOf(messages: ChatMessage[], index: number, day: (m: ChatMessage) => string | null) {
  const message = messages[index];
  const continues = (other: ChatMessage | undefined) =>
    other !== undefined && senderOf(other) === senderOf(message) && day(other) === day(message);
  return styleOf(continues(messages[index - 1]), continues(messages[index + 1]));
}

/**
 * The list as shown: welcome messages first, then the conversation with a day header wherever a
 * new day starts; each message styled by its place in its sender's run (a run ends at a new day).
 */
export function messageRows(
  welcome: ChatMessage[],
  messages: RoomMessage[],
  currentChatUserId: number,
  now: Date = new Date(),
): ChatRow[] {
  const rows: ChatRow[] = welcome.map((message, index) => ({
    kind: 'message',
    key: `welcome-${message.uuid}`,
    message,
    style: runOf(welcome, index, () => null),
    fromCurrentUser: false,
    forceTopPadding: index === 0,
    welcome: true,
  }));
  const day = (message: ChatMessage) => dayKey(message.createdAt);
  messages.forEach((message, index) => {
    const previous = messages[index - 1];
    if (!previous || day(previous) !== day(message)) {
      rows.push({ kind: 'day', key: `day-${day(message)}`, label: dayLabel(message.createdAt, now) });
    }
    rows.push({
      kind: 'message',
      key: message.uuid,
      message,
      style: runOf(messages, index, day),
      fromCurrentUser: message.from?.chatUserId === currentChatUserId,
      forceTopPadding: false,
      welcome: false,
    });
  });
  return rows;
}

/** Avatar and name go on the first message of a run (spec 3 §2). */
export const startsRun = (style: MessageStyle) => style === 'SINGLE' || style === 'GROUP_START';
