import { Parser } from 'htmlparser2';
import { TextDecoder } from 'node:util';

/** What a page's <head> says about the page, as written (entities decoded, URLs not yet resolved). */
export interface PageHead {
  title: string | undefined;
  /** `<meta property|name content>` pairs in document order: Open Graph's structured properties depend on it. */
  meta: [key: string, content: string][];
  /** hrefs of `<link rel="icon | shortcut icon | apple-touch-icon">`. */
  icons: string[];
  base: string | undefined;
}

const ICON_RELS = new Set(['icon', 'apple-touch-icon', 'apple-touch-icon-precomposed']);
/** HTML's rule: a <meta charset> must appear within the first 1024 bytes. */
const CHARSET_SNIFF_BYTES = 1024;

function textDecoder(label: string | undefined): TextDecoder {
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

function sniffCharset(start: Buffer): string | undefined {
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(
    start.subarray(0, CHARSET_SNIFF_BYTES).toString('latin1'),
  )?.[1];
}

/**
 * Decodes the body as text: in the charset the Content-Type header names, else the one a <meta>
 * near the start names, else UTF-8.
 */
async function* decodeText(body: AsyncIterable<Buffer>, declared: string | undefined): AsyncGenerator<string> {
  let decoder = declared ? textDecoder(declared) : undefined;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of body) {
    if (decoder) {
      yield decoder.decode(chunk, { stream: true });
      continue;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < CHARSET_SNIFF_BYTES) continue;
    const start = Buffer.concat(pending);
    pending = [];
    decoder = textDecoder(sniffCharset(start));
    yield decoder.decode(start, { stream: true });
  }
  if (decoder) {
    yield decoder.decode();
  } else {
    const start = Buffer.concat(pending);
    yield textDecoder(sniffCharset(start)).decode(start);
  }
}

/**
 * Reads an HTML document's head from its body, streaming: it stops at </head> or <body> (the rest
 * is never downloaded), or at the end of what the fetcher let through.
 */
export async function readHead(body: AsyncIterable<Buffer>, charset?: string): Promise<PageHead> {
  const head: PageHead = { title: undefined, meta: [], icons: [], base: undefined };
  let done = false;
  let title: string[] | null = null;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (done) return;
      if (name === 'body') done = true;
      else if (name === 'meta') {
        const key = (attrs.property ?? attrs.name ?? '').trim().toLowerCase();
        if (key && attrs.content !== undefined) head.meta.push([key, attrs.content]);
      } else if (name === 'link') {
        const rels = (attrs.rel ?? '').toLowerCase().split(/\s+/);
        if (attrs.href && rels.some((rel) => ICON_RELS.has(rel))) head.icons.push(attrs.href);
      } else if (name === 'base') {
        if (attrs.href && head.base === undefined) head.base = attrs.href;
      } else if (name === 'title' && head.title === undefined) {
        title = [];
      }
    },
    ontext(text) {
      if (!done) title?.push(text);
    },
    onclosetag(name) {
      if (done) return;
      if (name === 'title' && title) {
        head.title = title.join('');
        title = null;
      } else if (name === 'head') {
        done = true;
      }
    },
  });
  for await (const text of decodeText(body, charset)) {
    parser.write(text);
    if (done) break;
  }
  parser.end();
  return head;
}
