import { and, eq, lt, or, sql } from 'drizzle-orm';
import { linkPreviewsApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { sha256 } from '../../platform/auth/crypto.js';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../../platform/net/safe-fetch.js';
import { linkPreviews } from './link-previews.table.js';
import { bareLinkPreview, unfurl } from './unfurl.js';

type LinkPreview = linkPreviewsApi.LinkPreview;

/** A page's preview changes rarely; a day keeps chats fast without showing stale titles for long. */
export const PREVIEW_FRESH_MS = 24 * 60 * 60_000;
/** A link that failed is retried after this, so a dead link is not fetched for every message that shows it. */
export const FAILURE_FRESH_MS = 10 * 60_000;

export const PREVIEW_USER_AGENT = 'ReferwellBot/1.0 (+link previews)';

/**
 * Deletes cached previews no lookup would use any more: older than PREVIEW_FRESH_MS, or failures
 * older than FAILURE_FRESH_MS. The daily `link-previews.expire` job; answers how many went.
 */
export async function deleteStalePreviews(db: AppContext['db'], now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(linkPreviews)
    .where(
      or(
        lt(linkPreviews.fetchedAt, new Date(now - PREVIEW_FRESH_MS)),
        and(sql`${linkPreviews.data}->>'ok' = 'false'`, lt(linkPreviews.fetchedAt, new Date(now - FAILURE_FRESH_MS))),
      ),
    )
    .returning({ urlHash: linkPreviews.urlHash });
  return deleted.length;
}

/** What the link_previews row holds. */
interface CachedPreview {
  ok: boolean;
  preview: LinkPreview;
}

/** `ok` is false for a link that could not be fetched: its bare preview is kept for a shorter time. */
type Outcome = { blocked: true } | ({ blocked: false } & CachedPreview);

/** The cache key's URL: scheme and host lower-case, default port, fragment and credentials dropped. */
export function normalizePreviewUrl(raw: string): string {
  const url = new URL(raw.trim());
  url.hash = '';
  url.username = '';
  url.password = '';
  return url.href;
}

function readCached(data: unknown): CachedPreview | null {
  const row = data as Partial<CachedPreview> | null;
  const preview = linkPreviewsApi.LinkPreview.safeParse(row?.preview);
  return preview.success && typeof row?.ok === 'boolean' ? { ok: row.ok, preview: preview.data } : null;
}

/**
 * Link previews (spec 3 §2): fetched through the SSRF-safe fetcher, cached in link_previews by the
 * SHA-256 of the normalised URL, one fetch per URL at a time in this process.
 */
export function createLinkPreviewsService(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  fetchOptions: SafeFetchOptions = {},
) {
  const inFlight = new Map<string, Promise<Outcome>>();

  async function fetchPreview(url: string): Promise<Outcome> {
    try {
      const response = await safeFetch(url, {
        allowedHosts: ctx.config.linkPreviewAllowedHosts,
        userAgent: PREVIEW_USER_AGENT,
        accept: 'text/html,*/*;q=0.8',
        ...fetchOptions,
      });
      try {
        return { blocked: false, ok: true, preview: await unfurl(response) };
      } finally {
        response.close();
      }
    } catch (err) {
      if (!(err instanceof SafeFetchError)) throw err;
      if (err.kind === 'blocked') {
        ctx.log.warn({ url, reason: err.message }, 'link preview refused');
        return { blocked: true };
      }
      ctx.log.info({ url, kind: err.kind, reason: err.message }, 'link preview failed');
      return { blocked: false, ok: false, preview: bareLinkPreview(url) };
    }
  }

  async function store(urlHash: string, url: string, cached: CachedPreview) {
    const values = { url, data: cached as unknown as Record<string, unknown>, fetchedAt: new Date() };
    try {
      await ctx.db
        .insert(linkPreviews)
        .values({ urlHash, ...values })
        .onConflictDoUpdate({ target: linkPreviews.urlHash, set: values });
    } catch (err) {
      // The preview is still right; the next request will fetch again.
      ctx.log.warn({ err, url }, 'link preview could not be cached');
    }
  }

  /** Cached if fresh, else fetched (and cached). Refusals are not cached: they cost no fetch to repeat. */
  async function lookup(url: string, urlHash: string): Promise<Outcome> {
    const [row] = await ctx.db.select().from(linkPreviews).where(eq(linkPreviews.urlHash, urlHash));
    const cached = row ? readCached(row.data) : null;
    if (cached && Date.now() - row.fetchedAt.getTime() < (cached.ok ? PREVIEW_FRESH_MS : FAILURE_FRESH_MS)) {
      return { blocked: false, ...cached };
    }
    const outcome = await fetchPreview(url);
    if (!outcome.blocked) await store(urlHash, url, { ok: outcome.ok, preview: outcome.preview });
    return outcome;
  }

  return {
    /**
     * The preview of `rawUrl` (an http(s) URL the contract has checked). A target the fetcher
     * refuses answers 400 without saying why; a link that is down, slow or answers an error gets
     * a bare preview (url only) so the client simply shows the link.
     */
    async preview(rawUrl: string): Promise<LinkPreview> {
      const url = normalizePreviewUrl(rawUrl);
      const urlHash = sha256(url);
      let pending = inFlight.get(urlHash);
      if (!pending) {
        pending = lookup(url, urlHash).finally(() => inFlight.delete(urlHash));
        inFlight.set(urlHash, pending);
      }
      const outcome = await pending;
      if (outcome.blocked) throw new AppError('BAD_REQUEST', linkPreviewsApi.LINK_CANNOT_BE_PREVIEWED);
      return { ...outcome.preview, url: rawUrl.trim() };
    },
  };
}
