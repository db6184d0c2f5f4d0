import type { ChatDevice } from '../../features/chat-room';

/** What the room's address says (spec 3 §2 Route); missing room or token are reported by the room. */
export interface ChatRoomQuery {
  room: string;
  token: string;
  device: ChatDevice;
  embedUID?: string;
  displayStyle: string;
  light: boolean;
}

const DEVICES: readonly ChatDevice[] = ['web', 'ios', 'android'];

export function readChatRoomQuery(search: string): ChatRoomQuery {
  const query = new URLSearchParams(search);
  const device = query.get('device')?.toLowerCase();
  return {
    room: query.get('room')?.trim() ?? '',
    token: query.get('token')?.trim() ?? '',
    // An unknown device is a web browser: only the apps get links and files handed to them.
    device: DEVICES.find((known) => known === device) ?? 'web',
    embedUID: query.get('embedUID') || undefined,
    displayStyle: query.get('displayStyle') || 'normal',
    light: query.has('light'),
  };
}
