import type { filesApi } from '@referwell/contracts';
import { hashFile, readFileHeader } from './hashFile';

export type FileDescriptor = filesApi.FileDescriptor;
export type UploadLink = filesApi.UploadLink;
/** Asks a service for a signed upload link: `POST /api/v1/files` by default, the chat service's own in chat. */
export type CreateUploadLink = (descriptor: FileDescriptor, signal?: AbortSignal) => Promise<UploadLink>;
export type DeleteUploadedFile = (id: number) => Promise<unknown>;

/** Spec 3 §8, File upload: the three messages people see when an upload fails. */
export const UPLOAD_ERRORS = {
  processing: 'There was an error processing your file',
  link: 'Sorry this file type is not supported',
  upload: 'Sorry there was an error uploading your file',
} as const;

export class UploadError extends Error {
  readonly stage: keyof typeof UPLOAD_ERRORS;

  constructor(stage: keyof typeof UPLOAD_ERRORS, options?: { cause?: unknown }) {
    super(UPLOAD_ERRORS[stage], options);
    this.name = 'UploadError';
    this.stage = stage;
  }
}

export interface UploadOptions {
  createLink: CreateUploadLink;
  /** Bytes sent so far of `total`, while the PUT runs. */
  onProgress?: (loaded: number, total: number) => void;
  /** Called as soon as the service has created a file, so a cancel can delete it. */
  onCreated?: (id: number) => void;
  signal?: AbortSignal;
}

// The descriptor allows 255 characters; a longer name keeps its start and its extension.
function descriptorName(name: string): string {
  if (name.length <= 255) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return name.slice(0, 255 - extension.length) + extension;
}

async function describe(file: File, signal?: AbortSignal): Promise<FileDescriptor> {
  const [header, hash] = await Promise.all([readFileHeader(file), hashFile(file, { signal })]);
  return { name: descriptorName(file.name), size: file.size, type: file.type, header, hash };
}

function abortError(): DOMException {
  return new DOMException('The upload was canceled', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * PUTs the bytes to the signed link. XMLHttpRequest rather than fetch: fetch cannot report
 * upload progress. The browser sets Content-Type from the file, matching the descriptor.
 */
function putBytes(url: string, file: File, md5: string, options: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (error?: Error) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-MD5', md5);
    xhr.setRequestHeader('X-Amz-Meta-Checksum', md5);
    xhr.upload.onprogress = (event) =>
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => settle(xhr.status >= 200 && xhr.status < 300 ? undefined : new UploadError('upload'));
    xhr.onerror = () => settle(new UploadError('upload'));
    xhr.ontimeout = () => settle(new UploadError('upload'));
    xhr.onabort = () => settle(abortError());
    xhr.send(file);
  });
}

/**
 * Spec 3 §4 File upload: header and MD5, an upload link, then the PUT. Resolves with the new file's
 * id; rejects with an UploadError carrying the message to show, or an AbortError when canceled.
 */
export async function uploadFile(file: File, options: UploadOptions): Promise<{ id: number }> {
  const { createLink, onCreated, signal } = options;
  let descriptor: FileDescriptor;
  try {
    descriptor = await describe(file, signal);
  } catch (error) {
    if (signal?.aborted) throw abortError();
    console.error('Could not read the file to upload', error);
    throw new UploadError('processing', { cause: error });
  }

  let link: UploadLink;
  try {
    link = await createLink(descriptor, signal);
  } catch (error) {
    if (signal?.aborted) throw abortError();
    throw new UploadError('link', { cause: error });
  }
  onCreated?.(link.id);
  if (signal?.aborted) throw abortError();

  await putBytes(link.uploadUrl, file, descriptor.hash, options);
  return { id: link.id };
}

export interface UploadSession {
  /** Uploads one file; every file the service creates for it is remembered until cancel. */
  upload(file: File, onProgress?: (loaded: number, total: number) => void): Promise<{ id: number }>;
  /**
   * Stops the file's upload if it runs and deletes every file id created for it so far (all
   * files when none is named). Failed deletes are ignored (spec 3 §8).
   */
  cancel(file?: Blob): void;
}

/**
 * Keeps track of what a panel has created, per picked file: a retry creates a new id, and a
 * replaced file's uploads must go without touching the new one's.
 */
export function createUploadSession(
  deps: () => { createLink: CreateUploadLink; deleteFile: DeleteUploadedFile },
): UploadSession {
  const uploads = new Map<Blob, { controller: AbortController | null; ids: Set<number> }>();
  const entry = (file: Blob) => {
    let found = uploads.get(file);
    if (!found) uploads.set(file, (found = { controller: null, ids: new Set() }));
    return found;
  };
  const remove = (id: number) => {
    Promise.resolve()
      .then(() => deps().deleteFile(id))
      .catch(() => {});
  };
  const cancelOne = (file: Blob) => {
    const found = uploads.get(file);
    if (!found) return;
    uploads.delete(file);
    found.controller?.abort();
    found.ids.forEach(remove);
  };
  return {
    upload(file, onProgress) {
      const current = entry(file);
      current.controller?.abort();
      const controller = (current.controller = new AbortController());
      return uploadFile(file, {
        createLink: deps().createLink,
        onProgress,
        // A link that arrives after a cancel is deleted at once: nobody will use it.
        onCreated: (id) => (controller.signal.aborted ? remove(id) : current.ids.add(id)),
        signal: controller.signal,
      }).finally(() => {
        if (current.controller === controller) current.controller = null;
      });
    },
    cancel(file) {
      for (const one of file ? [file] : [...uploads.keys()]) cancelOne(one);
    },
  };
}
