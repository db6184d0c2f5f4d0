import { describe, expect, it, vi } from 'vitest';

// See s3.test.ts: the SDK's Node 22 notice is only noise in tests.
vi.hoisted(() => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
});

import { loadConfig } from '../../config.js';
import { createStorage, directUploadOrigin, newStorageKey } from './index.js';
import { createS3Storage } from './s3.js';

const keys = { S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('S3 configuration', () => {
  it('is off without S3_BUCKET: files stay on local disk, uploaded through the server', () => {
    const config = loadConfig({});
    expect(config.s3).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- checks that the optional method is absent; never calls it
    expect(createStorage(config).presignUpload).toBeUndefined();
    expect(directUploadOrigin(config)).toBeUndefined();
  });

  it('reads the bucket, region, endpoint, keys and addressing style, with defaults', () => {
    expect(loadConfig({ S3_BUCKET: 'rw-files' }).s3).toEqual({
      bucket: 'rw-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({ S3_BUCKET: 'rw-files', S3_REGION: 'eu-west-2', S3_ENDPOINT: 'https://minio.internal:9000', ...keys })
        .s3,
    ).toEqual({
      bucket: 'rw-files',
      region: 'eu-west-2',
      endpoint: 'https://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: keys.S3_ACCESS_KEY_ID, secretAccessKey: keys.S3_SECRET_ACCESS_KEY },
    });
    expect(
      loadConfig({ S3_BUCKET: 'rw-files', S3_ENDPOINT: 'https://r2.example.test', S3_FORCE_PATH_STYLE: 'false' }).s3
        ?.forcePathStyle,
    ).toBe(false);
    expect(loadConfig({ S3_BUCKET: 'rw-files', S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
    // Empty variables count as unset, as elsewhere in the configuration.
    expect(loadConfig({ S3_BUCKET: '', S3_REGION: '', S3_ENDPOINT: '' }).s3).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/unbound-method -- checks that the optional method is there; never calls it
    expect(createStorage(loadConfig({ S3_BUCKET: 'rw-files' })).presignUpload).toBeTypeOf('function');
  });

  it('refuses inconsistent or malformed variables, naming each', () => {
    expect(configError({ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toContain(
      'S3_BUCKET: is required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set',
    );
    expect(configError({ S3_REGION: 'eu-west-2' })).toContain('S3_BUCKET: is required when S3_REGION is set');
    expect(configError({ S3_BUCKET: 'rw-files', S3_ACCESS_KEY_ID: 'AKID' })).toContain(
      'S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID',
    );
    expect(configError({ S3_BUCKET: 'rw-files', S3_SECRET_ACCESS_KEY: 'secret' })).toContain(
      'S3_ACCESS_KEY_ID: is required with S3_SECRET_ACCESS_KEY',
    );
    expect(configError({ S3_BUCKET: 'Files_Of_Referwell' })).toContain('S3_BUCKET: must be a bucket name');
    expect(configError({ S3_BUCKET: 'rw-files', S3_ENDPOINT: 'ftp://files.internal' })).toContain(
      'S3_ENDPOINT: must be an http(s) URL',
    );
    expect(configError({ S3_BUCKET: 'rw-files', S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE');
    expect(configError({ S3_BUCKET: 'rw-files', S3_REGION: 'EU West' })).toContain('S3_REGION: must be a region name');
  });
});

describe('directUploadOrigin', () => {
  it('is the origin of the presigned upload URLs, for the web app’s connect-src', async () => {
    const cases = [
      { S3_BUCKET: 'rw-files' },
      { S3_BUCKET: 'rw-files', S3_REGION: 'eu-west-2' },
      { S3_BUCKET: 'files.referwell.example' },
      { S3_BUCKET: 'rw-files', S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'true' },
      { S3_BUCKET: 'rw-files', S3_ENDPOINT: 'http://127.0.0.1:9000' },
      { S3_BUCKET: 'rw-files', S3_ENDPOINT: 'https://files.example.test', S3_FORCE_PATH_STYLE: 'false' },
      { S3_BUCKET: 'files.referwell.example', S3_ENDPOINT: 'http://files.example.test', S3_FORCE_PATH_STYLE: 'false' },
    ];
    for (const env of cases) {
      const config = loadConfig({ ...env, ...keys });
      const url = await createS3Storage(config.s3!).presignUpload!(
        newStorageKey(),
        { md5: '1B2M2Y8AsgTpgAmY7PhCfg==', size: 1 },
        60_000,
      );
      expect(new URL(url).origin, JSON.stringify(env)).toBe(directUploadOrigin(config));
    }
  });
});
