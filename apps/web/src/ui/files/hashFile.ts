import SparkMD5 from 'spark-md5';
import { filesApi } from '@referwell/contracts';

/** Files are read in slices so a 100 MB file never sits in memory whole (spec: 2 MiB). */
export const HASH_SLICE_BYTES = 2 * 1024 * 1024;

// FileReader rather than Blob.arrayBuffer(): the same in every browser we support, and in jsdom.
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The file's first 4 bytes in lower-case hex, as the upload descriptor wants them. */
export async function readFileHeader(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await readBytes(file.slice(0, filesApi.FILE_HEADER_BYTES)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface HashOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** For tests; the app always uses 2 MiB. */
  sliceBytes?: number;
}

/** The base64 MD5 of the file (what `Content-MD5` carries), reading it slice by slice. */
export async function hashFile(
  file: Blob,
  { onProgress, signal, sliceBytes = HASH_SLICE_BYTES }: HashOptions = {},
): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  for (let offset = 0; offset < file.size; offset += sliceBytes) {
    signal?.throwIfAborted();
    spark.append(await readBytes(file.slice(offset, offset + sliceBytes)));
    onProgress?.(Math.min(1, (offset + sliceBytes) / file.size));
  }
  // `end(true)` gives the raw 16 bytes as a binary string, which btoa encodes directly.
  return btoa(spark.end(true));
}
