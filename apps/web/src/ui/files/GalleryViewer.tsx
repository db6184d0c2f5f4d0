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
 */
import { useCallback, useEffect } from 'react';
import { ActionIcon, Box, Group, Modal, Text } from '@mantine/core';
import type { GalleryItem } from './galleryItems';
import { NextIcon, PreviousIcon } from './icons';
import { useSwipe } from './useSwipe';

export interface GalleryViewerProps {
  items: GalleryItem[];
  opened: boolean;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

const MEDIA_MAX_HEIGHT = 'calc(100dvh - 140px)';

function GalleryMedia({ item }: { item: GalleryItem }) {
  if (item.kind === 'image') {
    return <img src={item.src} alt={item.name} style={{ maxWidth: '100%', maxHeight: MEDIA_MAX_HEIGHT, objectFit: 'contain', display: 'block' }} />;
  }
  if (item.kind === 'video') {
    return (
      <video controls preload="metadata" aria-label={item.name} style={{ maxWidth: '100%', maxHeight: MEDIA_MAX_HEIGHT }}>
        <source src={item.src} type={item.type} />
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
  return target instanceof HTMLMediaElement || target instanceof HTMLInputElement || (target instanceof HTMLElement && target.isContentEditable);
}

export function GalleryViewer({ items, opened, index, onIndexChange, onClose }: GalleryViewerProps) {
  const count = items.length;
  const current = count > 0 ? Math.min(Math.max(index, 0), count - 1) : 0;
  const item = items[current];
  const go = useCallback((step: number) => count > 1 && onIndexChange((current + step + count) % count), [count, current, onIndexChange]);
  const swipe = useSwipe((direction) => go(direction === 'left' ? 1 : -1));

  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || ownsArrowKeys(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
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
        content: { background: 'var(--mantine-color-dark-8)', color: 'var(--mantine-color-gray-0)', display: 'flex', flexDirection: 'column' },
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
            style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', touchAction: 'pan-y', minHeight: 0 }}
          >
            <GalleryMedia key={item.key} item={item} />
          </Box>
          <Group justify="center" gap="lg" pt="sm">
            {count > 1 && (
              <ActionIcon variant="filled" color="dark.5" size="xl" radius="xl" onClick={() => go(-1)} aria-label="Previous">
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
