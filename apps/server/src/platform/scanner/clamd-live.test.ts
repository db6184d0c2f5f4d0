import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClamdScanner } from './clamd.js';
import { EICAR } from './clamd.test-server.js';
import { liveService } from '../../test/live-services.js';

/**
 * Against a real clamd: `eval "$(scripts/clamd-test.sh start)"` (as .ci/run does) sets these.
 * Skipped without them, unless REQUIRE_LIVE_SERVICES is on (CI), where it fails.
 */
const clamd = liveService('TEST_CLAMD_HOST', 'TEST_CLAMD_PORT');
const host = clamd?.TEST_CLAMD_HOST;
const port = Number(clamd?.TEST_CLAMD_PORT);

describe.runIf(host)('clamd (real daemon)', () => {
  const scanner = createClamdScanner({ host: host!, port });

  it('answers PING', async () => {
    await expect(scanner.ping()).resolves.toBeUndefined();
  });

  it('finds the EICAR test file', async () => {
    const result = await scanner.scan(Readable.from([EICAR.subarray(0, 10), EICAR.subarray(10)]));
    expect(result.status).toBe('infected');
    expect(result.signature).toMatch(/eicar/i);
  });

  it('passes ordinary bytes, several megabytes in many chunks', async () => {
    const chunks = Array.from({ length: 80 }, () => randomBytes(64 * 1024));
    expect(await scanner.scan(Readable.from(chunks))).toEqual({ status: 'clean' });
  });
});
