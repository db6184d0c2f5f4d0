/**
 * A context menu (spec 3 §2 Context menu): anchored to the pointer or to an element, items in
 * sections, sub-items that open to the right when there is room (else to the left, else below),
 * closed by Escape or a click outside, used fully from the keyboard.
 *
 *   const [anchor, setAnchor] = useState<MenuAnchor | null>(null);
 *   const trigger = useContextMenuTrigger(setAnchor);           // right-click, long press, keys
 *   <li {...trigger}>…</li>
 *   {anchor && <ContextMenu anchor={anchor} label="Chat" sections={sections} onClose={() => setAnchor(null)} />}
 *
 * An item's action may return a promise: the item shows that it is working until the promise
 * settles, then the menu closes (a failed action leaves it open: the action reports its failure).
 * `keepOpen` keeps the menu open afterwards, `noWait` closes it before the action runs (for
 * actions that open a dialog), and a `checked` value makes a toggle with a selected mark that the
 * action receives flipped. The menu is shown while rendered: the owner unmounts it on `onClose`.
 */
import './ContextMenu.css';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import type { Placement, VirtualElement } from '@floating-ui/react-dom';
import { MenuPanel, type MenuControl } from './ContextMenuPanel';
import type { MenuAnchor } from './ContextMenuTrigger';

export interface ContextMenuItem {
  /** Tells items apart when labels repeat; the label otherwise. */
  key?: string;
  label: string;
  description?: string;
  icon?: ReactNode;
  disabled?: boolean;
  /** Drawn as a destructive action. */
  danger?: boolean;
  /** Given the new value for a toggle. A promise keeps the item loading until it settles. */
  onSelect?: (checked?: boolean) => unknown;
  keepOpen?: boolean;
  noWait?: boolean;
  /** Makes the item a toggle with a selected mark. */
  checked?: boolean;
  /** Opens a sub-menu of these instead of acting. */
  items?: ContextMenuItem[];
}

export interface ContextMenuSection {
  key?: string;
  title?: string;
  items: ContextMenuItem[];
}

export interface ContextMenuProps {
  anchor: MenuAnchor;
  sections: ContextMenuSection[];
  /** Names the menu for screen readers. */
  label: string;
  onClose: () => void;
  /** Where the menu sits beside an element anchor; a pointer's menu opens below and after the point. */
  placement?: Placement;
  /** For a button that controls the menu (aria-controls); a click on it is not a click outside. */
  id?: string;
  /** Rendered into this element (default: the page's body), e.g. to take a themed area's colours. */
  container?: Element;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/**
 * A pointer's position kept relative to the element under it, so the menu moves with a list that
 * scrolls; once the element is gone, where it was.
 */
function pointOver(target: Element, point: { x: number; y: number }): VirtualElement {
  const start = target.getBoundingClientRect();
  const dx = point.x - start.left;
  const dy = point.y - start.top;
  return {
    contextElement: target,
    getBoundingClientRect: () => {
      const now = target.isConnected ? target.getBoundingClientRect() : start;
      const x = now.left + dx;
      const y = now.top + dy;
      return { x, y, left: x, top: y, right: x, bottom: y, width: 0, height: 0 };
    },
  };
}

export function ContextMenu({
  anchor,
  sections,
  label,
  onClose,
  placement = 'bottom-start',
  id,
  container = document.body,
}: ContextMenuProps) {
  const ownId = useId();
  const menuId = id ?? ownId;
  // Chosen when the menu opens: what had the focus may be inside the menu by the time it closes.
  const returnTo = useMemo(
    () => (anchor.target.closest(FOCUSABLE) ?? document.activeElement) as HTMLElement | null,
    [anchor.target],
  );
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  const control = useMemo<MenuControl>(
    () => ({
      menuId,
      container,
      closeAll(restoreFocus) {
        if (restoreFocus) returnTo?.focus({ preventScroll: true });
        latestClose.current();
      },
    }),
    [menuId, container, returnTo],
  );

  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      const on = event.target instanceof Element ? event.target : null;
      const inMenu = on?.closest('[data-menu-owner]')?.getAttribute('data-menu-owner') === menuId;
      const onController = on?.closest('[aria-controls]')?.getAttribute('aria-controls') === menuId;
      // Focus stays where the click puts it.
      if (!inMenu && !onController) control.closeAll(false);
    };
    document.addEventListener('pointerdown', closeOutside, true);
    return () => document.removeEventListener('pointerdown', closeOutside, true);
  }, [menuId, control]);

  const reference = useMemo(() => (anchor.point ? pointOver(anchor.target, anchor.point) : anchor.target), [anchor]);
  return (
    <MenuPanel
      id={menuId}
      label={label}
      sections={sections}
      reference={reference}
      placement={anchor.point ? 'bottom-start' : placement}
      fallbackPlacements={anchor.point ? ['top-start', 'bottom-end', 'top-end'] : undefined}
      // The keyboard and buttons start on the first item; a pointer starts on nothing, as menus do.
      initialFocus={anchor.point ? 'menu' : 'first'}
      onEscape={() => control.closeAll(true)}
      control={control}
    />
  );
}

export type { MenuAnchor };
