import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ContextMenuItem } from './ContextMenu';

function CheckIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

function ChevronIcon() {
  return (
    <svg
      className="rw-menu__chevron"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      aria-hidden
      focusable="false"
    >
      <path d="M9 5l7 7-7 7" />
    </svg>
  );
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

interface MenuItemButtonProps {
  id: string;
  item: ContextMenuItem;
  /** Keeps a column for icons and marks, so the labels of a menu line up. */
  withLead: boolean;
  /** The id of the item's sub-menu while it is open. */
  subId?: string;
  /** Renders the open sub-menu beside this item. */
  sub?: (reference: HTMLElement) => ReactNode;
  onOpenSub: (focusFirst: boolean) => void;
  onHover: () => void;
  closeAll: (restoreFocus: boolean) => void;
}

/** One item: runs its action (showing that it is working), flips its mark, or opens its sub-menu. */
export function MenuItemButton({ id, item, withLead, subId, sub, onOpenSub, onHover, closeAll }: MenuItemButtonProps) {
  const [element, setElement] = useState<HTMLButtonElement | null>(null);
  const [running, setRunning] = useState(false);
  // A toggle's mark after its action succeeded, for owners that keep no value of their own. Once
  // the owner's value moves (it took the change, or someone else changed it), that is the truth.
  const [flipped, setFlipped] = useState<{ owner: boolean | undefined; to: boolean } | null>(null);
  if (flipped && flipped.owner !== item.checked) setFlipped(null);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const hasSub = Boolean(item.items?.length);
  const checked =
    item.checked === undefined ? undefined : flipped && flipped.owner === item.checked ? flipped.to : item.checked;

  async function choose() {
    if (item.disabled || running) return;
    if (hasSub) return onOpenSub(true);
    const next = checked === undefined ? undefined : !checked;
    if (item.noWait) {
      closeAll(true);
      item.onSelect?.(next);
      return;
    }
    const result = item.onSelect?.(next);
    if (isThenable(result)) {
      setRunning(true);
      const succeeded = await Promise.resolve(result).then(
        () => true,
        () => false,
      );
      // Closed while it ran: nothing is left to update.
      if (!mounted.current) return;
      setRunning(false);
      if (!succeeded) return;
    }
    if (next !== undefined) setFlipped({ owner: item.checked, to: next });
    if (!item.keepOpen) closeAll(true);
  }

  return (
    <>
      <button
        ref={setElement}
        type="button"
        id={id}
        role={checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
        aria-checked={checked}
        tabIndex={-1}
        className="rw-menu__item"
        data-menu-item
        data-danger={item.danger || undefined}
        aria-disabled={item.disabled || undefined}
        aria-busy={running || undefined}
        aria-haspopup={hasSub ? 'menu' : undefined}
        aria-expanded={hasSub ? subId !== undefined : undefined}
        aria-controls={subId}
        aria-labelledby={`${id}-label`}
        aria-describedby={item.description ? `${id}-description` : undefined}
        onClick={() => void choose()}
        onPointerEnter={(event) => {
          event.currentTarget.focus({ preventScroll: true });
          onHover();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowRight' || !hasSub || item.disabled) return;
          event.preventDefault();
          event.stopPropagation();
          onOpenSub(true);
        }}
      >
        {withLead && (
          <span className="rw-menu__lead" aria-hidden>
            {checked === undefined ? item.icon : checked && <CheckIcon />}
          </span>
        )}
        <span className="rw-menu__text">
          <span id={`${id}-label`} className="rw-menu__label">
            {item.label}
          </span>
          {item.description && (
            <span id={`${id}-description`} className="rw-menu__description">
              {item.description}
            </span>
          )}
        </span>
        {running ? <span className="rw-menu__spinner" aria-hidden /> : hasSub && <ChevronIcon />}
      </button>
      {sub && element && sub(element)}
    </>
  );
}
