import { filesApi, practicesApi } from '@referwell/contracts';
import type { FileRefusal, FileValidator } from './filePondValidation';
import { formatFileSize } from './fileSize';
import { ACCEPT_ATTRIBUTE, ACCEPTED_DESCRIPTION, fileExtension, isAcceptedFile, isSvgFile } from './fileTypes';
import { UPLOAD_ERRORS } from './uploadFile';

/** What an upload panel takes: its check, its file input's `accept`, and the line saying so under it. */
export interface UploadRules {
  validate: FileValidator;
  accept: string[];
  hint: string;
}

/** Spec 3 §5: FilePond's wording for a refused file; the second line says what is taken. */
const refusals = {
  type: (accepts: string): FileRefusal => ({ main: 'File is of invalid type', sub: `Accepts ${accepts}` }),
  size: (max: number): FileRefusal => ({
    main: 'File is too large',
    sub: `Maximum file size is ${formatFileSize(max)}`,
  }),
  empty: (): FileRefusal => ({ main: 'File is too small', sub: 'The file is empty' }),
};

/**
 * An SVG is refused with the words the server's refusal shows (spec 3 §8), said before the upload
 * rather than after it, and why: people take it for an image like any other.
 */
const SVG_REFUSAL: FileRefusal = { main: UPLOAD_ERRORS.link, sub: 'SVG images cannot be uploaded' };

/** Spec 3 §5 and §8: one file, images/PDF/Word/Excel, at most 100 MB, with FilePond's wording. */
export const validateUpload: FileValidator = (file) => {
  if (isSvgFile(file)) return SVG_REFUSAL;
  if (!isAcceptedFile(file)) return refusals.type('images, PDF, Word or Excel files');
  if (file.size > filesApi.MAX_FILE_BYTES) return refusals.size(filesApi.MAX_FILE_BYTES);
  if (file.size === 0) return refusals.empty();
  return null;
};

export const UPLOAD_HINT = `${ACCEPTED_DESCRIPTION}, up to ${formatFileSize(filesApi.MAX_FILE_BYTES)}`;

/** Any file the files API takes (the default of every panel). */
export const FILE_UPLOAD_RULES: UploadRules = { validate: validateUpload, accept: ACCEPT_ATTRIBUTE, hint: UPLOAD_HINT };

// The images every browser shows, as the server takes them for logos and photos (WEB_IMAGE_TYPES).
const WEB_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const WEB_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'];
const WEB_IMAGE_DESCRIPTION = 'PNG, JPEG, GIF or WebP images';

function isWebImage(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  if (type && type !== 'application/octet-stream') return WEB_IMAGE_TYPES.includes(type);
  return WEB_IMAGE_EXTENSIONS.includes(fileExtension(file.name));
}

/**
 * Logos and profile photos: PNG, JPEG, GIF or WebP, at most MAX_IMAGE_BYTES, refused here with
 * FilePond's wording rather than by the upload link ('Sorry this file type is not supported').
 */
export const WEB_IMAGE_RULES: UploadRules = {
  validate: (file) => {
    if (!isWebImage(file)) return refusals.type(WEB_IMAGE_DESCRIPTION);
    if (file.size > practicesApi.MAX_IMAGE_BYTES) return refusals.size(practicesApi.MAX_IMAGE_BYTES);
    if (file.size === 0) return refusals.empty();
    return null;
  },
  accept: [...WEB_IMAGE_TYPES, ...WEB_IMAGE_EXTENSIONS.map((extension) => `.${extension}`)],
  hint: `${WEB_IMAGE_DESCRIPTION}, up to ${formatFileSize(practicesApi.MAX_IMAGE_BYTES)}`,
};

/** FilePond's own messages, as spec 3 §8 lists them; upload failures show our message instead. */
export const FILEPOND_LABELS = {
  labelInvalidField: 'Field contains invalid files',
  labelFileWaitingForSize: 'Waiting for size',
  labelFileSizeNotAvailable: 'Size not available',
  labelFileLoading: 'Loading',
  labelFileLoadError: 'Error during load',
  labelFileProcessing: 'Uploading',
  labelFileProcessingComplete: 'Upload complete',
  labelFileProcessingAborted: 'Upload cancelled',
  labelFileProcessingError: (error: { body?: unknown } | null) =>
    typeof error?.body === 'string' && error.body ? error.body : 'Error during upload',
  labelFileProcessingRevertError: 'Error during revert',
  labelFileRemoveError: 'Error during remove',
  labelTapToCancel: 'tap to cancel',
  labelTapToRetry: 'tap to retry',
  labelTapToUndo: 'tap to undo',
  labelButtonRemoveItem: 'Remove',
  labelButtonAbortItemLoad: 'Abort',
  labelButtonRetryItemLoad: 'Retry',
  labelButtonAbortItemProcessing: 'Cancel',
  labelButtonUndoItemProcessing: 'Undo',
  labelButtonRetryItemProcessing: 'Retry',
  labelButtonProcessItem: 'Upload',
  labelFileSizeBytes: 'B',
  labelFileSizeKilobytes: 'kB',
  labelFileSizeMegabytes: 'MB',
  labelFileSizeGigabytes: 'GB',
} as const;
