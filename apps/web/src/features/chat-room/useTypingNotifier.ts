import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { chatRoomApi } from '@referwell/contracts';
import { usePageVisible } from './usePageVisible';

type TypingEvent = 'USER_TYPING' | 'USER_STOPPED_TYPING';

/**
 * Spec 3 §4 Typing: the first text sends USER_TYPING, which is sent again 300 ms after the
 * person stops changing it; clearing the text sends USER_STOPPED_TYPING. Others forget a typer
 * who has said nothing for TYPING_EXPIRY_MS (a lost USER_STOPPED_TYPING must not leave "is
 * typing..." up for good), so while changes keep coming it is also sent every TYPING_REFRESH_MS.
 * A page going to the background stops typing: nobody types into a hidden page, and the tab may
 * be closed from there. Returns the function to call with the input's text on every change.
 */
export function useTypingNotifier(send: (event: TypingEvent) => void) {
  const typing = useRef(false);
  const lastSent = useRef(0);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latestSend = useRef(send);
  useLayoutEffect(() => {
    latestSend.current = send;
  });

  // Both read only refs, so they are made once and the returned function is stable.
  const say = useCallback((event: TypingEvent) => {
    lastSent.current = Date.now();
    latestSend.current(event);
  }, []);
  const stop = useCallback(() => {
    clearTimeout(debounce.current);
    if (typing.current) say('USER_STOPPED_TYPING');
    typing.current = false;
  }, [say]);

  useEffect(() => () => clearTimeout(debounce.current), []);
  usePageVisible((visible) => {
    if (!visible) stop();
  });

  return useCallback(
    (text: string) => {
      if (text.trim() === '') return stop();
      clearTimeout(debounce.current);
      if (!typing.current || Date.now() - lastSent.current >= chatRoomApi.TYPING_REFRESH_MS) {
        typing.current = true;
        say('USER_TYPING');
        return;
      }
      debounce.current = setTimeout(() => say('USER_TYPING'), chatRoomApi.TYPING_DEBOUNCE_MS);
    },
    [say, stop],
  );
}
