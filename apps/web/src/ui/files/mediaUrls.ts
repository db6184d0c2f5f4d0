import { filesApi } from '@referwell/contracts';

/** Embeddable video links (spec 3 §2 Gallery viewer: YouTube, Vimeo). */
export interface VideoEmbed {
  provider: 'youtube' | 'vimeo';
  id: string;
  embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = /^(?:www\.|m\.|music\.)?(?:youtube\.com|youtube-nocookie\.com)$/;
const VIMEO_HOSTS = /^(?:www\.|player\.)?vimeo\.com$/;

function parseUrl(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** "90", "90s", "1m30s", "1h2m3s" → seconds. */
function parseStart(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+s?$/.test(value)) return Number.parseInt(value, 10) || null;
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!parts || !parts[0]) return null;
  const [, h = '0', m = '0', s = '0'] = parts;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) || null;
}

/**
 * youtube.com/watch?v=ID, youtu.be/ID, /embed/ID, /shorts/ID, /live/ID, /v/ID, m. and music.
 * hosts and youtube-nocookie.com; a start time (t= or start=) is kept.
 */
export function parseYouTubeUrl(value: string): VideoEmbed | null {
  const url = parseUrl(value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.test(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = parseStart(url.searchParams.get('t') ?? url.searchParams.get('start'));
  return {
    provider: 'youtube',
    id,
    embedUrl: `${filesApi.VIDEO_PLAYER_ORIGINS.youtube}/embed/${id}${start ? `?start=${start}` : ''}`,
  };
}

/**
 * vimeo.com/ID, vimeo.com/ID/HASH (unlisted), vimeo.com/channels/NAME/ID,
 * vimeo.com/groups/NAME/videos/ID, vimeo.com/album/N/video/ID, player.vimeo.com/video/ID?h=HASH.
 */
export function parseVimeoUrl(value: string): VideoEmbed | null {
  const url = parseUrl(value);
  if (!url || !VIMEO_HOSTS.test(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  // The first number that is not an album's or showcase's.
  const index = segments.findIndex(
    (segment, i) => /^\d+$/.test(segment) && !['album', 'showcase'].includes(segments[i - 1] ?? ''),
  );
  const id = index >= 0 ? segments[index] : undefined;
  if (!id) return null;
  const next = segments[index + 1];
  const hash = url.searchParams.get('h') ?? (next && /^[0-9a-f]{6,}$/i.test(next) ? next : null);
  return {
    provider: 'vimeo',
    id,
    embedUrl: `${filesApi.VIDEO_PLAYER_ORIGINS.vimeo}/video/${id}${hash ? `?h=${encodeURIComponent(hash)}` : ''}`,
  };
}

export function parseVideoUrl(value: string): VideoEmbed | null {
  return parseYouTubeUrl(value) ?? parseVimeoUrl(value);
}
