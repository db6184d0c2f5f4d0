import { filesApi } from '@referwell/contracts';
import type { FileValidator } from './filePondValidation';
import { formatFileSize } from './fileSize';
import { ACCEPTED_DESCRIPTION, isAcceptedFile } from './fileTypes';

/** Spec 3 §5 and §8: one file, images/PDF/Word/Excel, at most 100 MB, with FilePond's wording. */
export const validateUpload: FileValidator = (file) => {
  if (!isAcceptedFile(file)) return { main: 'File is of invalid type', sub: 'Accepts images, PDF, Word or Excel files' };
  if (file.size > filesApi.MAX_FILE_BYTES) return { main: 'File is too large', sub: `Maximum file size is ${formatFileSize(filesApi.MAX_FILE_BYTES)}` };
  if (file.size === 0) return { main: 'File is too small', sub: 'The file is empty' };
  return null;
};

export const UPLOAD_HINT = `${ACCEPTED_DESCRIPTION}, up to ${formatFileSize(filesApi.MAX_FILE_BYTES)}`;

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
  labelFileProcessingError: (error: { body?: unknown } | null) => (typeof error?.body === 'string' && error.body ? error.body : 'Error during upload'),
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
