import type { FileView } from '@referwell/contracts';

/** Spec 3 §2: names are cut at 200 characters, 40 in minimal mode. */
export const FILE_NAME_MAX = 200;
export const FILE_NAME_MAX_MINIMAL = 40;

const IMAGE_TYPES = new Set(['image', 'image/png', 'image/jpg', 'image/jpeg', 'image/svg+xml', 'image/gif']);
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'svg', 'gif']);

/** The extension after the last dot, lower case; '' for "README" or ".env". */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Spec 3 §3: a file counts as an image if it is png, jpg, jpeg, svg or gif. */
export function isImageFile(file: Pick<FileView, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (IMAGE_TYPES.has(type)) return true;
  // The type is judged from the bytes after the scan; until then it may be empty.
  return (type === '' || type === 'image') && IMAGE_EXTENSIONS.has(fileExtension(file.name));
}

export function isVideoFile(file: Pick<FileView, 'type'>): boolean {
  return file.type.toLowerCase().startsWith('video/');
}

/**
 * Cuts a name to at most `max` characters with an ellipsis, keeping a short extension visible
 * ("a-very-long-refer….pdf") because that is what tells files apart.
 */
export function truncateFileName(name: string, max: number): string {
  if (name.length <= max) return name;
  const extension = fileExtension(name);
  const tail = extension && extension.length <= 8 && extension.length + 3 < max ? `.${extension}` : '';
  return `${name.slice(0, max - 1 - tail.length).trimEnd()}…${tail}`;
}

// Spec 3 §5: any image, PDF, Word and Excel.
export const ACCEPTED_MIME_TYPES = [
  'image/*',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const ACCEPTED_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'bmp',
  'tif',
  'tiff',
  'heic',
  'heif',
  'avif',
] as const;
/** For the file input's `accept`: types, and extensions for systems that know no type. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_MIME_TYPES, ...ACCEPTED_EXTENSIONS.map((e) => `.${e}`)];
export const ACCEPTED_DESCRIPTION = 'Images, PDF, Word or Excel files';

const SVG_TYPE = 'image/svg+xml';

/**
 * SVG is an image to the browser but a document that can carry scripts, with no magic number to
 * judge it by, so the server refuses it (docs/decisions.md); the panel refuses it first.
 */
export function isSvgFile(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  return type === SVG_TYPE || ((!type || type === 'application/octet-stream') && fileExtension(file.name) === 'svg');
}

/**
 * Whether the upload panel takes this file. The server judges the bytes again; this only spares
 * people a wasted upload. Browsers that give no type (or a generic one) are judged by extension.
 */
export function isAcceptedFile(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  if (isSvgFile(file)) return false;
  if (type && type !== 'application/octet-stream') {
    return type.startsWith('image/') || (ACCEPTED_MIME_TYPES as readonly string[]).includes(type);
  }
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(fileExtension(file.name));
}
