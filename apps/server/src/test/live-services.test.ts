import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveService } from './live-services.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('liveService', () => {
  it('gives the variables when all are set, whether or not live services are required', () => {
    vi.stubEnv('TEST_CLAMD_HOST', '127.0.0.1');
    vi.stubEnv('TEST_CLAMD_PORT', '3310');
    expect(liveService('TEST_CLAMD_HOST', 'TEST_CLAMD_PORT')).toEqual({
      TEST_CLAMD_HOST: '127.0.0.1',
      TEST_CLAMD_PORT: '3310',
    });
    vi.stubEnv('REQUIRE_LIVE_SERVICES', '1');
    expect(liveService('TEST_CLAMD_HOST')).toEqual({ TEST_CLAMD_HOST: '127.0.0.1' });
  });

  it('lets a developer machine without the service skip the tests', () => {
    vi.stubEnv('TEST_CLAMD_HOST', '127.0.0.1');
    vi.stubEnv('TEST_CLAMD_PORT', '');
    for (const off of [undefined, '', '0', 'false']) {
      vi.stubEnv('REQUIRE_LIVE_SERVICES', off);
      expect(liveService('TEST_CLAMD_HOST', 'TEST_CLAMD_PORT')).toBeUndefined();
    }
  });

  it('fails, naming what is missing, when live services are required', () => {
    vi.stubEnv('REQUIRE_LIVE_SERVICES', '1');
    vi.stubEnv('TEST_REDIS_URL', undefined);
    expect(() => liveService('TEST_REDIS_URL')).toThrow(
      /^TEST_REDIS_URL is not set, but REQUIRE_LIVE_SERVICES=1 says these tests must run against the live service/,
    );
    vi.stubEnv('TEST_CLAMD_HOST', '');
    vi.stubEnv('TEST_CLAMD_PORT', undefined);
    expect(() => liveService('TEST_CLAMD_HOST', 'TEST_CLAMD_PORT')).toThrow(
      /^TEST_CLAMD_HOST and TEST_CLAMD_PORT are not set/,
    );
  });
});
