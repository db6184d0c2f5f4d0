/**
 * The preview of a link in a message (spec 1 §2, spec 3 §2 Link preview card), rendered by its
 * media type; `useLinkPreview(url)` (useLinkPreview.ts) fetches one. Everything the linked site
 * sent is shown as text: nothing is rendered as HTML.
 */
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Anchor, Box, Card, Group, Stack, Text } from '@mantine/core';
import type { linkPreviewsApi } from '@referwell/contracts';

type LinkPreview = linkPreviewsApi.LinkPreview;

/** An absolute http(s) link, or null: previews come from other sites, so nothing else is followed. */
export function absoluteHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A link safe to open: absolute http(s), or a path on this site (download links are). */
export function safeLinkUrl(url: string | null | undefined): string | null {
  if (url && url.startsWith('/') && !url.startsWith('//')) return url;
  return absoluteHttpUrl(url);
}

function hostOf(url: string): string {
  return new URL(url).host;
}

export interface LinkPreviewCardProps {
  preview: LinkPreview;
  /** Opens the link the mobile way; without it the link opens in a new tab. */
  onOpenLink?: (url: string) => void;
}

export function LinkPreviewCard({ preview, onOpenLink }: LinkPreviewCardProps) {
  const url = absoluteHttpUrl(preview.url);
  const [imageFailed, setImageFailed] = useState(false);
  if (!url) return <Text style={{ overflowWrap: 'anywhere' }}>{preview.url}</Text>;
  const open = { url, onOpenLink };
  const contentType = preview.contentType ?? undefined;

  switch (preview.mediaType) {
    case 'image': {
      const src = absoluteHttpUrl(preview.images[0]) ?? url;
      if (imageFailed) return <BareLink {...open} />;
      return (
        <Opener {...open}>
          <HidingImage
            src={src}
            alt={preview.title || 'Linked image'}
            maxHeight={320}
            onFail={() => setImageFailed(true)}
          />
        </Opener>
      );
    }
    case 'video':
      return (
        <Box component="video" controls preload="metadata" maw="100%" mah={360} display="block">
          <source src={url} type={contentType} />
          <BareLink {...open} />
        </Box>
      );
    case 'audio':
      return (
        <Box component="audio" controls preload="metadata" maw="100%" display="block">
          <source src={url} type={contentType} />
          <BareLink {...open} />
        </Box>
      );
    default:
      return isBare(preview) ? <BareLink {...open} /> : <PageCard preview={preview} {...open} />;
  }
}

interface OpenProps {
  url: string;
  onOpenLink?: (url: string) => void;
}

function openHandler({ url, onOpenLink }: OpenProps) {
  if (!onOpenLink) return undefined;
  return (event: MouseEvent) => {
    event.preventDefault();
    onOpenLink(url);
  };
}

/** A real link either way, so keyboard, middle-click and "copy link" keep working. */
function Opener({ url, onOpenLink, children }: OpenProps & { children: ReactNode }) {
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={openHandler({ url, onOpenLink })}
      display="inline-block"
      maw="100%"
    >
      {children}
    </Anchor>
  );
}

function isBare(preview: LinkPreview): boolean {
  return !preview.title && !preview.description && !preview.siteName && preview.images.length === 0;
}

/** A link that could not be previewed: its host, then the full address. */
function BareLink(props: OpenProps) {
  return (
    <Opener {...props}>
      <Text span fw={600}>
        {hostOf(props.url)}
      </Text>{' '}
      <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
        {props.url}
      </Text>
    </Opener>
  );
}

function PageCard({ preview, url, onOpenLink }: OpenProps & { preview: LinkPreview }) {
  const image = absoluteHttpUrl(preview.images[0]);
  const favicon = absoluteHttpUrl(preview.favicons[0]);
  const heading = preview.title || preview.siteName || hostOf(url);
  return (
    <Card
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={openHandler({ url, onOpenLink })}
      aria-label={heading}
      withBorder
      padding="sm"
      maw={480}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      {image && (
        <Card.Section>
          <HidingImage src={image} alt="" maxHeight={200} cover />
        </Card.Section>
      )}
      <Stack gap={4} mt={image ? 'sm' : 0}>
        <Group gap={6} wrap="nowrap">
          {favicon && <HidingImage src={favicon} alt="" size={16} />}
          <Text size="xs" c="dimmed" truncate>
            {preview.siteName || hostOf(url)}
          </Text>
        </Group>
        {preview.title && (
          <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {preview.title}
          </Text>
        )}
        {preview.description && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {preview.description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

interface HidingImageProps {
  src: string;
  alt: string;
  maxHeight?: number;
  size?: number;
  cover?: boolean;
  onFail?: () => void;
}

/** Images of other sites break often; a broken one disappears instead of showing an icon. */
function HidingImage({ src, alt, maxHeight, size, cover, onFail }: HidingImageProps) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => {
        setFailed(true);
        onFail?.();
      }}
      w={size ?? (cover ? '100%' : undefined)}
      h={size}
      maw="100%"
      mah={maxHeight}
      display="block"
      style={{ objectFit: cover ? 'cover' : 'contain', flexShrink: 0 }}
    />
  );
}
