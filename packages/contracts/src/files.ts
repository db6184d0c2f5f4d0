import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs, Id, OkResponse, cleanFileName, requiredField } from './common.js';

/** Files: uploads, scan status, downloads (spec 3 §3, §4, §7; spec 2 §7 Files). */

const tags = ['Files'];

/** Spec 3 §5: at most 100 MB. */
export const MAX_FILE_BYTES = 100 * 1000 * 1000;
/** The header is the file's first 4 bytes, in hex. */
export const FILE_HEADER_BYTES = 4;
/** The viewer polls a scanning file this often. */
export const SCAN_POLL_MS = 5_000;
/** Names the upload widget ignores (spec 3 §5). */
export const IGNORED_FILE_NAMES = ['.ds_store', 'thumbs.db', 'desktop.ini'] as const;
/**
 * The players the gallery embeds for YouTube and Vimeo links (spec 3 §2); the web app builds its
 * iframes on these and the server's Content-Security-Policy lets the page frame these and no others.
 */
export const VIDEO_PLAYER_ORIGINS = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
} as const;

export const ScanStatus = z.enum(['scanning', 'clean', 'infected']);
export type ScanStatus = z.infer<typeof ScanStatus>;

/** What an uploaded file belongs to; decides who may see it. */
export const FileOwnerKind = z.enum(['PRACTICE', 'USER', 'REFERRAL', 'CHAT', 'PATIENT']);
export type FileOwnerKind = z.infer<typeof FileOwnerKind>;

/** The client's description of a file it is about to upload (spec 3 §3). */
export const FileDescriptor = z.object({
  name: z
    .string(requiredField('File name is required'))
    .overwrite(cleanFileName)
    .trim()
    .min(1, 'File name is required')
    .max(255, 'File name must be at most 255 characters'),
  size: z
    .number(requiredField('File size is required'))
    .int()
    .min(1, 'The file is empty')
    .max(MAX_FILE_BYTES, 'Files must be at most 100 MB'),
  type: z.string().trim().max(255).default(''),
  header: z
    .string(requiredField('File header is required'))
    .regex(/^(?:[0-9a-fA-F]{2}){1,4}$/, 'File header must be the first 4 bytes in hex'),
  hash: z
    .string(requiredField('File hash is required'))
    .regex(/^[A-Za-z0-9+/]{22}==$/, 'File hash must be the base64 MD5 of the file'),
});
export type FileDescriptor = z.infer<typeof FileDescriptor>;

/** Where to PUT the bytes; the link is signed and expires. */
export const UploadLink = z.object({ id: z.number().int(), uploadUrl: z.string() });
export type UploadLink = z.infer<typeof UploadLink>;

/** What viewers say of a file whose upload never finished (`status: 'failed'`), and the status call's answer for it. */
export const UPLOAD_NOT_FINISHED = 'Upload did not finish — try again';

/**
 * A stored file as clients see it (spec 3 §3 File). `downloadUrl` is set only for clean files.
 * `status` is `failed` once an upload was given up without its bytes (then `deleted` too).
 */
export const FileView = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  scanStatus: ScanStatus,
  status: z.enum(['uploading', 'uploaded', 'failed']),
  downloadUrl: z.string().nullable(),
  deleted: z.boolean(),
  updatedAt: EpochMs,
});
export type FileView = z.infer<typeof FileView>;

export const createFile = endpoint({
  method: 'POST',
  path: '/api/v1/files',
  summary: 'Describe a file about to be uploaded; answers its id and a signed, expiring upload link',
  tags,
  auth: 'user',
  status: 201,
  body: FileDescriptor.extend({ practiceId: Id }),
  response: UploadLink,
});

export const listFiles = endpoint({
  method: 'GET',
  path: '/api/v1/files',
  summary: 'Files by id (those the caller may see), with download links for clean ones',
  tags,
  auth: 'user',
  query: z.object({
    ids: z
      .string(requiredField('ids is required'))
      .transform((v) => v.split(',').filter(Boolean).map(Number))
      .pipe(
        z
          .array(z.number('ids are numbers').int('ids are whole numbers').min(1).max(2_147_483_647))
          .min(1, 'ids is required')
          .max(100, 'At most 100 ids'),
      ),
  }),
  response: z.array(FileView),
});

/**
 * The answer stays the spec's `{ status, type }` with a scan status; a deleted file answers 456
 * OBJECT_NOT_FOUND ('Sorry this file has expired', or UPLOAD_NOT_FINISHED when its bytes never
 * came), as a missing one does, and viewers show it as expired and stop polling it.
 */
export const fileStatus = endpoint({
  method: 'GET',
  path: '/api/v1/file/:id/status',
  summary: 'Scan status and detected type of a file; 456 once it is deleted',
  tags,
  auth: 'user',
  params: z.object({ id: Id }),
  response: z.object({ status: ScanStatus, type: z.string() }),
});

export const deleteFile = endpoint({
  method: 'DELETE',
  path: '/api/v1/file/:id',
  summary: 'Delete a file (its bytes go at once; viewers show it as expired)',
  tags,
  auth: 'user',
  params: z.object({ id: Id }),
  response: OkResponse,
});

/** The file-scan event (spec 3 §3), published on the bus as FILE_SCANNED. */
export const FileScanned = z.object({
  messageId: z.number().int().nullable(),
  fileId: z.number().int(),
  status: ScanStatus,
  type: z.string(),
});
export type FileScanned = z.infer<typeof FileScanned>;

export const scanCallback = endpoint({
  method: 'POST',
  path: '/api/v1/files/scan-callback',
  summary: 'Result from an event-driven scanner (S3 deployments); authenticated by the X-Scan-Secret header',
  tags,
  auth: 'public',
  body: z.object({ key: z.string().min(1).max(500), status: z.enum(['clean', 'infected']) }),
  response: OkResponse,
});
