/**
 * A file's small picture: `<FilePreview file={file} size={48} />` (or size="full" to fill a card).
 * Used by FileViewer; usable on its own, e.g. for a content card's attachment.
 */
import { useState } from 'react';
import { Box, Text } from '@mantine/core';
import type { FileView } from '@referwell/contracts';
import { fileExtension, isImageFile } from './fileTypes';

interface FilePreviewProps {
  file: FileView;
  /** Edge in px; `full` fills the width of its card. */
  size: number | 'full';
}

/**
 * A clean image's thumbnail, otherwise a tile with the upper-case extension (spec 3 §2). Only
 * clean files have a download link, so nothing unscanned is ever fetched. Decorative: the name is
 * next to it.
 */
export function FilePreview({ file, size }: FilePreviewProps) {
  // Signed links expire: a thumbnail that fails falls back to the tile instead of a broken image.
  const [failed, setFailed] = useState(false);
  const width = size === 'full' ? '100%' : size;
  const height = size === 'full' ? 140 : size;
  const showImage = !failed && !file.deleted && file.scanStatus === 'clean' && file.downloadUrl && isImageFile(file);

  if (showImage) {
    return (
      <Box
        component="img"
        src={file.downloadUrl!}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
        w={width}
        h={height}
        style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0, display: 'block' }}
      />
    );
  }
  const extension = fileExtension(file.name).toUpperCase().slice(0, 5) || 'FILE';
  const px = size === 'full' ? 96 : size;
  return (
    <Box
      aria-hidden
      w={width}
      h={height}
      bg="gray.1"
      style={{
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <Text fw={700} c="gray.8" style={{ fontSize: Math.max(9, Math.min(20, px / 4)), lineHeight: 1 }}>
        {extension}
      </Text>
    </Box>
  );
}
