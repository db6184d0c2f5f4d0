import { describe, expect, it } from 'vitest';
import { parseVideoUrl, parseVimeoUrl, parseYouTubeUrl } from './mediaUrls';

const ID = 'dQw4w9WgXcQ';
const EMBED = `https://www.youtube-nocookie.com/embed/${ID}`;

describe('parseYouTubeUrl', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?feature=share&v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&list=RD`,
    `https://youtu.be/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}?si=abc`,
    `http://www.youtube.com/v/${ID}`,
  ])('reads %s', (url) => {
    expect(parseYouTubeUrl(url)).toEqual({ provider: 'youtube', id: ID, embedUrl: EMBED });
  });

  it('keeps a start time', () => {
    expect(parseYouTubeUrl(`https://youtu.be/${ID}?t=90`)?.embedUrl).toBe(`${EMBED}?start=90`);
    expect(parseYouTubeUrl(`https://www.youtube.com/watch?v=${ID}&t=1m30s`)?.embedUrl).toBe(`${EMBED}?start=90`);
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/channel/${ID}`,
    `https://evil.example/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `javascript:alert('${ID}')`,
    'not a url',
  ])('refuses %s', (url) => {
    expect(parseYouTubeUrl(url)).toBeNull();
  });
});

describe('parseVimeoUrl', () => {
  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871#t=10s', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/groups/shortfilms/videos/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/album/2222/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/1a2b3c4d5e', 'https://player.vimeo.com/video/76979871?h=1a2b3c4d5e'],
    [
      'https://player.vimeo.com/video/76979871?h=1a2b3c4d5e&badge=0',
      'https://player.vimeo.com/video/76979871?h=1a2b3c4d5e',
    ],
  ])('reads %s', (url, embedUrl) => {
    expect(parseVimeoUrl(url)).toEqual({ provider: 'vimeo', id: '76979871', embedUrl });
  });

  it.each(['https://vimeo.com/about', 'https://notvimeo.com/76979871', 'ftp://vimeo.com/76979871'])(
    'refuses %s',
    (url) => {
      expect(parseVimeoUrl(url)).toBeNull();
    },
  );
});

describe('parseVideoUrl', () => {
  it('tries YouTube, then Vimeo', () => {
    expect(parseVideoUrl(`https://youtu.be/${ID}`)?.provider).toBe('youtube');
    expect(parseVideoUrl('https://vimeo.com/1')?.provider).toBe('vimeo');
    expect(parseVideoUrl('https://example.com/video.mp4')).toBeNull();
  });
});
