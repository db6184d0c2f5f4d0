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
 * calls `onSelect` when given, else opens its download link in a new tab. While files are
 * scanning their status is checked every 5 s (turn off with `poll={false}` when a FILE_SCANNED
 * event delivers results instead); `onFileChange` hears each result.
 */
import { useMemo, useRef, useState } from 'react';
import { Box, Text } from '@mantine/core';
import type { FileView } from '@referwell/contracts';
import { ConfirmDialog } from '../ConfirmDialog';
import { FileTile, type FileViewerMode } from './FileTile';
import { fileState } from './FileState';
import { GalleryViewer } from './GalleryViewer';
import { galleryItemsFromFiles, galleryKey, isGalleryFile } from './galleryItems';
import { useScanPolling } from './useScanPolling';

export interface FileViewerProps {
  files: FileView[];
  mode?: FileViewerMode;
  /** Names the list for screen readers. */
  label?: string;
  /** Show a Download link on clean files (default on). */
  allowDownload?: boolean;
  /** Shows Remove (asking first) when given; a rejection stays in the dialog. */
  onRemove?: (file: FileView) => unknown;
  /** Called for a clean file that is not an image or video, instead of opening its link. */
  onSelect?: (file: FileView) => void;
  /** Upload progress in percent by file id, for files whose status is 'uploading'. */
  progress?: Record<number, number>;
  /** Check scanning files every 5 s (default on). */
  poll?: boolean;
  onFileChange?: (file: FileView) => void;
}

function openLink(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

export function FileViewer({
  files,
  mode = 'normal',
  label = 'Files',
  allowDownload = true,
  onRemove,
  onSelect,
  progress,
  poll = true,
  onFileChange,
}: FileViewerProps) {
  const shown = useScanPolling(files, poll, onFileChange);
  const gallery = useMemo(() => galleryItemsFromFiles(shown), [shown]);
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const [removing, setRemoving] = useState<{ file: FileView; busy: boolean; error?: unknown } | null>(null);
  // The dialog keeps its text while it fades out after closing.
  const removingName = useRef('');
  if (removing) removingName.current = removing.file.name;

  const openerFor = (file: FileView): { onOpen?: () => void; verb: 'View' | 'Open' } => {
    if (fileState(file) !== 'clean') return { verb: 'Open' };
    if (isGalleryFile(file)) {
      const at = gallery.findIndex((item) => item.key === galleryKey(file));
      return { verb: 'View', onOpen: () => setGalleryIndex(at) };
    }
    if (onSelect) return { verb: 'Open', onOpen: () => onSelect(file) };
    if (file.downloadUrl) return { verb: 'Open', onOpen: () => openLink(file.downloadUrl!) };
    return { verb: 'Open' };
  };

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
  const tiles = shown.map((file) => {
    const { onOpen, verb } = openerFor(file);
    return (
      <FileTile
        key={file.id}
        file={file}
        mode={mode}
        progress={progress?.[file.id]}
        allowDownload={allowDownload}
        onOpen={onOpen}
        openVerb={verb}
        onRemove={onRemove ? () => setRemoving({ file, busy: false }) : undefined}
      />
    );
  });
  const layout =
    mode === 'full'
      ? { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))' }
      : mode === 'tiny'
        ? { display: 'flex', flexWrap: 'wrap' as const }
        : { display: 'flex', flexDirection: 'column' as const };

  return (
    <>
      <Box component="ul" aria-label={label} m={0} p={0} style={{ ...layout, gap: 'var(--mantine-spacing-xs)', listStyle: 'none' }}>
        {tiles}
      </Box>
      <GalleryViewer
        items={gallery}
        opened={galleryIndex !== null}
        index={galleryIndex ?? 0}
        onIndexChange={setGalleryIndex}
        onClose={() => setGalleryIndex(null)}
      />
      <ConfirmDialog
        opened={!!removing}
        title="Remove file"
        confirmLabel="Remove"
        loading={removing?.busy}
        error={removing?.error}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        <Text component="span" style={{ overflowWrap: 'anywhere' }}>
          Remove {removingName.current}?
        </Text>
      </ConfirmDialog>
    </>
  );
}
