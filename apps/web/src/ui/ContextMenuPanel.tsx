import { Fragment, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  autoUpdate,
  flip,
  offset,
  shift,
  size,
  useFloating,
  type Placement,
  type ReferenceElement,
} from '@floating-ui/react-dom';
import type { ContextMenuItem, ContextMenuSection } from './ContextMenu';
import { MenuItemButton } from './ContextMenuItem';

/** What every level of one menu shares. */
export interface MenuControl {
  /** Marks the menu's panels, so a click on any of them is not a click outside. */
  menuId: string;
  container: Element;
  closeAll: (restoreFocus: boolean) => void;
}

interface MenuPanelProps {
  id: string;
  label?: string;
  labelledBy?: string;
  sections: ContextMenuSection[];
  reference: ReferenceElement;
  placement: Placement;
  fallbackPlacements?: Placement[];
  /** What takes the focus once the panel is in place. */
  initialFocus: 'first' | 'menu' | 'none';
  onEscape: () => void;
  /** ArrowLeft in a sub-menu: back to its item. */
  onBack?: () => void;
  control: MenuControl;
}

/** Room kept between a menu and the edges of the window; a menu short of room scrolls, down to this height. */
const EDGE_PX = 8;
const MIN_HEIGHT_PX = 120;
/** Sub-menus open right, else left, else (a narrow phone) below their item. */
const SUB_PLACEMENT: Placement = 'right-start';
const SUB_FALLBACKS: Placement[] = ['left-start', 'bottom-start'];

const itemKey = (item: ContextMenuItem) => item.key ?? item.label;

/** The next item after `from` whose label starts with the letter typed (type-ahead). */
function itemByLetter(items: HTMLElement[], from: number, letter: string) {
  for (let step = 1; step <= items.length; step++) {
    const item = items[(from + step) % items.length];
    if (item.textContent?.trim().toLowerCase().startsWith(letter.toLowerCase())) return item;
  }
  return undefined;
}

/** One level of a menu: its sections and items, placed beside its reference, with its keys. */
export function MenuPanel({
  id,
  label,
  labelledBy,
  sections,
  reference,
  placement,
  fallbackPlacements,
  initialFocus,
  onEscape,
  onBack,
  control,
}: MenuPanelProps) {
  const isSub = onBack !== undefined;
  const { refs, floatingStyles, isPositioned } = useFloating({
    strategy: 'fixed',
    placement,
    elements: { reference },
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(isSub ? { mainAxis: 0, crossAxis: -4 } : 4),
      flip({ fallbackPlacements, padding: EDGE_PX }),
      shift({ padding: EDGE_PX, crossAxis: true }),
      size({
        padding: EDGE_PX,
        apply({ availableHeight, elements }) {
          elements.floating.style.maxHeight = `${Math.max(MIN_HEIGHT_PX, availableHeight)}px`;
        },
      }),
    ],
  });
  const panel = useRef<HTMLDivElement | null>(null);
  const [openSub, setOpenSub] = useState<{ key: string; focusFirst: boolean } | null>(null);

  // Focus waits until the panel is placed: a hidden element cannot take it.
  useEffect(() => {
    if (!isPositioned || initialFocus === 'none') return;
    const first = panel.current?.querySelector<HTMLElement>('[data-menu-item]');
    (initialFocus === 'first' ? first : panel.current)?.focus({ preventScroll: true });
  }, [isPositioned, initialFocus]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // A sub-menu is portalled apart but is a React child: it handles its own keys.
    if (!event.currentTarget.contains(event.target as Node)) return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-item]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = items[(at + 1) % items.length];
        break;
      case 'ArrowUp':
        next = items[at <= 0 ? items.length - 1 : at - 1];
        break;
      case 'Home':
      case 'PageUp':
        next = items[0];
        break;
      case 'End':
      case 'PageDown':
        next = items.at(-1);
        break;
      case 'Escape':
        // A sub-menu the pointer opened closes first, though the focus stayed on its item.
        if (openSub) setOpenSub(null);
        else onEscape();
        break;
      case 'ArrowLeft':
        if (!onBack) return;
        onBack();
        break;
      case 'Tab':
        // Focus goes back to the trigger, and Tab moves on from there as it would have.
        control.closeAll(true);
        return;
      default:
        if (event.key.length !== 1 || event.key === ' ' || event.ctrlKey || event.metaKey || event.altKey) return;
        next = itemByLetter(items, at, event.key);
        if (!next) return;
    }
    event.preventDefault();
    event.stopPropagation();
    next?.focus();
  }

  const shown = sections.filter((section) => section.items.length > 0);
  const withLead = shown.some((section) =>
    section.items.some((item) => item.icon !== undefined || item.checked !== undefined),
  );

  return createPortal(
    <div
      ref={(node) => {
        panel.current = node;
        refs.setFloating(node);
      }}
      id={id}
      role="menu"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-orientation="vertical"
      tabIndex={-1}
      className="rw-menu"
      data-menu-owner={control.menuId}
      style={{ ...floatingStyles, visibility: isPositioned ? undefined : 'hidden' }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {shown.map((section, index) => {
        const titleId = `${id}-section-${index}`;
        return (
          <Fragment key={section.key ?? section.title ?? index}>
            {index > 0 && <div role="separator" className="rw-menu__divider" />}
            <div role="group" aria-labelledby={section.title ? titleId : undefined}>
              {section.title && (
                <div id={titleId} role="presentation" className="rw-menu__title">
                  {section.title}
                </div>
              )}
              {section.items.map((item, position) => {
                const key = itemKey(item);
                const itemId = `${id}-${index}-${position}`;
                const subOpen = openSub?.key === key && item.items !== undefined;
                const closeSub = () => {
                  setOpenSub(null);
                  document.getElementById(itemId)?.focus({ preventScroll: true });
                };
                return (
                  <MenuItemButton
                    key={key}
                    id={itemId}
                    item={item}
                    withLead={withLead}
                    subId={subOpen ? `${itemId}-menu` : undefined}
                    sub={
                      subOpen
                        ? (itemElement) => (
                            <MenuPanel
                              id={`${itemId}-menu`}
                              labelledBy={itemId}
                              sections={[{ items: item.items! }]}
                              reference={itemElement}
                              placement={SUB_PLACEMENT}
                              fallbackPlacements={SUB_FALLBACKS}
                              initialFocus={openSub.focusFirst ? 'first' : 'none'}
                              onEscape={closeSub}
                              onBack={closeSub}
                              control={control}
                            />
                          )
                        : undefined
                    }
                    onOpenSub={(focusFirst) => setOpenSub({ key, focusFirst })}
                    onHover={() => setOpenSub(item.items?.length ? { key, focusFirst: false } : null)}
                    closeAll={control.closeAll}
                  />
                );
              })}
            </div>
          </Fragment>
        );
      })}
    </div>,
    control.container,
  );
}
