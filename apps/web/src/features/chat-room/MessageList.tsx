import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FileView } from '@referwell/contracts';
import type { ContextMenuSection } from '../../ui/ContextMenu';
import { useContextMenuTrigger, type MenuAnchor } from '../../ui/ContextMenuTrigger';
import type { FreshFile } from '../../ui/files/freshFiles';
import { LazyContextMenu, preloadContextMenu, roomOf } from './lazyContextMenu';
import { LoaderLine } from './LoaderLine';
import { MessageItem } from './MessageItem';
import type { MessageRow } from './messageMenu';
import type { ChatRow } from './messageRows';
import type { RoomMessage } from './messages';
import { SCROLL_DELAY_MS, scrollToEnd } from './scrollToEnd';
import type { OlderMessages } from './useOlderMessages';

/** Spec 3 §9 infinite-scroll defaults, and the scroll timings. */
const TRIGGER_DISTANCE_PX = 100;
const THROTTLE_MS = 50;
const LOOP_WINDOW_MS = 1_000;
const LOOP_MAX_CALLS = 10;
const FIRST_SCROLL_MS = 500;
/** Closer than this to the end, the list follows new messages. */
const FOLLOW_DISTANCE_PX = 120;

interface MessageListProps {
  rows: ChatRow[];
  older: OlderMessages;
  onLoadOlder: () => void;
  isRead: (message: RoomMessage) => boolean;
  onOpenDetails: (message: RoomMessage) => void;
  /** Someone reached the list (pointer or focus): the code its menus and dialogs need can load. */
  onArrive: () => void;
  onOpenLink?: (url: string) => void;
  onSelectFile?: (file: FileView) => void;
  /** Asks for a file again when it is opened: the links in messages expire. */
  freshFile?: FreshFile;
  /** A message's context menu (right-click, long press, or the ContextMenu key on it). */
  menuFor: (row: MessageRow) => ContextMenuSection[];
}

const nearEnd = (list: HTMLElement) => list.scrollHeight - list.scrollTop - list.clientHeight <= FOLLOW_DISTANCE_PX;

/**
 * The scrolling conversation (a log region). Older pages load when the top comes within 100 px
 * (checked at most every 50 ms while scrolling, and again after each page in case the list does
 * not fill the view yet — at most 10 times a second, as a guard against loading in a loop). The
 * list opens at its end, keeps its place when older messages arrive above, and follows new
 * messages when the reader is at the end or the message is their own.
 */
