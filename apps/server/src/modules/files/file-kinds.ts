import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

/**
 * What may be uploaded (spec 3 §5: any image, xls, xlsx, doc, docx, pdf), judged by the bytes.
 * Two moments: when the client describes the file (its declared type and first four bytes) and
 * when the bytes arrive (file-type reads the magic numbers of the first bytes). A file's name only
 * labels a container the bytes already proved (an OLE or zip file whose declared type is empty);
 * it never admits anything by itself.
 */

export type FileKind = 'image' | 'pdf' | 'doc' | 'xls' | 'docx' | 'xlsx';

export const MIME_OF = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const satisfies Record<Exclude<FileKind, 'image'>, string>;

const ACCEPTED = 'Upload an image, a PDF, a Word document (doc, docx) or an Excel spreadsheet (xls, xlsx).';
export const UNSUPPORTED_TYPE = `Sorry this file type is not supported. ${ACCEPTED}`;
export const CONTENTS_DO_NOT_MATCH = `The file's contents do not match its type. ${ACCEPTED}`;

/** Logos and profile photos must be images every browser shows. */
export const WEB_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const NOT_A_WEB_IMAGE = 'Use a PNG, JPEG, GIF or WebP image';

/** 'unknown' when the client could not tell (empty or generic type); null when it named something refused. */
type Declared = FileKind | 'unknown' | null;

const EXTENSION_KINDS: Record<string, FileKind> = { '.doc': 'doc', '.xls': 'xls', '.docx': 'docx', '.xlsx': 'xlsx' };

/**
 * The kind the client says the file is. SVG is refused: it is a script-capable document that no
 * magic number identifies.
 */
export function declaredKind(type: string, name: string): Declared {
  const mime = type.split(';')[0].trim().toLowerCase();
  if (mime === '' || mime === 'application/octet-stream')
    return EXTENSION_KINDS[path.extname(name).toLowerCase()] ?? 'unknown';
  if (mime === 'image/svg+xml') return null;
  if (mime === 'image' || mime.startsWith('image/')) return 'image';
  const entry = Object.entries(MIME_OF).find(([, m]) => m === mime);
  return entry ? (entry[0] as FileKind) : null;
}

/** The container family a file's first bytes show, when they show one. */
type Family = 'pdf' | 'ole' | 'zip' | 'image' | 'riff';

const SIGNATURES: [string, Family][] = [
  ['25504446', 'pdf'], // %PDF
  ['d0cf11e0', 'ole'], // OLE compound file: doc, xls
  ['504b0304', 'zip'], // zip: docx, xlsx
  ['89504e47', 'image'], // png
  ['ffd8ff', 'image'], // jpeg
  ['474946', 'image'], // gif
  ['424d', 'image'], // bmp
  ['49492a00', 'image'], // tiff, little-endian
  ['4d4d002a', 'image'], // tiff, big-endian
  ['00000100', 'image'], // ico
  ['52494646', 'riff'], // webp, but also wav and avi: file-type decides on upload
];

/** png, jpeg, gif and RIFF (webp; file-type tells it from wav and avi on upload). */
const WEB_IMAGE_SIGNATURES = ['89504e47', 'ffd8ff', '474946', '52494646'];

function familyOf(header: string): Family | undefined {
  const hex = header.toLowerCase();
  return SIGNATURES.find(([signature]) => hex.startsWith(signature))?.[1];
}

const FAMILY_KINDS: Record<Family, readonly Declared[]> = {
  pdf: ['pdf', 'unknown'],
  ole: ['doc', 'xls'],
  zip: ['docx', 'xlsx', 'unknown'],
  image: ['image', 'unknown'],
  riff: ['image'],
};

/**
 * Refusal message for a described file, or null when it may be uploaded. A header no signature
 * matches is let through only for images (HEIC, AVIF and others carry theirs past the first four
 * bytes); the upload then checks the real bytes.
 */
export function judgeDescriptor(
  file: { type: string; name: string; header: string },
  webImageOnly = false,
): string | null {
  const kind = declaredKind(file.type, file.name);
  const family = familyOf(file.header);
  if (webImageOnly) {
    const webImageHeader = WEB_IMAGE_SIGNATURES.some((signature) => file.header.toLowerCase().startsWith(signature));
    return webImageHeader && (kind === 'image' || kind === 'unknown') ? null : NOT_A_WEB_IMAGE;
  }
  if (kind === null) return UNSUPPORTED_TYPE;
  if (family === undefined)
    return kind === 'image' ? null : kind === 'unknown' ? UNSUPPORTED_TYPE : CONTENTS_DO_NOT_MATCH;
  if (FAMILY_KINDS[family].includes(kind)) return null;
  return kind === 'unknown' ? UNSUPPORTED_TYPE : CONTENTS_DO_NOT_MATCH;
}

/** How many first bytes the upload keeps for file-type: enough for a docx's [Content_Types].xml. */
export const DETECTION_BYTES = 64 * 1024;

/**
 * The stored type of uploaded bytes, or a refusal. OLE files (doc, xls, but also installers) and
 * bare zip archives pass only when the client declared a Word or Excel type, which then names
 * them; file-type tells docx and xlsx apart only when their [Content_Types].xml lies within the
 * bytes it reads.
 */
export async function judgeBytes(
  first: Uint8Array,
  declared: { type: string; name: string },
  webImageOnly = false,
): Promise<{ type: string } | { refused: string }> {
  const detected = (await fileTypeFromBuffer(first))?.mime;
  const kind = declaredKind(declared.type, declared.name);
  if (webImageOnly)
    return detected && WEB_IMAGE_TYPES.includes(detected) ? { type: detected } : { refused: NOT_A_WEB_IMAGE };
  if (kind === null) return { refused: UNSUPPORTED_TYPE };
  const matches = (...kinds: Declared[]) => kinds.includes(kind);
  if (detected?.startsWith('image/') && detected !== 'image/svg+xml')
    return matches('image', 'unknown') ? { type: detected } : { refused: CONTENTS_DO_NOT_MATCH };
  switch (detected) {
    case MIME_OF.pdf:
    case MIME_OF.docx:
    case MIME_OF.xlsx: {
      const detectedKind = detected === MIME_OF.pdf ? 'pdf' : detected === MIME_OF.docx ? 'docx' : 'xlsx';
      return matches(detectedKind, 'unknown') ? { type: detected } : { refused: CONTENTS_DO_NOT_MATCH };
    }
    case 'application/x-cfb':
      return kind === 'doc' || kind === 'xls'
        ? { type: MIME_OF[kind] }
        : { refused: kind === 'unknown' ? UNSUPPORTED_TYPE : CONTENTS_DO_NOT_MATCH };
    case 'application/zip':
      return kind === 'docx' || kind === 'xlsx'
        ? { type: MIME_OF[kind] }
        : { refused: kind === 'unknown' ? UNSUPPORTED_TYPE : CONTENTS_DO_NOT_MATCH };
    default:
      return { refused: kind === 'unknown' ? UNSUPPORTED_TYPE : CONTENTS_DO_NOT_MATCH };
  }
}

/** A clean file opens in the browser only if it is an image or a PDF; everything else downloads. */
export const opensInline = (type: string) => type === MIME_OF.pdf || type.startsWith('image/');
