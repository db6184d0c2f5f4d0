import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { filesApi, type FileView } from '@referwell/contracts';
import { fetchFiles, fetchScanStatus, isFileGone } from './fileCalls';

type Updates = Record<number, Partial<FileView>>;

function isScanning(file: FileView): boolean {
  return !file.deleted && file.status !== 'uploading' && file.scanStatus === 'scanning';
}

/** A file as the viewer shows it: what the scan checks learned, over what the parent passed. */
function merge(file: FileView, updates: Updates): FileView {
  const update = updates[file.id];
  // A settled status from the parent (a refetch, a FILE_SCANNED event) wins over our checks.
  return update && file.scanStatus === 'scanning' ? { ...file, ...update } : file;
}

/**
 * Spec 3 §4 File scan: while any file is scanning and polling is on, checks each scanning file's
 * status every 5 s; stops when none are left. A result updates scanStatus and type; a file that
 * comes back clean is fetched once more for its download link. A file the server says is gone
 * (deleted while it was scanning) is shown as expired and no longer checked. Any other failed
 * check is logged and tried again on the next tick.
 */
export function useScanPolling(
  files: FileView[],
  enabled: boolean,
  onFileChange?: (file: FileView) => void,
): FileView[] {
  const [updates, setUpdates] = useState<Updates>({});
  const merged = useMemo(() => files.map((file) => merge(file, updates)), [files, updates]);
  const scanningKey = merged
    .filter(isScanning)
    .map((file) => file.id)
    .join(',');
  const latest = useRef({ merged, onFileChange });
  useLayoutEffect(() => {
    latest.current = { merged, onFileChange };
  });

  useEffect(() => {
    if (!enabled || !scanningKey) return;
    const ids = scanningKey.split(',').map(Number);
    const checking = new Set<number>();
    let stopped = false;

    const apply = (id: number, update: Partial<FileView>) => {
      if (stopped) return;
      setUpdates((all) => ({ ...all, [id]: { ...all[id], ...update } }));
      const file = latest.current.merged.find((one) => one.id === id);
      if (file) latest.current.onFileChange?.({ ...file, ...update });
    };

    const check = async (id: number) => {
      const answer = await fetchScanStatus(id).catch((error: unknown) => {
        if (isFileGone(error)) return null;
        throw error;
      });
      if (!answer) return apply(id, { deleted: true, downloadUrl: null });
      const { status, type } = answer;
      if (status !== 'clean') return apply(id, { scanStatus: status, type });
      // The status call has no download link; without one a clean file could not be opened.
      const [fresh] = await fetchFiles([id]).catch((error: unknown) => {
        console.warn(`Could not fetch the download link of file ${id}`, error);
        return [];
      });
      apply(id, fresh ? { ...fresh, scanStatus: status, type } : { scanStatus: status, type });
    };

    const timer = setInterval(() => {
      for (const id of ids) {
        if (checking.has(id)) continue;
        checking.add(id);
        check(id)
          .catch((error: unknown) => console.warn(`Could not check the scan status of file ${id}`, error))
          .finally(() => checking.delete(id));
      }
    }, filesApi.SCAN_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [enabled, scanningKey]);

  return merged;
}
