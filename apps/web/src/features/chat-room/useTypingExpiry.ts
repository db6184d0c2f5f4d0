import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { chatRoomApi } from '@referwell/contracts';

/**
 * Others' "is typing...": a typer who has said nothing for TYPING_EXPIRY_MS is forgotten (their
 * USER_STOPPED_TYPING may never come: a closed tab, a dropped connection, a lost event), while
 * every USER_TYPING starts their time afresh; a typer keeps sending it at least every
 * TYPING_REFRESH_MS while typing. Returns the function to call with each event the room hears.
 */
export function useTypingExpiry(expire: (chatUserId: number) => void) {
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const latestExpire = useRef(expire);
  useLayoutEffect(() => {
    latestExpire.current = expire;
  });

  useEffect(() => {
    const running = timers.current;
    return () => running.forEach(clearTimeout);
  }, []);

  return useCallback((event: chatRoomApi.ServerEvent) => {
    if (event.event !== 'USER_TYPING') return;
    const { chatUserId } = event.data;
    clearTimeout(timers.current.get(chatUserId));
    timers.current.set(
      chatUserId,
      setTimeout(() => {
        timers.current.delete(chatUserId);
        latestExpire.current(chatUserId);
      }, chatRoomApi.TYPING_EXPIRY_MS),
    );
  }, []);
}
