import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { requiredField } from './common.js';

/** Link previews (spec 1 §2, spec 3 §2): a server-side unfurl of http(s) links. */

const tags = ['Link previews'];

export const MAX_PREVIEW_URL_LENGTH = 2000;
export const MAX_PREVIEW_TITLE = 300;
export const MAX_PREVIEW_DESCRIPTION = 1000;
/** At most this many images, favicons and videos each. */
export const MAX_PREVIEW_ITEMS = 10;

/** What the answer is when the server refuses to fetch a link (private or otherwise unsafe target). */
export const LINK_CANNOT_BE_PREVIEWED = 'This link cannot be previewed';

/**
 * How the card renders (spec 3 §2 Link preview card): article, video.other and website as a card
 * with image, favicon, site name, title and description; image as the image; video and audio as a
 * player of `contentType`.
 */
export const LinkMediaType = z.enum(['article', 'website', 'video.other', 'image', 'video', 'audio']);
export type LinkMediaType = z.infer<typeof LinkMediaType>;

export const LinkPreviewVideo = z.object({
  url: z.string(),
  type: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type LinkPreviewVideo = z.infer<typeof LinkPreviewVideo>;

/**
 * The preview fields of the spec. A link that could not be fetched (down, slow, not found) still
 * answers, with only `url` and `mediaType: 'website'`, so the client shows a plain link.
 */
export const LinkPreview = z.object({
  mediaType: LinkMediaType,
  /** The link as asked for, so clients can compare it with the message text. */
  url: z.string(),
  images: z.array(z.string()),
  favicons: z.array(z.string()),
  videos: z.array(LinkPreviewVideo),
  siteName: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** The linked resource's media type without parameters, e.g. text/html or image/png. */
  contentType: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof LinkPreview>;

/** An absolute http(s) link of at most 2000 characters. */
export const PreviewUrl = z
  .string(requiredField('url is required'))
  .trim()
  .min(1, 'url is required')
  .max(MAX_PREVIEW_URL_LENGTH, `Links must be at most ${MAX_PREVIEW_URL_LENGTH} characters`)
  // Checked before the URL parse so a file:, ftp: or javascript: link gets the reason, not "invalid".
  .refine((v) => /^https?:/i.test(v) || !/^[a-z][a-z0-9+.-]*:/i.test(v), 'Only http and https links can be previewed')
  .pipe(z.url({ protocol: /^https?$/, error: 'url must be a full link, such as https://example.com' }));

export const getLinkPreview = endpoint({
  method: 'GET',
  path: '/api/v1/link-preview',
  summary: 'Preview of a link (title, description, images, favicons, videos); fetched by the server and cached',
  tags,
  auth: 'user',
  query: z.object({ url: PreviewUrl }),
  response: LinkPreview,
});
