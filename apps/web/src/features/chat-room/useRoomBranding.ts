import { useEffect, useState } from 'react';
import type { chatRoomApi } from '@referwell/contracts';
import { createRoomClient } from './roomClient';

export type RoomBranding = chatRoomApi.RoomBranding;

/**
 * The practice a room belongs to, for the room's own page to wear (name, logo, colour, phone).
 * Null until it is known, and for good when it cannot be: the room then goes on unbranded.
 */
export function useRoomBranding(room: string, token: string): RoomBranding | null {
  const [branding, setBranding] = useState<RoomBranding | null>(null);
  useEffect(() => {
    if (!room || !token) return;
    let current = true;
    createRoomClient({ token: () => token })
      .branding(room)
      .then(
        (answer) => current && setBranding(answer),
        (error: unknown) => console.warn('Could not load the practice’s branding', error),
      );
    return () => {
      current = false;
    };
  }, [room, token]);
  return branding;
}
