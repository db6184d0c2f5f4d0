import { CHAT_TEXTS } from './chatTexts';
import type { OlderMessages } from './useOlderMessages';

interface LoaderLineProps extends OlderMessages {
  /** The chat opens on the practice's welcome, which then stands for its start. */
  welcomed: boolean;
  onRetry: () => void;
}

/**
 * The infinite-scroll loader's line at the top of the list (spec 3 §2). Its 'No results :(' and
 * 'No more data :)' are not said: the start of a chat is its welcome, or 'No messages yet' when a
 * chat without one is empty; a chat with messages needs no word for its start.
 */
export function LoaderLine({ status, foundAny, welcomed, onRetry }: LoaderLineProps) {
  switch (status) {
    case 'loading':
      return (
        <p className="rw-chat__loader" role="status">
          Loading...
        </p>
      );
    case 'complete':
      return foundAny || welcomed ? null : <p className="rw-chat__loader">{CHAT_TEXTS.noMessages}</p>;
    case 'error':
      return (
        <p className="rw-chat__loader" role="alert">
          {CHAT_TEXTS.olderFailed}
          <button type="button" className="rw-chat__retry" onClick={onRetry}>
            {CHAT_TEXTS.retry}
          </button>
        </p>
      );
    default:
      return null;
  }
}
