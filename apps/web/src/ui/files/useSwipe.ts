import { useRef, type PointerEvent } from 'react';

/** How far a finger must travel sideways to count as a swipe. */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * Horizontal swipes from touch or pen (a mouse drag is not a swipe). Pair the handlers with
 * `touch-action: pan-y` so the browser leaves sideways movement to us and still scrolls.
 */
export function useSwipe(onSwipe: (direction: 'left' | 'right') => void, threshold = SWIPE_THRESHOLD_PX) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === 'mouse') return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= threshold && Math.abs(dx) > Math.abs(dy)) onSwipe(dx < 0 ? 'left' : 'right');
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
