import { useLayoutEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { filesApi, type ScanStatus } from '@referwell/contracts';
import { fetchScanStatus, isFileGone } from './fileCalls';

/** Where a file just uploaded stands: its scan, or 'deleted' once the server says it is gone. */
export type UploadScanState = ScanStatus | 'deleted';

/**
 * Follows the scan of one file just uploaded (a new photo or logo that its owner takes on once it
 * is clean): checks at once, then every 5 s until the scan ends. `whenClean` runs before 'clean'
 * is reported, so that what the clean file changes is loaded by the time the page says so. Null
 * while there is no file to follow.
 *
 *   const scan = useUploadScan(uploadedId, () => refetchWhatItChanges());
 */
export function useUploadScan(fileId: number | null, whenClean?: () => Promise<unknown>): UploadScanState | null {
  const latest = useRef(whenClean);
  useLayoutEffect(() => {
    latest.current = whenClean;
  });
  const scan = useQuery({
    queryKey: ['upload-scan', fileId],
    enabled: fileId !== null,
    queryFn: async (): Promise<UploadScanState> => {
      const answer = await fetchScanStatus(fileId!).catch((error: unknown) => {
        if (isFileGone(error)) return null;
        throw error;
      });
      if (!answer) return 'deleted';
      if (answer.status === 'clean') await latest.current?.();
      return answer.status;
    },
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.data === 'scanning' ? filesApi.SCAN_POLL_MS : false,
  });
  return fileId === null ? null : (scan.data ?? 'scanning');
}
