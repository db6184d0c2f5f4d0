import { linkPreviewsApi } from '@referwell/contracts';
import type { SafeResponse } from '../../platform/net/safe-fetch.js';
import { readHead, type PageHead } from './html-head.js';

type LinkPreview = linkPreviewsApi.LinkPreview;
type LinkPreviewVideo = linkPreviewsApi.LinkPreviewVideo;

const { MAX_PREVIEW_DESCRIPTION, MAX_PREVIEW_ITEMS, MAX_PREVIEW_TITLE, MAX_PREVIEW_URL_LENGTH } = linkPreviewsApi;
const MAX_SITE_NAME = 200;
const MAX_TYPE = 100;
const MAX_DIMENSION = 100_000;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** A preview with nothing but the link: what a link that cannot be fetched shows as. */
export function bareLinkPreview(url: string, contentType: string | null = null): LinkPreview {
  return {
    mediaType: 'website',
    url,
    images: [],
    favicons: [],
    videos: [],
    siteName: null,
    title: null,
    description: null,
    contentType,
  };
}

/** Whitespace collapsed, trimmed, cut at `max` characters (with an ellipsis); null when empty. */
function clean(text: string | undefined, max: number): string | null {
  const value = text?.replace(/\s+/g, ' ').trim();
  if (!value) return null;
  if (value.length <= max) return value;
  let cut = value.slice(0, max - 1);
  // Never leave half of a surrogate pair behind.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** An absolute http(s) URL, or null: javascript:, data: and overlong links never reach a client. */
function absolute(value: string | undefined, base: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed || !URL.canParse(trimmed, base)) return null;
  const url = new URL(trimmed, base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.href.length <= MAX_PREVIEW_URL_LENGTH ? url.href : null;
}

function dimension(value: string): number | undefined {
  const n = Number(value.trim());
  return Number.isInteger(n) && n > 0 && n <= MAX_DIMENSION ? n : undefined;
}

const unique = (urls: (string | null)[]) =>
  [...new Set(urls.filter((u): u is string => u !== null))].slice(0, MAX_PREVIEW_ITEMS);

/** og:type → how the card renders. */
function mediaTypeOf(ogType: string | undefined): LinkPreview['mediaType'] {
  const type = ogType?.trim().toLowerCase();
  if (type === 'article') return 'article';
  if (type?.startsWith('video')) return 'video.other';
  return 'website';
}

/**
 * Open Graph arrays: `og:image` (or `og:image:url`) starts an image, the structured properties
 * after it (`:secure_url`, `:type`, `:width`, `:height`) describe that image.
 */
function structured(meta: PageHead['meta'], prefix: 'og:image' | 'og:video') {
  const items: { url?: string; secureUrl?: string; type?: string; width?: number; height?: number }[] = [];
  for (const [key, content] of meta) {
    const current = items.at(-1);
    if (key === prefix || key === `${prefix}:url`) items.push({ url: content });
    else if (key === `${prefix}:secure_url`) {
      if (current && !current.secureUrl) current.secureUrl = content;
      else items.push({ secureUrl: content });
    } else if (!current) continue;
    else if (key === `${prefix}:type`) current.type = clean(content, MAX_TYPE)?.toLowerCase();
    else if (key === `${prefix}:width`) current.width = dimension(content);
    else if (key === `${prefix}:height`) current.height = dimension(content);
  }
  return items;
}

/** Builds the preview of an HTML page from its head; relative URLs resolve against `<base>` or the page. */
export function previewFromHead(head: PageHead, pageUrl: string): LinkPreview {
  const base = absolute(head.base, pageUrl) ?? pageUrl;
  const first = (...keys: string[]) => {
    for (const key of keys) {
      const found = head.meta.find(([k, content]) => k === key && content.trim());
      if (found) return found[1];
    }
    return undefined;
  };

  const ogImages = structured(head.meta, 'og:image').map((i) => absolute(i.secureUrl, base) ?? absolute(i.url, base));
  const images = unique(
    ogImages.some(Boolean) ? ogImages : [absolute(first('twitter:image', 'twitter:image:src'), base)],
  );

  const videos: LinkPreviewVideo[] = [];
  for (const v of structured(head.meta, 'og:video')) {
    const url = absolute(v.secureUrl, base) ?? absolute(v.url, base);
    if (!url || videos.some((known) => known.url === url) || videos.length >= MAX_PREVIEW_ITEMS) continue;
    videos.push({
      url,
      ...(v.type ? { type: v.type } : {}),
      ...(v.width ? { width: v.width } : {}),
      ...(v.height ? { height: v.height } : {}),
    });
  }

  const icons = unique(head.icons.map((href) => absolute(href, base)));
  return {
    mediaType: mediaTypeOf(first('og:type')),
    url: pageUrl,
    images,
    favicons: icons.length ? icons : [new URL('/favicon.ico', pageUrl).href],
    videos,
    siteName: clean(first('og:site_name', 'application-name'), MAX_SITE_NAME),
    title: clean(first('og:title', 'twitter:title') ?? head.title, MAX_PREVIEW_TITLE),
    description: clean(first('og:description', 'twitter:description', 'description'), MAX_PREVIEW_DESCRIPTION),
    contentType: 'text/html',
  };
}

/**
 * The preview of a fetched resource: HTML pages by their head (the body is not read), images,
 * videos and audio by their type alone (nothing of them is downloaded), anything else as a bare link.
 */
export async function unfurl(response: SafeResponse): Promise<LinkPreview> {
  const type = response.contentType;
  if (HTML_TYPES.has(type)) {
    const head = await readHead(response.body, response.charset);
    return { ...previewFromHead(head, response.url), contentType: type };
  }
  response.close();
  const media = /^(image|video|audio)\//.exec(type)?.[1] as 'image' | 'video' | 'audio' | undefined;
  if (!media) return bareLinkPreview(response.url, type || null);
  return {
    ...bareLinkPreview(response.url, type),
    mediaType: media,
    images: media === 'image' ? [response.url] : [],
    videos: media === 'video' ? [{ url: response.url, type }] : [],
  };
}
