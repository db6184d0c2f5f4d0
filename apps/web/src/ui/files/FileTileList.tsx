/**
 * The files of a FileViewer as tiles, with the gallery for clean images and videos, but without
 * scan polling or the Remove confirmation: for screens that get scan results pushed to them and
 * never remove files (the chat room), so they stay free of the provider API client.
 *
 *   <FileTileList files={message.files} mode="tiny" label="Attachments" onSelect={tapFile} />
 *
 * FileViewer (FileViewer.tsx) adds polling and a confirmed Remove around it.
 */
import { useMemo, useState } from 'react';
import { Box } from '@mantine/core';
import type { FileView } from '@referwell/contracts';
import { FileTile, type FileViewerMode } from './FileTile';
import { fileState } from './FileState';
import { GalleryViewer } from './GalleryViewer';
import { galleryItemsFromFiles, galleryKey, isGalleryFile } from './galleryItems';

export interface FileTileListProps {
  files: FileView[];
  mode?: FileViewerMode;
  /** Names the list for screen readers. */
  label?: string;
  /** Show a Download link on clean files (default on). */
  allowDownload?: boolean;
  /** Shows Remove when given; called at once (FileViewer asks first). */
  onRemove?: (file: FileView) => void;
  /** Called for a clean file that is not an image or video, instead of opening its link. */
  onSelect?: (file: FileView) => void;
  /** Upload progress in percent by file id, for files whose status is 'uploading'. */
  progress?: Record<number, number>;
}

function openLink(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

export function FileTileList({ files, mode = 'normal', label = 'Files', allowDownload = true, onRemove, onSelect, progress }: FileTileListProps) {
  const gallery = useMemo(() => galleryItemsFromFiles(files), [files]);
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);

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

  if (files.length === 0) return null;
  const tiles = files.map((file) => {
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
        onRemove={onRemove ? () => onRemove(file) : undefined}
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
    </>
  );
}
