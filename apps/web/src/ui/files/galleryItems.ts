import type { FileView } from '@referwell/contracts';
import { isImageFile, isVideoFile } from './fileTypes';

/**
 * One thing the gallery shows: an image, a local video, or a YouTube/Vimeo player (an `embed`,
 * made from a link with parseVideoUrl; uploads never hold video, which the server refuses).
 */
export type GalleryItem =
  | { kind: 'image'; key: string; name: string; src: string }
  | { kind: 'video'; key: string; name: string; src: string; type: string }
  | { kind: 'embed'; key: string; name: string; src: string; provider: 'youtube' | 'vimeo' };

/** Whether the gallery can show this file: clean, not expired, with a link, an image or a video. */
export function isGalleryFile(file: FileView): boolean {
  return (
    !file.deleted &&
    file.status !== 'uploading' &&
    file.scanStatus === 'clean' &&
    !!file.downloadUrl &&
    (isImageFile(file) || isVideoFile(file))
  );
}

export const galleryKey = (file: Pick<FileView, 'id'>) => `file-${file.id}`;

export function galleryItemsFromFiles(files: FileView[]): GalleryItem[] {
  return files
    .filter(isGalleryFile)
    .map((file) =>
      isVideoFile(file)
        ? { kind: 'video', key: galleryKey(file), name: file.name, src: file.downloadUrl!, type: file.type }
        : { kind: 'image', key: galleryKey(file), name: file.name, src: file.downloadUrl! },
    );
}
