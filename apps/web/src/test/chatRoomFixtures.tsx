/** Test only: a chat room, its participants and messages, a fake chat service, and the rendered room. */
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { expect, vi } from 'vitest';
import { chatRoomApi } from '@referwell/contracts';
import { fakeServer, reply, type FakeRequest } from './fakeServer';
import { FakeWebSocket } from './fakeWebSocket';
import { ChatRoomView, type ChatRoomViewProps } from '../features/chat-room';

type ChatRoom = chatRoomApi.ChatRoom;
type ChatMessage = chatRoomApi.ChatMessage;
type ChatUser = chatRoomApi.ChatUser;

export const ROOM = '3f1c6a52-8c1e-4f0e-9a55-0d6f2b7f6a10';
export const TOKEN = 'room-token-1';
/** Messages are a minute apart from here (a Tuesday, 9:00 in the test's time zone). */
export const T0 = new Date(2024, 2, 5, 9, 0).getTime();

export const me: ChatUser = {
  chatUserId: 1,
  name: 'Pat Patient',
  image: null,
  userType: 'USER',
  userId: 10,
  practiceId: null,
  online: true,
};
export const nurse: ChatUser = {
  chatUserId: 2,
  name: 'Nina Nurse',
  image: null,
  userType: 'USER',
  userId: 20,
  practiceId: 5,
  online: false,
};
export const doctor: ChatUser = {
  chatUserId: 3,
  name: 'Dan Doctor',
  image: null,
  userType: 'USER',
  userId: 30,
  practiceId: 5,
  online: true,
};

const sender = (user: ChatUser) => ({ chatUserId: user.chatUserId, name: user.name, image: user.image });

export function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    uuid: `uuid-${id}`,
    chatId: 7,
    createdAt: T0 + id * 60_000,
    from: sender(nurse),
    message: `Message ${id}`,
    files: [],
    data: null,
    previewData: null,
    content: null,
    ...overrides,
  };
}

export const fromMe = (id: number, overrides: Partial<ChatMessage> = {}) =>
  message(id, { from: sender(me), ...overrides });

export function chatRoom(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: 7,
    room: ROOM,
    type: 'PRACTICE_TO_USER',
    status: 'ACTIVE',
    title: 'Riverside Family Clinic',
    practiceId: 5,
    welcomeMessages: [],
    allUsers: [me, nurse, doctor],
    readStatus: {},
    ...overrides,
  };
}

/** The room's practice as the chat service names it (GET …/branding). */
export const riverside: chatRoomApi.RoomBranding = {
  name: 'Riverside Family Clinic',
  logoUrl: null,
  colorScheme: '#0f766e',
  phoneNumber: '+13125550100',
};

/** The link the fake chat service signs for a file when the room asks for it again. */
export const freshLink = (fileId: number) => `/api/v1/files/download/${fileId}?fresh`;

interface RoomServerOptions {
  chat?: ChatRoom;
  /** The stored conversation, oldest first; the server pages it like the real one. */
  stored?: ChatMessage[];
  receipts?: (messageId: number) => unknown;
  /** What GET …/branding answers: the practice, or a refusal. */
  branding?: chatRoomApi.RoomBranding | Response;
}

/** The chat service as the room meets it; `stored` can be changed while the test runs. */
export function roomServer({ chat = chatRoom(), stored = [], receipts, branding = riverside }: RoomServerOptions = {}) {
  const state = { chat, stored };
  const server = fakeServer({
    'GET /florie/v1/chat/:chatId/branding': () => branding,
    'GET /florie/v1/chat/:chatId': () => ({
      chat: state.chat,
      user: { userId: me.userId, userType: 'USER', chatUserId: me.chatUserId },
    }),
    'GET /florie/v1/chat/:chatId/messages': ({ query }: FakeRequest) => {
      const after = query.get('after');
      if (after !== null) {
        return {
          data: state.stored.filter((one) => one.id > Number(after)).slice(0, chatRoomApi.MISSED_MESSAGES_BATCH),
        };
      }
      const end = state.stored.length - Number(query.get('skip') ?? 0);
      return { data: state.stored.slice(Math.max(0, end - chatRoomApi.MESSAGES_PAGE_SIZE), Math.max(0, end)) };
    },
    'GET /florie/v1/chat/message/:messageId/receipts': (_, { messageId }) => receipts?.(Number(messageId)) ?? [],
    'POST /florie/v1/chat/:chatId/file': () => reply(201, { id: 55, uploadUrl: '/upload/55' }),
    'DELETE /florie/v1/chat/file/:fileId': () => ({ ok: true }),
    // A file of the stored messages as it is now: a freshly signed link (those in messages expire).
    'GET /florie/v1/chat/file/:fileId': (_, { fileId }) => {
      const file = state.stored.flatMap((one) => one.files).find((one) => one.id === Number(fileId));
      return file
        ? { ...file, downloadUrl: freshLink(file.id) }
        : reply(456, { statusCode: 456, code: 'OBJECT_NOT_FOUND', message: 'Sorry this file has expired' });
    },
  });
  return {
    ...server,
    state,
    messageCalls: () =>
      server.find('GET', `/florie/v1/chat/${ROOM}/messages`).map((request) => Object.fromEntries(request.query)),
  };
}

export function renderRoom(props: Partial<ChatRoomViewProps> = {}) {
  // Under fake timers user-event's own pauses must move the fake clock.
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  const view = render(
    <MantineProvider env="test">
      <ChatRoomView room={ROOM} token={TOKEN} {...props} />
    </MantineProvider>,
  );
  return { ...view, user };
}

/** The room's socket, once the room has loaded and opened it. */
export async function roomSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  return FakeWebSocket.latest();
}

/** The room's socket, accepted by the server. */
export async function openRoom(): Promise<FakeWebSocket> {
  const socket = await roomSocket();
  act(() => socket.serverOpen());
  return socket;
}

/** What the room sent on a socket, parsed. */
export const sentEvents = (socket: FakeWebSocket) =>
  socket.sent.map((data) => JSON.parse(data) as chatRoomApi.ClientEvent);
export const sentOf = (socket: FakeWebSocket, event: chatRoomApi.ClientEvent['event']) =>
  sentEvents(socket).filter((one) => one.event === event);

export function push(socket: FakeWebSocket, event: chatRoomApi.ServerEvent) {
  act(() => socket.serverSend(event));
}

/** Lets pending promises and zero-delay timers run, under fake timers. */
export const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Sets whether the page is in the foreground and tells the document. */
export function setPageVisible(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (visible ? 'visible' : 'hidden'),
  });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

export function resetPageVisibility() {
  delete (document as unknown as Record<string, unknown>).visibilityState;
}
