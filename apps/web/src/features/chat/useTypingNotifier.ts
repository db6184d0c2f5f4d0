import { useCallback, useEffect, useRef } from 'react';
import { chatRoomApi } from '@referwell/contracts';

type TypingEvent = 'USER_TYPING' | 'USER_STOPPED_TYPING';

/**
 * Spec 3 §4 Typing: the first text sends USER_TYPING, which is sent again 300 ms after the
 * person stops changing it (so others keep seeing it while they type); clearing the text sends
 * USER_STOPPED_TYPING. Returns the function to call with the input's text on every change.
 */
export function useTypingNotifier(send: (event: TypingEvent) => void) {
  const typing = useRef(false);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latestSend = useRef(send);
  latestSend.current = send;

  useEffect(() => () => clearTimeout(debounce.current), []);

  return useCallback((text: string) => {
    clearTimeout(debounce.current);
    if (text.trim() === '') {
      if (typing.current) latestSend.current('USER_STOPPED_TYPING');
      typing.current = false;
      return;
    }
    if (!typing.current) {
      typing.current = true;
      latestSend.current('USER_TYPING');
      return;
    }
    debounce.current = setTimeout(() => latestSend.current('USER_TYPING'), chatRoomApi.TYPING_DEBOUNCE_MS);
  }, []);
}
