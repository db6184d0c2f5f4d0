import { lazy } from 'react';

/**
 * The context menu, with its positioning library, loads when a menu is first wanted: the room's
 * first paint does without it. `preloadContextMenu` starts the load early (on hover or focus).
 */
export const preloadContextMenu = () => import('../../ui/ContextMenu');
export const LazyContextMenu = lazy(() => preloadContextMenu().then(({ ContextMenu }) => ({ default: ContextMenu })));

/** Menus open inside the room's root, so they take the room's theme (chat.css maps it onto them). */
export const roomOf = (element: Element) => element.closest('.rw-chat') ?? undefined;
