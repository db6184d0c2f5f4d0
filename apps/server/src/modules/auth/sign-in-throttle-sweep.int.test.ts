import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import { createTestClock } from '../../test/clock.js';
import type { Database } from '../../db/client.js';
import { createJobs } from '../../platform/jobs/queue.js';
import { recordingLog } from '../../platform/jobs/log.test-support.js';
import { registerThrottleSweep } from './index.js';
import { signInThrottles } from './auth.table.js';
import { createSignInThrottle } from './sign-in-throttle.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await drop?.();
});

describe('auth.throttle-sweep', () => {
  it('deletes, once a day, the counts nobody has added to for a day', async () => {
    const clock = createTestClock(new Date(Date.now() - 2 * 24 * 60 * 60_000));
    const throttle = createSignInThrottle(database.db, 'sweep-test-secret', clock);
    const log = recordingLog();
    const queue = createJobs(database.db, log);
    registerThrottleSweep({ jobs: queue, log }, throttle);

    const old = throttle.subjectOf({ userId: 1 });
    await throttle.fail(old, { ip: '203.0.113.1', device: null });
    clock.advance(2 * 24 * 60 * 60_000 - 60_000);
    const recent = throttle.subjectOf({ identifier: 'someone@example.test' });
    await throttle.fail(recent, { ip: '203.0.113.2', device: 'a-device-nonce' });

    expect(await queue.drain()).toBe(1);
    const left = await database.db
      .select({ subject: signInThrottles.subject, client: signInThrottles.client })
      .from(signInThrottles);
    expect(left).toEqual([{ subject: recent, client: 'device:a-device-nonce' }]);
    // The untrusted pool's count went with the address's.
    expect(log.lines).toContainEqual({
      level: 'info',
      msg: 'old sign-in throttle counts deleted',
      obj: { deleted: 2 },
    });
  });
});
