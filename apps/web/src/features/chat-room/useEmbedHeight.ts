import './embedded.css';
import { useEffect, type RefObject } from 'react';
import { chatRoomApi } from '@referwell/contracts';

/** What the host page receives: `{ type: 'florie-embed-height', height, embedUID }`. */
interface EmbedHeightMessage {
  type: typeof chatRoomApi.EMBED_HEIGHT_MESSAGE;
  height: number;
  embedUID: string | null;
}

const isEmbedded = (embedUID: string | undefined) => window.parent !== window || Boolean(embedUID);

function scrolls(element: HTMLElement, style: CSSStyleDeclaration) {
  return (style.overflowY === 'auto' || style.overflowY === 'scroll') && element.scrollHeight > element.clientHeight;
}

/**
 * How tall the room's content is, whatever the frame's height: the heights of its parts in the
 * flow (header, state, list, footer), each scrolling part counted with what it hides. Embedded,
 * the list keeps its content's height and the footer keeps to the frame's bottom with a margin
 * (chat.css), so a frame taller than the content adds nothing here. A layer laid over the room
 * (`data-overlay`: the loading overlay) needs room for its own content.
 */
export function contentHeight(room: HTMLElement): number {
  let flow = 0;
  let overlays = 0;
  for (const part of Array.from(room.children) as HTMLElement[]) {
    const style = getComputedStyle(part);
    if (style.display === 'none') continue;
    if (part.hasAttribute('data-overlay')) {
      overlays = Math.max(overlays, contentHeight(part));
      continue;
    }
    if (style.position === 'absolute' || style.position === 'fixed') continue;
    flow += part.getBoundingClientRect().height;
    if (scrolls(part, style)) flow += part.scrollHeight - part.clientHeight;
  }
  return Math.ceil(Math.max(flow, overlays));
}

/**
 * Embedded mode (spec 3 §2): when the room runs in a frame, or a host page gave it an embed uid,
 * it posts its content's height to the parent window on load and whenever that height changes,
 * so a host can size the frame to the conversation. The room fills the frame meanwhile: a host
 * that keeps its own size still gets a whole room. The message carries only a height and the
 * host's own uid, so any origin may receive it. Answers whether the room is embedded.
 */
export function useEmbedHeight(embedUID: string | undefined, room: RefObject<HTMLElement | null>): boolean {
  const embedded = isEmbedded(embedUID);
  useEffect(() => {
    const element = room.current;
    if (!embedded || !element) return;
    let posted = -1;
    let frame = 0;
    const post = () => {
      frame = 0;
      const height = contentHeight(element);
      if (height === posted) return;
      posted = height;
      const message: EmbedHeightMessage = {
        type: chatRoomApi.EMBED_HEIGHT_MESSAGE,
        height,
        embedUID: embedUID ?? null,
      };
      window.parent.postMessage(message, '*');
    };
    // Content changes come in bursts (a page of messages); one measurement a frame is enough.
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(post);
    };
    post();
    // The room's size follows the frame and its parts; content growing inside a list squeezed by
    // a shorter frame changes no size, so changes to the content are watched too, and pictures
    // as they load.
    const resized = new ResizeObserver(schedule);
    resized.observe(element);
    const changed = new MutationObserver(schedule);
    changed.observe(element, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class', 'style'],
    });
    element.addEventListener('load', schedule, true);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      changed.disconnect();
      element.removeEventListener('load', schedule, true);
    };
  }, [embedded, embedUID, room]);
  return embedded;
}
