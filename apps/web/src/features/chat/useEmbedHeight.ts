import { useEffect } from 'react';
import { chatRoomApi } from '@referwell/contracts';

/** What the host page receives: `{ type: 'florie-embed-height', height, embedUID }`. */
interface EmbedHeightMessage {
  type: typeof chatRoomApi.EMBED_HEIGHT_MESSAGE;
  height: number;
  embedUID: string | null;
}

/**
 * Embedded mode (spec 3 §2): when the room runs in a frame, or a host page gave it an embed uid,
 * it posts the body's height to the parent window on load and whenever that height changes. The
 * message carries only a height and the host's own uid, so any origin may receive it.
 */
export function useEmbedHeight(embedUID: string | undefined) {
  useEffect(() => {
    if (window.parent === window && !embedUID) return;
    let posted = -1;
    const post = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === posted) return;
      posted = height;
      const message: EmbedHeightMessage = { type: chatRoomApi.EMBED_HEIGHT_MESSAGE, height, embedUID: embedUID ?? null };
      window.parent.postMessage(message, '*');
    };
    post();
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [embedUID]);
}
