import { describe, expect, it } from 'vitest';
import { readHead } from './html-head.js';
import { previewFromHead } from './unfurl.js';

const PAGE = 'https://news.example.com/story/42?ref=chat';

async function* chunks(...parts: (string | Buffer)[]) {
  for (const part of parts) yield Buffer.isBuffer(part) ? part : Buffer.from(part);
}

const preview = async (html: string, url = PAGE) => previewFromHead(await readHead(chunks(html)), url);

describe('previewFromHead', () => {
  it('reads every Open Graph field', async () => {
    const p = await preview(`<!doctype html><html><head>
      <meta property="og:type" content="article">
      <meta property="og:title" content="Flu clinics open &amp; ready">
      <meta property="og:description" content="Walk-in   clinics
        this weekend.">
      <meta property="og:site_name" content="Example News">
      <meta property="og:image" content="https://cdn.example.com/a.jpg">
      <meta property="og:image:width" content="1200">
      <meta property="og:image" content="/b.png">
      <meta property="og:image:secure_url" content="https://cdn.example.com/b-secure.png">
      <meta property="og:video" content="http://video.example.com/v.mp4">
      <meta property="og:video:secure_url" content="https://video.example.com/v.mp4">
      <meta property="og:video:type" content="Video/MP4">
      <meta property="og:video:width" content="640">
      <meta property="og:video:height" content="360">
      <meta property="og:video:url" content="https://video.example.com/v.webm">
      <meta property="og:video:type" content="video/webm">
      <meta property="og:video:width" content="wide">
      <link rel="icon" href="/favicon-32.png">
      <link rel="apple-touch-icon" href="https://static.example.com/touch.png">
      <title>Ignored when og:title exists</title>
    </head><body><p>text</p></body></html>`);
    expect(p).toEqual({
      mediaType: 'article',
      url: PAGE,
      images: ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b-secure.png'],
      favicons: ['https://news.example.com/favicon-32.png', 'https://static.example.com/touch.png'],
      videos: [
        { url: 'https://video.example.com/v.mp4', type: 'video/mp4', width: 640, height: 360 },
        { url: 'https://video.example.com/v.webm', type: 'video/webm' },
      ],
      siteName: 'Example News',
      title: 'Flu clinics open & ready',
      description: 'Walk-in clinics this weekend.',
      contentType: 'text/html',
    });
  });

  it('maps og:type to the card kinds', async () => {
    const typeOf = async (type: string) => (await preview(`<meta property="og:type" content="${type}">`)).mediaType;
    expect(await typeOf('article')).toBe('article');
    expect(await typeOf('video.other')).toBe('video.other');
    expect(await typeOf('video.movie')).toBe('video.other');
    expect(await typeOf('website')).toBe('website');
    expect(await typeOf('music.song')).toBe('website');
    expect((await preview('<title>x</title>')).mediaType).toBe('website');
  });

  it('falls back to Twitter card tags, then <title> and <meta name=description>', async () => {
    const twitter = await preview(`<head>
      <meta name="twitter:title" content="Twitter title">
      <meta name="twitter:description" content="Twitter description">
      <meta name="twitter:image" content="img/card.jpg">
      <meta name="description" content="Plain description">
      <title>Plain title</title></head>`);
    expect(twitter).toMatchObject({
      title: 'Twitter title',
      description: 'Twitter description',
      images: ['https://news.example.com/story/img/card.jpg'],
    });

    const plain = await preview(
      '<html><head><TITLE> Plain &eacute;t&eacute; </TITLE><META NAME="Description" CONTENT="About us"></head></html>',
    );
    expect(plain).toMatchObject({
      title: 'Plain été',
      description: 'About us',
      images: [],
      videos: [],
      siteName: null,
    });
  });

  it('reads og tags written with name= as well as property=', async () => {
    expect(await preview('<meta name="og:title" content="By name">')).toMatchObject({ title: 'By name' });
  });

  it('resolves relative URLs against <base> or the page, and drops non-http ones', async () => {
    const p = await preview(`<head><base href="/assets/">
      <meta property="og:image" content="pic.png">
      <meta property="og:image" content="javascript:alert(1)">
      <meta property="og:image" content="data:image/png;base64,AAAA">
      <meta property="og:image" content="//cdn.example.org/x.png">
      <link rel="shortcut icon" href="fav.ico"></head>`);
    expect(p.images).toEqual(['https://news.example.com/assets/pic.png', 'https://cdn.example.org/x.png']);
    expect(p.favicons).toEqual(['https://news.example.com/assets/fav.ico']);
  });

  it('offers /favicon.ico when the page names no icon', async () => {
    expect((await preview('<title>t</title>', 'http://site.example:8080/a/b')).favicons).toEqual([
      'http://site.example:8080/favicon.ico',
    ]);
  });

  it('caps lengths and counts', async () => {
    const images = Array.from({ length: 15 }, (_, i) => `<meta property="og:image" content="/i${i}.png">`).join('');
    const icons = Array.from({ length: 12 }, (_, i) => `<link rel="icon" href="/f${i}.png">`).join('');
    const videos = Array.from({ length: 12 }, (_, i) => `<meta property="og:video" content="/v${i}.mp4">`).join('');
    const p = await preview(
      `<title>${'t'.repeat(400)}</title><meta name="description" content="${'d'.repeat(1500)}">${images}${icons}${videos}`,
    );
    expect(p.title).toHaveLength(300);
    expect(p.title!.endsWith('…')).toBe(true);
    expect(p.description).toHaveLength(1000);
    expect(p.images).toHaveLength(10);
    expect(p.favicons).toHaveLength(10);
    expect(p.videos).toHaveLength(10);
    expect((await preview(`<title>${'😀'.repeat(200)}</title>`)).title).not.toMatch(/[\uD800-\uDBFF]…$/);
  });

  it('ignores duplicate images and empty values', async () => {
    const p = await preview(
      '<meta property="og:image" content="/a.png"><meta property="og:image" content="https://news.example.com/a.png"><meta property="og:title" content="  "><title>Real</title>',
    );
    expect(p.images).toEqual(['https://news.example.com/a.png']);
    expect(p.title).toBe('Real');
  });
});

