import { lazy } from 'react';

/**
 * Files, link previews and content cards (with the Mantine buttons, cards and file helpers they
 * draw with) are a chunk of their own, kept out of the room's first download: most messages are
 * text. The room starts fetching it as soon as it opens (`preloadMessageExtras`), alongside the
 * chat's own calls, so it is there by the time the messages are.
 */
export const preloadMessageExtras = () => import('./MessageExtras');
export const LazyMessageExtras = lazy(() =>
  preloadMessageExtras().then(({ MessageExtras }) => ({ default: MessageExtras })),
);
