import { useQuery } from '@tanstack/react-query';
import { linkPreviewsApi } from '@referwell/contracts';
import { call } from '../../lib/api';

/**
 * Fetches the preview of a link through the provider API. Kept apart from LinkPreviewCard so
 * screens that already hold a preview (the chat room) render the card without the API client
 * and the query cache.
 */

/** Previews are cached by the server too; a day keeps a busy chat from asking again and again. */
export const LINK_PREVIEW_STALE_MS = 24 * 60 * 60 * 1000;

export const linkPreviewKey = (url: string) => ['link-preview', url] as const;

export function useLinkPreview(url: string | null | undefined) {
  return useQuery({
    queryKey: linkPreviewKey(url ?? ''),
    enabled: Boolean(url),
    staleTime: LINK_PREVIEW_STALE_MS,
    // A 400 (unsafe or malformed link) never changes, and the API client already retries 5xx.
    retry: false,
    queryFn: ({ signal }) => call(linkPreviewsApi.getLinkPreview, { query: { url: url! }, signal }),
  });
}
