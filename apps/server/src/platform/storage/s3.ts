import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertStorageKey } from './keys.js';
import type { FileStorage } from './storage.js';

/** config.s3: where the bucket is and how to reach it. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** Without them the SDK's default chain applies (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Headers the client's PUT must carry with exactly the signed values; S3 refuses it otherwise. */
const SIGNED_HEADERS = new Set(['content-md5', 'content-length']);
/** Signed as a header, not hoisted into the query: the spec's client sends it as X-Amz-Meta-Checksum. */
const UNHOISTABLE_HEADERS = new Set(['x-amz-meta-checksum']);

const isNotFound = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Otherwise the SDK adds a CRC32 of the (empty) presigned body to upload URLs, which then fail,
    // and streams writes with trailing checksums that not every S3-compatible server accepts.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A status check waits on a HEAD; a store that does not answer must not hold requests for long.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/**
 * Files as objects of one S3(-compatible) bucket, one object per key. Clients upload straight to
 * the bucket with presigned PUTs signed for the file's MD5 and size; the server streams objects
 * for verification, scanning and downloads (so its response headers stay in charge).
 */
export function createS3Storage(settings: S3Settings, client: S3Client = s3Client(settings)): FileStorage {
  const Bucket = settings.bucket;
  const object = (key: string) => {
    assertStorageKey(key);
    return { Bucket, Key: key };
  };

  return {
    async write(key, source, size) {
      const target = object(key);
      // A failing source would leave the request waiting for bytes; aborting it stores nothing.
      const abort = new AbortController();
      const onError = (error: Error) => abort.abort(error);
      source.once('error', onError);
      try {
        await client.send(new PutObjectCommand({ ...target, Body: source, ContentLength: size }), {
          abortSignal: abort.signal,
        });
      } catch (error) {
        source.destroy();
        throw abort.signal.aborted ? abort.signal.reason : error;
      } finally {
        source.off('error', onError);
      }
    },

    async read(key) {
      const { Body } = await client.send(new GetObjectCommand(object(key)));
      if (!(Body instanceof Readable)) throw new Error('S3 returned no body stream');
      return Body;
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand(object(key)));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async presignUpload(key, { md5, size }, ttlMs) {
      const put = new PutObjectCommand({
        ...object(key),
        ContentMD5: md5,
        ContentLength: size,
        Metadata: { checksum: md5 },
      });
      return getSignedUrl(client, put, {
        expiresIn: Math.ceil(ttlMs / 1000),
        signableHeaders: SIGNED_HEADERS,
        unhoistableHeaders: UNHOISTABLE_HEADERS,
      });
    },
  };
}
