import type { chatsApi } from '@referwell/contracts';
import type { ChatSummary } from './chatQueries';

type ChatType = chatsApi.ChatSummary['type'];

export const CHAT_TYPE_LABELS: Record<ChatType, string> = {
  PRACTICE_TO_PRACTICE: 'Practice chat',
  PRACTICE_TO_USER: 'Practice and person',
  USER_TO_USER: 'People',
  PATIENT: 'Patient chat',
};

/** How many names the header lists before "and 3 more". */
const NAMES_SHOWN = 3;

/**
 * Who is in the chat, as a line under its title: "You, Alex Moss and Lee Harbor", the caller
 * first. Bots stay out; they are not people one talks with.
 */
export function participantsLine(chat: Pick<ChatSummary, 'users'>, userId: number): string {
  const people = chat.users.filter((user) => user.userType === 'USER');
  const names = [
    ...people.filter((user) => user.userId === userId).map(() => 'You'),
    ...people.filter((user) => user.userId !== userId).map((user) => user.name),
  ];
  if (names.length <= 1) return names.join('');
  if (names.length <= NAMES_SHOWN) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;
}
