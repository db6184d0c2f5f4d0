/**
 * Full-screen gallery over images, local videos and YouTube/Vimeo players (spec 3 §2).
 *
 *   const items = galleryItemsFromFiles(files);          // clean images and videos
 *   const [index, setIndex] = useState<number | null>(null);
 *   <GalleryViewer items={items} opened={index !== null} index={index ?? 0}
 *     onIndexChange={setIndex} onClose={() => setIndex(null)} />
 *
 * Keep it mounted and toggle `opened`, so focus goes back to what opened it. Previous/next wrap
 * around; Left/Right arrows and sideways swipes move, Escape and the close button close.
 *
 * Files' links expire, so with `freshSrc` each image or video asks for its address as it is shown
 * ('Loading...' meanwhile); a file found gone, or an image that does not load, says so in words.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, Group, Loader, Modal, Text } from '@mantine/core';
import { FILE_STATE_TEXT } from './FileState';
import { FILE_OPEN_FAILED } from './freshFiles';
import type { GalleryItem } from './galleryItems';
import { NextIcon, PreviousIcon } from './icons';
import { useSwipe } from './useSwipe';

export interface GalleryViewerProps {
  items: GalleryItem[];
  opened: boolean;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** An image's or video's address at the moment it is shown; null when the file is gone. */
  freshSrc?: (item: GalleryItem) => Promise<string | null>;
}

const MEDIA_MAX_HEIGHT = 'calc(100dvh - 140px)';

/** Said in place of an image the browser could not load (an expired link, a network failure). */
export const IMAGE_FAILED = 'Sorry this image could not be shown';

function StageText({ children }: { children: string }) {
  return (
    <Text ta="center" c="gray.3" px="md">
      {children}
    </Text>
  );
}

/** The item's address: its own, or (with `freshSrc`) asked for once as it is shown. */
function useItemSrc(item: GalleryItem, freshSrc: GalleryViewerProps['freshSrc']) {
  const asks = !!freshSrc && item.kind !== 'embed';
  const [state, setState] = useState<{ src?: string; problem?: string }>(asks ? {} : { src: item.src });
  // The media is keyed by its item, so each item asks once, when it is shown: with what it had then.
  const first = useRef({ ask: freshSrc, asks, item });
  useEffect(() => {
    const { ask, asks, item } = first.current;
    if (!asks || !ask) return;
    let live = true;
    ask(item).then(
      (src) => live && setState(src ? { src } : { problem: FILE_STATE_TEXT.deleted }),
      () => live && setState({ problem: FILE_OPEN_FAILED }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

function GalleryMedia({ item, freshSrc }: { item: GalleryItem; freshSrc: GalleryViewerProps['freshSrc'] }) {
  const { src, problem } = useItemSrc(item, freshSrc);
  const [broken, setBroken] = useState(false);
  if (problem) return <StageText>{problem}</StageText>;
  if (!src) {
    return (
      <Group gap="xs">
        <Loader size="sm" color="gray.3" aria-hidden />
        <Text c="gray.3">Loading...</Text>
      </Group>
    );
  }
  if (item.kind === 'image') {
    if (broken) return <StageText>{IMAGE_FAILED}</StageText>;
    return (
      <img
        src={src}
        alt={item.name}
        onError={() => setBroken(true)}
        style={{ maxWidth: '100%', maxHeight: MEDIA_MAX_HEIGHT, objectFit: 'contain', display: 'block' }}
      />
    );
  }
  if (item.kind === 'video') {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption -- a file someone uploaded; there is no caption track to offer
      <video
        controls
        preload="metadata"
        aria-label={item.name}
        style={{ maxWidth: '100%', maxHeight: MEDIA_MAX_HEIGHT }}
      >
        <source src={src} type={item.type} />
      </video>
    );
  }
  return (
    <iframe
      src={item.src}
      title={item.name}
      allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      style={{ border: 0, width: 'min(100%, 960px)', aspectRatio: '16 / 9', maxHeight: MEDIA_MAX_HEIGHT }}
    />
  );
}

// A video's own controls use the arrow keys to seek; leave them alone there.
function ownsArrowKeys(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLMediaElement ||
    target instanceof HTMLInputElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

export function GalleryViewer({ items, opened, index, onIndexChange, onClose, freshSrc }: GalleryViewerProps) {
  const count = items.length;
  const current = count > 0 ? Math.min(Math.max(index, 0), count - 1) : 0;
  const item = items[current];
  const go = useCallback(
    (step: number) => count > 1 && onIndexChange((current + step + count) % count),
    [count, current, onIndexChange],
  );
  const swipe = useSwipe((direction) => go(direction === 'left' ? 1 : -1));

  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || ownsArrowKeys(event.target) || event.altKey || event.ctrlKey || event.metaKey)
        return;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        go(event.key === 'ArrowLeft' ? -1 : 1);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened, go]);

  return (
    <Modal
      opened={opened && !!item}
      onClose={onClose}
      fullScreen
      title={item?.name}
      closeButtonProps={{ 'aria-label': 'Close gallery', size: 'lg', c: 'gray.0' }}
      styles={{
        content: {
          background: 'var(--mantine-color-dark-8)',
          color: 'var(--mantine-color-gray-0)',
          display: 'flex',
          flexDirection: 'column',
        },
        header: { background: 'transparent', color: 'var(--mantine-color-gray-0)' },
        title: { overflowWrap: 'anywhere' },
        body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 },
      }}
    >
      {item && (
        <>
          <Box
            {...swipe}
            data-testid="gallery-stage"
            style={{
              flex: 1,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              touchAction: 'pan-y',
              minHeight: 0,
            }}
          >
            <GalleryMedia key={item.key} item={item} freshSrc={freshSrc} />
          </Box>
          <Group justify="center" gap="lg" pt="sm">
            {count > 1 && (
              <ActionIcon
                variant="filled"
                color="dark.5"
                size="xl"
                radius="xl"
                onClick={() => go(-1)}
                aria-label="Previous"
              >
                <PreviousIcon size={22} />
              </ActionIcon>
            )}
            <Text size="sm" aria-live="polite" aria-atomic style={{ fontVariantNumeric: 'tabular-nums' }}>
              {current + 1} of {count}
            </Text>
            {count > 1 && (
              <ActionIcon variant="filled" color="dark.5" size="xl" radius="xl" onClick={() => go(1)} aria-label="Next">
                <NextIcon size={22} />
              </ActionIcon>
            )}
          </Group>
        </>
      )}
    </Modal>
  );
}
