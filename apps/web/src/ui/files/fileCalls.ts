import { filesApi } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import type { FreshFile } from './freshFiles';
import type { CreateUploadLink, DeleteUploadedFile } from './uploadFile';

/** The upload link of the files API (`POST /api/v1/files`); the practice is the file's tenant. */
export function practiceUploadLink(practiceId: number): CreateUploadLink {
  return (descriptor, signal) => call(filesApi.createFile, { body: { ...descriptor, practiceId }, signal });
}

export const deleteFileById: DeleteUploadedFile = (id) => call(filesApi.deleteFile, { params: { id } });

export function fetchScanStatus(id: number) {
  return call(filesApi.fileStatus, { params: { id } });
}

/** The status call's answer (456) for a file that was deleted, or that the caller may no longer see. */
export const isFileGone = (error: unknown) => isApiError(error) && error.code === 'OBJECT_NOT_FOUND';

export function fetchFiles(ids: number[]) {
  return call(filesApi.listFiles, { query: { ids: ids.join(',') } });
}

/** A file as the files API has it now, with a freshly signed link; null when the caller no longer sees it. */
export const freshFileView: FreshFile = async (file) => (await fetchFiles([file.id]))[0] ?? null;
