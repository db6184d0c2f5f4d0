/** Shared file UI (spec 3 §2, §4): viewer, gallery, upload panel and their helpers. */
export { FileViewer, type FileViewerProps } from './FileViewer';
export { FileTileList, type FileTileListProps } from './FileTileList';
export type { FileViewerMode } from './FileTile';
export { FilePreview } from './FilePreview';
export { FILE_STATE_TEXT, fileState, FileStateLine, type FileState } from './FileState';
export { GalleryViewer, type GalleryViewerProps } from './GalleryViewer';
export { galleryItemsFromFiles, galleryKey, isGalleryFile, type GalleryItem } from './galleryItems';
export { UploadPanel, type UploadPanelProps } from './UploadPanel';
export { ImageUploadField, type ImageUploadFieldProps, type ImageUploadTexts } from './ImageUploadField';
export { UploadWidget, type UploadWidgetProps } from './UploadWidget';
export {
  createUploadSession,
  isAbortError,
  UPLOAD_ERRORS,
  uploadFile,
  UploadError,
  type CreateUploadLink,
  type DeleteUploadedFile,
  type FileDescriptor,
  type UploadLink,
  type UploadOptions,
  type UploadSession,
} from './uploadFile';
export { FILE_UPLOAD_RULES, UPLOAD_HINT, validateUpload, WEB_IMAGE_RULES, type UploadRules } from './uploadRules';
export { deleteFileById, fetchFiles, fetchScanStatus, freshFileView, practiceUploadLink } from './fileCalls';
export { FILE_OPEN_FAILED, openFreshInNewTab, type FreshFile } from './freshFiles';
export { HASH_SLICE_BYTES, hashFile, readFileHeader, type HashOptions } from './hashFile';
export { formatFileSize } from './fileSize';
export {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_DESCRIPTION,
  ACCEPTED_EXTENSIONS,
  ACCEPTED_MIME_TYPES,
  FILE_NAME_MAX,
  FILE_NAME_MAX_MINIMAL,
  fileExtension,
  isAcceptedFile,
  isImageFile,
  isVideoFile,
  truncateFileName,
} from './fileTypes';
export { parseVideoUrl, parseVimeoUrl, parseYouTubeUrl, type VideoEmbed } from './mediaUrls';
export { useScanPolling } from './useScanPolling';
export { useUploadScan, type UploadScanState } from './useUploadScan';
export { useFileViews, fileViewsKey } from './useFileViews';
export { SWIPE_THRESHOLD_PX, useSwipe } from './useSwipe';
export {
  CONTENT_DESCRIPTION_MAX,
  ContentCard,
  THUMBNAIL_MAX_RETRIES,
  THUMBNAIL_RETRY_MS,
  type ContentCardProps,
} from './ContentCard';
export { absoluteHttpUrl, LinkPreviewCard, safeLinkUrl, type LinkPreviewCardProps } from './LinkPreviewCard';
export { LINK_PREVIEW_STALE_MS, linkPreviewKey, useLinkPreview } from './useLinkPreview';
