import { chatRoomApi } from '@referwell/contracts';
import type { RoomMessage } from './messages';

/**
 * What a room keeps in the tab's sessionStorage, so neither a refresh nor the error panel (which
 * replaces the footer) loses what the person wrote: the text in the box, and the messages sent but
 * not yet stored, which go out again with their uuid (the server stores a uuid once).
 */
export interface RoomKeep {
  draft: string;
  pending: RoomMessage[];
}

const PendingMessage = chatRoomApi.ChatMessage.extend({ pending: chatRoomApi.OutgoingMessage });
const keyOf = (room: string) => `referwell.chat.${room}`;

export function readKeep(room: string): RoomKeep {
  let kept: unknown;
  try {
    kept = JSON.parse(sessionStorage.getItem(keyOf(room)) ?? 'null');
  } catch {
    // No storage (blocked in some frames), or not ours to read.
    kept = null;
  }
  const { draft, pending } = (kept ?? {}) as Partial<Record<keyof RoomKeep, unknown>>;
  return {
    draft: typeof draft === 'string' ? draft : '',
    pending: Array.isArray(pending) ? pending.flatMap((one) => PendingMessage.safeParse(one).data ?? []) : [],
  };
}

function write(room: string, change: Partial<RoomKeep>) {
  const next = { ...readKeep(room), ...change };
  try {
    if (!next.draft && next.pending.length === 0) sessionStorage.removeItem(keyOf(room));
    else sessionStorage.setItem(keyOf(room), JSON.stringify(next));
  } catch (error) {
    // Full or blocked: the room works on without it, as it did before.
    console.warn('Could not keep the chat’s draft in this tab', error);
  }
}

export const keepDraft = (room: string, draft: string) => write(room, { draft });

/** Keeps the messages of `messages` that are still pending. */
export const keepPending = (room: string, messages: RoomMessage[]) =>
  write(room, { pending: messages.filter((message) => message.pending) });
