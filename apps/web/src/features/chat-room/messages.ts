import type { chatRoomApi, filesApi, FileView } from '@referwell/contracts';

export type ChatMessage = chatRoomApi.ChatMessage;

/**
 * A message as the room holds it. One the person has just sent carries `pending` (what was sent)
 * until the server's NEW_MESSAGE with the same uuid replaces it; until then its id is 0.
 */
export interface RoomMessage extends ChatMessage {
  pending?: chatRoomApi.OutgoingMessage;
}

const byTime = (a: RoomMessage, b: RoomMessage) => a.createdAt - b.createdAt || a.id - b.id;

/** Spec 3 §5: what arrives is merged into what is held by uuid, newest copy winning, sorted by createdAt. */
export function mergeMessages(held: RoomMessage[], incoming: RoomMessage[]): RoomMessage[] {
  if (incoming.length === 0) return held;
  const byUuid = new Map(held.map((message) => [message.uuid, message]));
  for (const message of incoming) byUuid.set(message.uuid, message);
  return [...byUuid.values()].sort(byTime);
}

export function withoutMessage(held: RoomMessage[], uuid: string): RoomMessage[] {
  return held.some((message) => message.uuid === uuid) ? held.filter((message) => message.uuid !== uuid) : held;
}

/** The newest message the server has stored, which read receipts and recovery count from. */
export function newestStoredId(messages: RoomMessage[]): number {
  return messages.reduce((newest, message) => (message.pending ? newest : Math.max(newest, message.id)), 0);
}

/** Spec 3 §7: `skip` is the number of stored (non-welcome) messages already loaded. */
export function storedCount(messages: RoomMessage[]): number {
  return messages.reduce((count, message) => (message.pending ? count : count + 1), 0);
}

/** A FILE_SCANNED result applied to the file in whichever message holds it. */
export function withScanResult(messages: RoomMessage[], scanned: filesApi.FileScanned): RoomMessage[] {
  let changed = false;
  const next = messages.map((message) => {
    if (scanned.messageId !== null && message.id !== scanned.messageId) return message;
    if (!message.files.some((file) => file.id === scanned.fileId)) return message;
    changed = true;
    return {
      ...message,
      files: message.files.map((file) =>
        file.id === scanned.fileId ? { ...file, scanStatus: scanned.status, type: scanned.type || file.type } : file,
      ),
    };
  });
  return changed ? next : messages;
}

/** A random id for a new message; randomUUID is missing outside secure contexts (plain http). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface Draft {
  chatId: number;
  from: { chatUserId: number; name: string; image: string | null };
  sender: { userId: number | null; userType: chatRoomApi.ChatUserType };
  text: string;
  files: FileView[];
  now: number;
}

/** The message shown at once when the person sends, and the payload that goes on the socket. */
export function draftMessage({ chatId, from, sender, text, files, now }: Draft): RoomMessage {
  const uuid = newUuid();
  return {
    id: 0,
    uuid,
    chatId,
    createdAt: now,
    from,
    message: text,
    files,
    data: null,
    previewData: null,
    content: null,
    pending: {
      uuid,
      userId: sender.userId,
      userType: sender.userType,
      message: text,
      files: files.map((file) => file.id),
      data: null,
    },
  };
}

/** The view of a file the person has just uploaded, shown in their message until the server's copy arrives. */
export function uploadedFileView(id: number, file: File, now: number): FileView {
  return {
    id,
    name: file.name,
    type: file.type,
    size: file.size,
    scanStatus: 'scanning',
    status: 'uploaded',
    downloadUrl: null,
    deleted: false,
    updatedAt: now,
  };
}
