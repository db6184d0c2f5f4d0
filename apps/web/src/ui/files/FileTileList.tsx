/**
 * The files of a FileViewer as tiles, with the gallery for clean images and videos, but without
 * scan polling or the Remove confirmation: for screens that get scan results pushed to them and
 * never remove files (the chat room), so they stay free of the provider API client.
 *
 *   <FileTileList files={message.files} mode="tiny" label="Attachments" onSelect={tapFile} freshFile={client.freshFile} />
 *
 * Opening a file (a click, Download, the gallery) asks `freshFile` for it first, since the links a
 * list was given expire (freshFiles.ts). FileViewer (FileViewer.tsx) adds polling, a confirmed
 * Remove, and the files API as the way to ask.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Box, Text } from '@mantine/core';
import type { FileView } from '@referwell/contracts';
import { FileTile, type FileViewerMode } from './FileTile';
import { fileState } from './FileState';
import { FILE_OPEN_FAILED, fileAsGiven, openFreshInNewTab, useFreshFiles, type FreshFile } from './freshFiles';
import { galleryItemsFromFiles, galleryKey, isGalleryFile, type GalleryItem } from './galleryItems';

// The gallery (a modal with its focus trap and scroll lock) is a chunk of its own, fetched once a
// list is shown rather than with the page: the chat room's first download does without it. It is
// mounted closed, so the modal sees itself open and knows where to return the focus.
const GalleryViewer = lazy(() => import('./GalleryViewer').then(({ GalleryViewer }) => ({ default: GalleryViewer })));

export interface FileTileListProps {
  files: FileView[];
  mode?: FileViewerMode;
  /** Names the list for screen readers. */
  label?: string;
  /** Show a Download link on clean files (default on). */
  allowDownload?: boolean;
  /** Shows Remove when given; called at once (FileViewer asks first). */
  onRemove?: (file: FileView) => void;
  /**
   * Called for a clean file that is not an image or video, instead of opening its link, with the
   * file as the server has it now (a fresh link).
   */
  onSelect?: (file: FileView) => void;
  /** Asks the server for a file as it is now, when it is opened; without it the given link is used. */
  freshFile?: FreshFile;
}

export function FileTileList({
  files,
  mode = 'normal',
  label = 'Files',
  allowDownload = true,
  onRemove,
  onSelect,
  freshFile = fileAsGiven,
}: FileTileListProps) {
  const { shown, fetchFresh } = useFreshFiles(files, freshFile);
  // The gallery keeps the parent's list while it is open; an item found gone says so in place.
  const gallery = useMemo(() => galleryItemsFromFiles(files), [files]);
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  // What the server answers stands in for the tile (a file found deleted shows as expired); a
  // failure to ask says so under the list.
  const settle = (asked: Promise<unknown>) =>
    asked.then(
      () => setFailed(false),
      (error: unknown) => {
        console.warn('Could not get a fresh link for a file', error);
        setFailed(true);
      },
    );
  const openInTab = (file: FileView) => settle(openFreshInNewTab(fetchFresh(file)));
  const select = (file: FileView, handler: (file: FileView) => void) =>
    settle(fetchFresh(file).then((now) => now?.downloadUrl && handler(now)));
  const freshSrc = (item: GalleryItem) => {
    const file = files.find((one) => galleryKey(one) === item.key);
    return file ? fetchFresh(file).then((now) => now?.downloadUrl ?? null) : Promise.resolve(item.src);
  };

  const openerFor = (file: FileView): { onOpen?: () => void; verb: 'View' | 'Open' } => {
    if (fileState(file) !== 'clean') return { verb: 'Open' };
    const at = isGalleryFile(file) ? gallery.findIndex((item) => item.key === galleryKey(file)) : -1;
    if (at >= 0) return { verb: 'View', onOpen: () => setGalleryIndex(at) };
    if (onSelect) return { verb: 'Open', onOpen: () => void select(file, onSelect) };
    if (file.downloadUrl) return { verb: 'Open', onOpen: () => void openInTab(file) };
    return { verb: 'Open' };
  };

  if (files.length === 0) return null;
  const tiles = shown.map((file) => {
    const { onOpen, verb } = openerFor(file);
    return (
      <FileTile
        key={file.id}
        file={file}
        mode={mode}
        allowDownload={allowDownload}
        onOpen={onOpen}
        onDownload={() => void openInTab(file)}
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
      <Box
        component="ul"
        aria-label={label}
        m={0}
        p={0}
        style={{ ...layout, gap: 'var(--mantine-spacing-xs)', listStyle: 'none' }}
      >
        {tiles}
      </Box>
      {failed && (
        <Text size="xs" c="red.8" role="alert" mt={4}>
          {FILE_OPEN_FAILED}
        </Text>
      )}
      <Suspense fallback={null}>
        <GalleryViewer
          items={gallery}
          freshSrc={freshSrc}
          opened={galleryIndex !== null}
          index={galleryIndex ?? 0}
          onIndexChange={setGalleryIndex}
          onClose={() => setGalleryIndex(null)}
        />
      </Suspense>
    </>
  );
}
