import { useEffect, type RefObject } from 'react';
import { chatRoomApi } from '@referwell/contracts';

/**
 * Framed on a practice's own site (or given an `embedUID`), the form posts its content's height to
 * the host page on load and whenever it changes, as the chat room does and with the same message
 * (`{ type: 'florie-embed-height', height, embedUID }`, README), so one listener on the host sizes
 * either frame. It carries only a height and the host's own uid, so any origin may receive it.
 */
export function useFormEmbedHeight(content: RefObject<HTMLElement | null>, embedUID: string | null) {
  useEffect(() => {
    const element = content.current;
    if (!element || (window.parent === window && !embedUID)) return;
    let posted = -1;
    const post = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === posted) return;
      posted = height;
      window.parent.postMessage({ type: chatRoomApi.EMBED_HEIGHT_MESSAGE, height, embedUID }, '*');
    };
    post();
    const resized = new ResizeObserver(post);
    resized.observe(element);
    return () => resized.disconnect();
  }, [content, embedUID]);
}