describe('readHead', () => {
  it('stops at </head> or <body> without reading further', async () => {
    async function* page(head: string) {
      yield Buffer.from(head);
      throw new Error('read past the head');
    }
    // With a declared charset: without one the first 1024 bytes are read to look for a <meta charset>.
    const closed = await readHead(page('<head><title>Done</title></head><body>'), 'utf-8');
    expect(closed.title).toBe('Done');
    const bodied = await readHead(
      page('<title>No head end</title><body><meta property="og:title" content="in body">'),
      'utf-8',
    );
    expect(bodied).toMatchObject({ title: 'No head end', meta: [] });
  });

  it('parses tags split across chunks', async () => {
    const head = await readHead(
      chunks('<head><meta prop', 'erty="og:title" content="Spl', 'it"><tit', 'le>T</title></head>'),
    );
    expect(head).toMatchObject({ title: 'T', meta: [['og:title', 'Split']] });
  });

  it('decodes the charset the header or a <meta> names', async () => {
    const latin1 = Buffer.from('<title>Caf\xe9</title>', 'latin1');
    expect((await readHead(chunks(latin1), 'iso-8859-1')).title).toBe('Café');
    const sniffed = Buffer.concat([Buffer.from('<meta charset="windows-1252">'), latin1]);
    expect((await readHead(chunks(sniffed))).title).toBe('Café');
    expect((await readHead(chunks(Buffer.from('<title>Café ✓</title>')))).title).toBe('Café ✓');
    expect((await readHead(chunks(Buffer.from('<title>x</title>')), 'no-such-charset')).title).toBe('x');
  });
});
