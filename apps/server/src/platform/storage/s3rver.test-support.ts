import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from './s3.js';

/**
 * s3rver is the S3-compatible server of the tests (in-process, objects in a temporary directory).
 * Unlike S3 it checks neither signatures nor Content-MD5, but it does check a presigned URL's
 * expiry; the server's own verification of every object is what the tests prove.
 */
export async function startS3rver(bucket = 'referwell-files') {
  const directory = mkdtempSync(path.join(tmpdir(), 'rw-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  return {
    settings,
    /** The same as configuration variables, for createTestApp. */
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    /** Stops the server (a test may do so early, to take the store away); later calls do nothing. */
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