export function MessageList({
  rows,
  older,
  onLoadOlder,
  isRead,
  onOpenDetails,
  onArrive,
  onOpenLink,
  onSelectFile,
  freshFile,
  menuFor,
}: MessageListProps) {
  const list = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ anchor: MenuAnchor; key: string } | null>(null);
  const messageRow = (key: string | undefined) =>
    rows.find((row): row is MessageRow => row.kind === 'message' && row.key === key);
  const menuTrigger = useContextMenuTrigger((anchor) => {
    const element = anchor.target.closest<HTMLElement>('[data-message-key]');
    const row = messageRow(element?.dataset.messageKey);
    if (!element || !row || !menuFor(row).some((section) => section.items.length > 0)) return false;
    // A right-click on text selected in the message keeps the browser's menu, to copy just that.
    const selection = document.getSelection();
    if (anchor.point && selection && !selection.isCollapsed && selection.containsNode(element, true)) return false;
    setMenu({ anchor, key: row.key });
  });
  // The menu goes with its message (a message that failed to send leaves the list).
  const menuRow = menu ? messageRow(menu.key) : undefined;
  const messages = rows.filter((row) => row.kind === 'message' && !row.welcome);
  const firstKey = messages[0]?.key ?? null;
  const last = messages.at(-1);
  const lastKey = last?.key ?? null;
  const lastIsOwn = last?.kind === 'message' && last.fromCurrentUser;
  const seen = useRef({
    scrollHeight: 0,
    firstKey: null as string | null,
    lastKey: null as string | null,
    following: true,
  });
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const later = (run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  };
  const stopScrolling = useRef(() => {});
  useEffect(
    () => () => {
      timers.current.forEach(clearTimeout);
      stopScrolling.current();
    },
    [],
  );

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const before = seen.current;
    let following = nearEnd(element);
    if (before.firstKey === null && firstKey !== null) {
      scrollToEnd(element, false);
      // Pictures load after the first layout and push the end down.
      later(() => scrollToEnd(element, false), FIRST_SCROLL_MS);
      following = true;
    } else if (firstKey !== before.firstKey && lastKey === before.lastKey) {
      element.scrollTop += element.scrollHeight - before.scrollHeight;
    } else if (lastKey !== before.lastKey && (before.following || lastIsOwn)) {
      later(() => {
        stopScrolling.current();
        stopScrolling.current = scrollToEnd(element, true);
      }, SCROLL_DELAY_MS);
      following = true;
    }
    seen.current = { scrollHeight: element.scrollHeight, firstKey, lastKey, following };
  }, [firstKey, lastKey, lastIsOwn]);

  const latest = useRef({ status: older.status, onLoadOlder });
  useLayoutEffect(() => {
    latest.current = { status: older.status, onLoadOlder };
  });
  const autoLoads = useRef<number[]>([]);
  const lastCheck = useRef(0);
  const trailingCheck = useRef(false);

  const checkTop = (byScrolling: boolean) => {
    const element = list.current;
    if (!element || latest.current.status !== 'ready' || element.scrollTop > TRIGGER_DISTANCE_PX) return;
    const now = Date.now();
    if (byScrolling) {
      autoLoads.current = [];
    } else {
      autoLoads.current = autoLoads.current.filter((at) => now - at < LOOP_WINDOW_MS);
      if (autoLoads.current.length >= LOOP_MAX_CALLS) return;
      autoLoads.current.push(now);
    }
    latest.current.onLoadOlder();
  };

  useEffect(() => checkTop(false), [older.status, firstKey]);

  const onScroll = () => {
    const element = list.current!;
    seen.current.following = nearEnd(element);
    const now = Date.now();
    if (now - lastCheck.current >= THROTTLE_MS) {
      lastCheck.current = now;
      checkTop(true);
    } else if (!trailingCheck.current) {
      trailingCheck.current = true;
      later(() => {
        trailingCheck.current = false;
        lastCheck.current = Date.now();
        checkTop(true);
      }, THROTTLE_MS);
    }
  };

  const arrive = () => {
    void preloadContextMenu();
    onArrive();
  };

  return (
    <>
      <div
        ref={list}
        className="rw-chat__list"
        role="log"
        aria-label="Messages"
        aria-busy={older.status === 'loading'}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable)
        tabIndex={0}
        onScroll={onScroll}
        // The menu's code loads once someone is here, so a right-click does not wait for it.
        onPointerEnter={arrive}
        onFocus={arrive}
        {...menuTrigger}
      >
        <LoaderLine
          status={older.status}
          foundAny={older.foundAny}
          welcomed={rows.some((row) => row.kind === 'message' && row.welcome)}
          onRetry={onLoadOlder}
        />
        {rows.map((row) =>
          row.kind === 'day' ? (
            <p key={row.key} className="rw-chat__day">
              {row.label}
            </p>
          ) : (
            <MessageItem
              key={row.key}
              row={row}
              read={row.fromCurrentUser && isRead(row.message)}
              onOpenDetails={onOpenDetails}
              onOpenLink={onOpenLink}
              onSelectFile={onSelectFile}
              freshFile={freshFile}
            />
          ),
        )}
      </div>
      {menu && menuRow && (
        <Suspense fallback={null}>
          <LazyContextMenu
            anchor={menu.anchor}
            label="Message"
            sections={menuFor(menuRow)}
            container={roomOf(menu.anchor.target)}
            onClose={() => setMenu(null)}
          />
        </Suspense>
      )}
    </>
  );
}
