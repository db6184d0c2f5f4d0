import type { chatsApi, directoryApi } from '@referwell/contracts';
import { fakeServer, type FakeRequest } from './fakeServer';
import { lakeside, provider, riverside, signedInRoutes } from './fixtures';
import type { PracticeScope } from '../lib/practiceScope';

/** Test data and a fake server for the chat screens; Pat Rivers (7) works at Riverside (1). */

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const MINUTE = 60_000;

export const scope: PracticeScope = {
  practiceId: riverside.practice.id,
  practiceName: riverside.practice.name,
  userId: provider.id,
};

type ChatUser = chatsApi.ChatSummary['users'][number];

export function chatUser(chatUserId: number, name: string, overrides: Partial<ChatUser> = {}): ChatUser {
  return {
    chatUserId,
    name,
    image: null,
    userType: 'USER',
    userId: chatUserId,
    practiceId: riverside.practice.id,
    online: false,
    ...overrides,
  };
}

export const me = chatUser(provider.id, 'Pat Rivers');
export const lee = chatUser(31, 'Lee Harbor', { practiceId: lakeside.practice.id });
export const alex = chatUser(8, 'Alex Moss');

/** A people chat of Pat's with Lee, active, read and not muted unless told otherwise. */
export function chat(id: number, overrides: Partial<chatsApi.ChatSummary> = {}): chatsApi.ChatSummary {
  return {
    id,
    room: uuid(id),
    type: 'USER_TO_USER',
    status: 'ACTIVE',
    title: `Chat ${id}`,
    practice: riverside.practice,
    targetPractice: null,
    patientId: null,
    users: [me, lee],
    lastMessage: { text: 'See you at three', fromName: 'Lee Harbor', createdAt: Date.now() - 5 * MINUTE },
    unreadCount: 0,
    muted: false,
    createdAt: Date.now() - 60 * MINUTE,
    updatedAt: Date.now() - 5 * MINUTE,
    ...overrides,
  };
}

export function profile(
  id: number,
  firstName: string,
  lastName: string,
  practice = riverside.practice,
): directoryApi.UserProfile {
  return { id, uuid: uuid(900 + id), firstName, lastName, title: null, kind: 'PROVIDER', practices: [practice] };
}

type Handler = (request: FakeRequest, params: Record<string, string>) => unknown;

/** GET /chats over `chats()`, paged and searched by title like the server (10 a page). */
export function chatListRoute(chats: () => chatsApi.ChatSummary[]): Handler {
  return ({ query }) => {
    const text = query.get('query')?.toLowerCase();
    const found = chats().filter((one) => !text || one.title.toLowerCase().includes(text));
    const page = Number(query.get('page') ?? 0);
    return { data: found.slice(page * 10, (page + 1) * 10), count: found.length };
  };
}

export function chatServer(routes: Record<string, Handler> = {}) {
  return fakeServer({
    ...signedInRoutes(),
    'GET /api/v1/chats': chatListRoute(() => [chat(1)]),
    ...routes,
  });
}
