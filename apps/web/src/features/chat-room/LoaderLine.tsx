import type { OlderMessages } from './useOlderMessages';

/** The infinite-scroll loader's line at the top of the list (spec 3 §2). */
export function LoaderLine({ status, foundAny, onRetry }: OlderMessages & { onRetry: () => void }) {
  switch (status) {
    case 'loading':
      return (
        <p className="rw-chat__loader" role="status">
          Loading...
        </p>
      );
    case 'complete':
      return <p className="rw-chat__loader">{foundAny ? 'No more data :)' : 'No results :('}</p>;
    case 'error':
      return (
        <p className="rw-chat__loader" role="alert">
          Opps, something went wrong :(
          <button type="button" className="rw-chat__retry" onClick={onRetry}>
            Retry
          </button>
        </p>
      );
    default:
      return null;
  }
}
