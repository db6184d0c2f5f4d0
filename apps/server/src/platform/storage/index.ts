import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local.js';
import type { S3Settings } from './s3.js';
import type { FileStorage } from './storage.js';

export { newStorageKey } from './keys.js';

/**
 * Local disk under DATA_DIR/files, or the S3 bucket when S3_BUCKET is set. The S3 adapter (and
 * with it the AWS SDK) is imported on first use, so local-disk deployments never load the SDK.
 */
export function createStorage(config: Config): FileStorage {
  return config.s3 ? lazyS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
}

function lazyS3Storage(settings: S3Settings): FileStorage {
  let loading: Promise<FileStorage> | undefined;
  const adapter = () =>
    (loading ??= import('./s3.js').then(
      (m) => m.createS3Storage(settings),
      (error: unknown) => {
        // A failed import is tried again by the next call rather than kept.
        loading = undefined;
        throw error;
      },
    ));
  return {
    write: async (key, source, size) => (await adapter()).write(key, source, size),
    read: async (key) => (await adapter()).read(key),
    remove: async (key) => (await adapter()).remove(key),
    exists: async (key) => (await adapter()).exists(key),
    presignUpload: async (key, expected, ttlMs) => (await adapter()).presignUpload!(key, expected, ttlMs),
  };
}

/**
 * The origin browsers PUT direct uploads to, for the web app's Content-Security-Policy
 * (connect-src); undefined for local disk, where uploads go to the server itself. It follows the
 * SDK's addressing: the bucket as a subdomain unless path style is forced or the bucket's dots
 * would not match the endpoint's TLS certificate.
 */
export function directUploadOrigin(config: Config): string | undefined {
  if (!config.s3) return undefined;
  const { bucket, region, endpoint, forcePathStyle } = config.s3;
  const base = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  const pathStyle = forcePathStyle || (bucket.includes('.') && base.protocol === 'https:');
  return pathStyle ? base.origin : `${base.protocol}//${bucket}.${base.host}`;
}
