import type { eventsApi } from '@referwell/contracts';
import type { PushSource } from '../events/index.js';
import { CHAT_NOTICE, type ChatNotice } from './chat-events.js';

/**
 * Chat changes on the events socket: whoever sees the chat refreshes their unread counts and
 * chat list. No notification here: those are written for people who are away (notifications).
 */
export const chatPushSource: PushSource = {
  topic: CHAT_NOTICE,
  async toPushes(_db, payload) {
    const { chatId, practiceIds, userIds } = payload as ChatNotice;
    const message = (practiceId?: number): eventsApi.PushedMessage => ({
      event: CHAT_NOTICE,
      data: { updateUnreads: true, chat: { id: chatId }, ...(practiceId === undefined ? {} : { practiceId }) },
    });
    return [
      ...[...new Set(practiceIds)].map((practiceId) => ({ practiceId, message: message(practiceId) })),
      ...(userIds.length ? [{ userIds: [...new Set(userIds)], message: message() }] : []),
    ];
  },
};
