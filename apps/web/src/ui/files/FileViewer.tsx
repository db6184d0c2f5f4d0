/**
 * Lists files with a preview, name, size, state and optional Download / Remove (spec 3 §2).
 *
 *   const { data: files = [] } = useFileViews(ids);
 *   <FileViewer files={files} mode="minimal" onRemove={(file) => detach(file.id)} />
 *
 * Modes:
 * - full: cards with a wide preview (image or extension tile), the name (200 characters), size,
 *   state, and "Download" / "Remove" buttons; for pages about files.
 * - normal (default): rows with a 56 px preview, name (200), size, state and text buttons.
 * - minimal: compact rows with a 36 px preview, name cut at 40, size, state and icon buttons;
 *   for composers and side panels.
 * - tiny: previews only, with the state in words under them; the name is the button's label and
 *   tooltip; no size and no buttons (open the file to download it); for message bubbles.
 *
 * Only clean files are clickable: a clean image or video opens the gallery; another clean file
 * calls `onSelect` when given, else opens its download link in a new tab. Links expire after a few
 * minutes, so opening a file (or Download, or the gallery) first fetches it again from the files
 * API for a fresh link (`freshFile` replaces that, e.g. for a service of its own). While files are
 * scanning their status is checked every 5 s (turn off with `poll={false}` when a FILE_SCANNED
 * event delivers results instead); `onFileChange` hears each result. FileTileList is the same list
 * without polling and Remove, for screens that must not load the provider API client.
 */
import { useState } from 'react';
import { Text } from '@mantine/core';
import type { FileView } from '@referwell/contracts';
import { ConfirmDialog } from '../ConfirmDialog';
import { freshFileView } from './fileCalls';
import { FileTileList, type FileTileListProps } from './FileTileList';
import { useScanPolling } from './useScanPolling';

export interface FileViewerProps extends Omit<FileTileListProps, 'onRemove'> {
  /** Shows Remove (asking first) when given; a rejection stays in the dialog. */
  onRemove?: (file: FileView) => unknown;
  /** Check scanning files every 5 s (default on). */
  poll?: boolean;
  onFileChange?: (file: FileView) => void;
}

export function FileViewer({
  files,
  onRemove,
  poll = true,
  onFileChange,
  freshFile = freshFileView,
  ...listProps
}: FileViewerProps) {
  const shown = useScanPolling(files, poll, onFileChange);
  const [removing, setRemoving] = useState<{ file: FileView; busy: boolean; error?: unknown } | null>(null);
  // The dialog keeps its text while it fades out after closing.
  const [removingName, setRemovingName] = useState('');
  if (removing && removing.file.name !== removingName) setRemovingName(removing.file.name);

  const confirmRemove = async () => {
    if (!removing || !onRemove) return;
    setRemoving({ file: removing.file, busy: true });
    try {
      await onRemove(removing.file);
      setRemoving(null);
    } catch (error) {
      setRemoving({ file: removing.file, busy: false, error });
    }
  };

  if (shown.length === 0) return null;
  return (
    <>
      <FileTileList
        {...listProps}
        files={shown}
        freshFile={freshFile}
        onRemove={onRemove ? (file) => setRemoving({ file, busy: false }) : undefined}
      />
      <ConfirmDialog
        opened={!!removing}
        title="Remove file"
        confirmLabel="Remove"
        loading={removing?.busy}
        error={removing?.error}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <Text component="span" style={{ overflowWrap: 'anywhere' }}>
          Remove {removingName}?
        </Text>
      </ConfirmDialog>
    </>
  );
}
