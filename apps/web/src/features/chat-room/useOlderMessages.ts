import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { chatRoomApi } from '@referwell/contracts';
import type { RoomMessage } from './messages';

/** The infinite-scroll loader's states (spec 3 §2). */
export type LoaderStatus = 'ready' | 'loading' | 'complete' | 'error';

export interface OlderMessages {
  status: LoaderStatus;
  /** Some page had messages: when complete, the chat is not empty. */
  foundAny: boolean;
}

/**
 * Loads older pages on demand: each page is the 30 messages before the ones already loaded
 * (`skip` counts them, spec 3 §7); a short page means the start of the chat was reached.
 */
export function useOlderMessages(
  fetchPage: (skip: number) => Promise<RoomMessage[]>,
  loadedCount: () => number,
  onPage: (page: RoomMessage[]) => void,
) {
  const [state, setState] = useState<OlderMessages>({ status: 'loading', foundAny: false });
  const busy = useRef(false);
  const latest = useRef({ fetchPage, loadedCount, onPage });
  useLayoutEffect(() => {
    latest.current = { fetchPage, loadedCount, onPage };
  });

  /** The first page came with the chat. */
  const started = useCallback((page: RoomMessage[]) => {
    setState({
      status: page.length < chatRoomApi.MESSAGES_PAGE_SIZE ? 'complete' : 'ready',
      foundAny: page.length > 0,
    });
  }, []);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setState((current) => ({ ...current, status: 'loading' }));
    try {
      const page = await latest.current.fetchPage(latest.current.loadedCount());
      latest.current.onPage(page);
      setState((current) => ({
        status: page.length < chatRoomApi.MESSAGES_PAGE_SIZE ? 'complete' : 'ready',
        foundAny: current.foundAny || page.length > 0,
      }));
    } catch (error) {
      console.warn('Could not load earlier messages', error);
      setState((current) => ({ ...current, status: 'error' }));
    } finally {
      busy.current = false;
    }
  }, []);

  return { ...state, started, loadMore };
}
