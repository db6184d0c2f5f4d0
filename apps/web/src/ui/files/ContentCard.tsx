/**
 * A card for a piece of shared content (spec 3 §2 Content card): thumbnail, title, short
 * description; the whole card opens the file, or else the content's link, in a new tab.
 */
import { useEffect, useId, useState } from 'react';
import { Box, Card, Stack, Text } from '@mantine/core';
import type { FileView } from '@referwell/contracts';
import { truncate } from '../../lib/truncate';
import { FilePreview } from './FilePreview';
import { safeLinkUrl } from './LinkPreviewCard';

/** Spec 3 §2: the thumbnail is tried again every 2 s, about 10 times. */
export const THUMBNAIL_RETRY_MS = 2_000;
export const THUMBNAIL_MAX_RETRIES = 10;
export const CONTENT_DESCRIPTION_MAX = 120;

const THUMBNAIL_HEIGHT = 140;

export interface ContentCardProps {
  title: string;
  description?: string | null;
  thumbnail?: string | null;
  file?: FileView | null;
  /** The content's link, opened when there is no file to download. */
  value?: string | null;
}

export function ContentCard({ title, description, thumbnail, file, value }: ContentCardProps) {
  const titleId = useId();
  const descriptionId = useId();
  const href = safeLinkUrl(file?.downloadUrl) ?? safeLinkUrl(value);
  const link = href
    ? { component: 'a' as const, href, target: '_blank', rel: 'noopener noreferrer' }
    : { component: 'article' as const };

  return (
    <Card
      {...link}
      withBorder
      padding="sm"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Card.Section>
        {thumbnail ? (
          // A new link starts its retries afresh.
          <Thumbnail key={thumbnail} src={thumbnail} />
        ) : file ? (
          <FilePreview file={file} size="full" />
        ) : (
          <Placeholder />
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text id={titleId} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        {description && (
          <Text id={descriptionId} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {truncate(description, CONTENT_DESCRIPTION_MAX)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

type ThumbnailState = 'loading' | 'waiting' | 'loaded' | 'failed';

/**
 * A thumbnail may not exist yet (it is generated after upload), so a failed load is tried again
 * every 2 s; after the last retry a plain tile replaces the spinner text for good.
 */
function Thumbnail({ src }: { src: string }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ThumbnailState>('loading');

  useEffect(() => {
    if (state !== 'waiting') return;
    const timer = setTimeout(() => {
      setAttempt((n) => n + 1);
      setState('loading');
    }, THUMBNAIL_RETRY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (state === 'failed') return <Placeholder />;
  return (
    <Box pos="relative" h={THUMBNAIL_HEIGHT} bg="gray.1">
      {state !== 'waiting' && (
        <Box
          // Remounting the element makes the browser request the image again.
          key={attempt}
          component="img"
          src={src}
          alt=""
          onLoad={() => setState('loaded')}
          onError={() => setState(attempt >= THUMBNAIL_MAX_RETRIES ? 'failed' : 'waiting')}
          w="100%"
          h={THUMBNAIL_HEIGHT}
          style={{ objectFit: 'cover', display: 'block', opacity: state === 'loaded' ? 1 : 0 }}
        />
      )}
      {state !== 'loaded' && (
        <Text
          size="sm"
          c="dimmed"
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          Loading...
        </Text>
      )}
    </Box>
  );
}

function Placeholder() {
  return <Box aria-hidden h={THUMBNAIL_HEIGHT} bg="gray.1" />;
}
