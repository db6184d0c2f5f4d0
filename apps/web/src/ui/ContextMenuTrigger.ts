import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type TouchEvent } from 'react';

/**
 * Where a context menu opens: at the pointer over an element (a right-click or a long press), or
 * beside the element itself (a button, or the focused element when opened with the keyboard).
 */
export interface MenuAnchor {
  /** The element the menu is about. On close, focus goes back to it or its nearest focusable ancestor. */
  target: Element;
  /** Viewport coordinates of the pointer when a pointer opened the menu. */
  point?: { x: number; y: number };
}

/** How long a finger rests before the menu opens, and how far it may drift meanwhile. */
const LONG_PRESS_MS = 500;
const PRESS_SLOP_PX = 10;

/** The keyboard's own ways to ask for a context menu. */
export const asksForContextMenu = (event: KeyboardEvent) =>
  event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10');

// Events from a portal (the menu itself) reach its React parents too; only the trigger's own count.
const fromInside = (event: { currentTarget: EventTarget; target: EventTarget }) =>
  event.currentTarget instanceof Node && event.target instanceof Element && event.currentTarget.contains(event.target);

interface Press {
  timer: ReturnType<typeof setTimeout>;
  x: number;
  y: number;
  /** The menu opened during this touch, by the timer or by the browser's own long-press contextmenu. */
  opened: boolean;
}

/**
 * Props that open a context menu on an element: right-click, a long press on a touch screen, and
 * the ContextMenu key or Shift+F10. `open` answers false to leave the browser's own menu (there is
 * nothing of ours to offer there). It can sit on a list and find the item from the anchor's target.
 */
export function useContextMenuTrigger(open: (anchor: MenuAnchor) => boolean | void) {
  const press = useRef<Press | null>(null);
  const latestOpen = useRef(open);
  useEffect(() => {
    latestOpen.current = open;
  });
  useEffect(() => () => clearTimeout(press.current?.timer), []);

  const endPress = () => {
    clearTimeout(press.current?.timer);
    press.current = null;
  };

  return {
    onContextMenu(event: MouseEvent) {
      if (!fromInside(event)) return;
      const touch = press.current;
      if (touch?.opened) {
        event.preventDefault();
        return;
      }
      if (touch) clearTimeout(touch.timer);
      // A contextmenu the keyboard caused (in browsers that send one) has no pointer position.
      const byKeyboard = event.clientX === 0 && event.clientY === 0;
      const anchor: MenuAnchor = byKeyboard
        ? { target: event.target as Element }
        : { target: event.target as Element, point: { x: event.clientX, y: event.clientY } };
      if (latestOpen.current(anchor) === false) return;
      event.preventDefault();
      if (touch) touch.opened = true;
    },
    onKeyDown(event: KeyboardEvent) {
      if (!asksForContextMenu(event) || !fromInside(event)) return;
      if (latestOpen.current({ target: event.target as Element }) !== false) event.preventDefault();
    },
    onTouchStart(event: TouchEvent) {
      endPress();
      const finger = event.touches[0];
      if (event.touches.length !== 1 || !finger || !fromInside(event)) return;
      const target = event.target as Element;
      const point = { x: finger.clientX, y: finger.clientY };
      const started: Press = {
        ...point,
        opened: false,
        timer: setTimeout(() => {
          started.opened = latestOpen.current({ target, point }) !== false;
        }, LONG_PRESS_MS),
      };
      press.current = started;
    },
    onTouchMove(event: TouchEvent) {
      const finger = event.touches[0];
      const started = press.current;
      if (!finger || !started || started.opened) return;
      if (Math.hypot(finger.clientX - started.x, finger.clientY - started.y) > PRESS_SLOP_PX) endPress();
    },
    onTouchEnd(event: TouchEvent) {
      // The finger lifting after the menu opened must not also tap what is under it.
      if (press.current?.opened && event.cancelable) event.preventDefault();
      endPress();
    },
    onTouchCancel: endPress,
  };
}
