import { buildPath, chatRoomApi, ErrorBody, HTTP_RETRIES, type Endpoint, type ResponseOf } from '@referwell/contracts';
import type { FreshFile } from '../../ui/files/freshFiles';
import type { CreateUploadLink, DeleteUploadedFile } from '../../ui/files/uploadFile';

/**
 * The chat service calls of a room (spec 3 §7), made with the room's token as a Bearer token and
 * answered through the contracts' schemas. The provider app's client (lib/api.ts) is not used:
 * it authenticates by cookie and CSRF token and shows the provider app's notices, none of which
 * belongs in a room that patients open from a text message or that a host page embeds.
 */

/** A failed room call; `status` 0 means the server never answered. */
export class RoomCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RoomCallError';
  }
}

type AnyEndpoint = Endpoint;

interface CallParts {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface RoomClientOptions {
  /** Read at each call, so a refreshed token is used at once. */
  token: () => string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** Spec 3 §9: 3 retries, the n-th after e^n seconds (1 s, 2.7 s, 7.4 s). */
export const retryDelayMs = (attempt: number) => Math.round(Math.exp(attempt) * 1000);

function urlOf(endpoint: AnyEndpoint, { params, query }: CallParts): string {
  const path = buildPath(endpoint.path, params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function createRoomClient(options: RoomClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function send(endpoint: AnyEndpoint, parts: CallParts): Promise<Response> {
    const url = urlOf(endpoint, parts);
    // Reads are retried on network failures and 5xx; a write is never sent twice.
    const retries = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? HTTP_RETRIES : 0;
    for (let attempt = 0; ; attempt++) {
      let response: Response | null = null;
      try {
        response = await doFetch(url, {
          method: endpoint.method,
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${options.token()}`,
            ...(parts.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
          credentials: 'omit',
          signal: parts.signal,
        });
      } catch (error) {
        if (parts.signal?.aborted) throw error;
      }
      if (response && response.status < 500) return response;
      if (attempt >= retries) {
        if (response) return response;
        throw new RoomCallError(0, 'NETWORK_ERROR', 'Failed to connect to the server');
      }
      await sleep(retryDelayMs(attempt));
    }
  }

  async function call<E extends AnyEndpoint>(endpoint: E, parts: CallParts = {}): Promise<ResponseOf<E>> {
    const response = await send(endpoint, parts);
    const json = await readJson(response);
    if (!response.ok) {
      const error = ErrorBody.safeParse(json);
      throw error.success
        ? new RoomCallError(response.status, error.data.code, error.data.message)
        : new RoomCallError(response.status, `HTTP_${response.status}`, response.statusText || 'Request failed');
    }
    const parsed = endpoint.response.safeParse(json);
    if (!parsed.success)
      throw new RoomCallError(response.status, 'UNEXPECTED_RESPONSE', 'Server returned unexpected response');
    return parsed.data as ResponseOf<E>;
  }

  return {
    /** The room's practice, for its page to wear; answered for an expired or revoked token too. */
    branding: (room: string) => call(chatRoomApi.roomBranding, { params: { chatId: room } }),
    loadChat: (room: string, practiceId?: number) =>
      call(chatRoomApi.loadChat, { params: { chatId: room }, query: { practiceId } }),
    /** The page of messages before the newest `skip`, oldest first. */
    olderMessages: (room: string, skip: number) =>
      call(chatRoomApi.roomMessages, { params: { chatId: room }, query: { skip } }),
    /** Up to a batch of messages after the message `after`, oldest first. */
    messagesAfter: (room: string, after: number) =>
      call(chatRoomApi.roomMessages, { params: { chatId: room }, query: { after } }),
    receipts: (messageId: number) => call(chatRoomApi.messageReceipts, { params: { messageId } }),
    /** The upload panel's link request for files attached in this room. */
    fileLinkFor:
      (room: string): CreateUploadLink =>
      (descriptor, signal) =>
        call(chatRoomApi.createChatFile, { params: { chatId: room }, body: descriptor, signal }),
    deleteFile: ((fileId: number) =>
      call(chatRoomApi.deleteChatFile, { params: { fileId } })) satisfies DeleteUploadedFile,
    /** A file of the room as it is now, with a fresh link (those in messages expire); null once it was deleted. */
    freshFile: (async (file) => {
      try {
        return await call(chatRoomApi.chatFile, { params: { fileId: file.id } });
      } catch (error) {
        if (error instanceof RoomCallError && error.code === 'OBJECT_NOT_FOUND') return null;
        throw error;
      }
    }) satisfies FreshFile,
  };
}

export type RoomClient = ReturnType<typeof createRoomClient>;
