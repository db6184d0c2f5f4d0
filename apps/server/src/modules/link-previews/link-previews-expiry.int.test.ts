import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { freshDatabase } from '../../test/harness.js';
import type { Database } from '../../db/client.js';
import { jobs } from '../../platform/jobs/jobs.table.js';
import { createJobs } from '../../platform/jobs/queue.js';
import { recordingLog } from '../../platform/jobs/log.test-support.js';
import { EXPIRE_EVERY_MS, LINK_PREVIEWS_EXPIRE_JOB, registerPreviewExpiry } from './index.js';
import { linkPreviews } from './link-previews.table.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await drop?.();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
/** A cached preview fetched `minutes` ago; `ok` false for a link that could not be fetched. */
const cached = (urlHash: string, minutes: number, ok = true) =>
  database.db.insert(linkPreviews).values({
    urlHash,
    url: `https://${urlHash}.example/`,
    data: { ok, preview: { url: `https://${urlHash}.example/` } },
    fetchedAt: minutesAgo(minutes),
  });
const remaining = async () =>
  (await database.db.select({ urlHash: linkPreviews.urlHash }).from(linkPreviews)).map((r) => r.urlHash).sort();

describe('link-previews.expire', () => {
  it('deletes, once a day, cached previews no lookup would use any more', async () => {
    const log = recordingLog();
    const queue = createJobs(database.db, log);
    registerPreviewExpiry({ jobs: queue, db: database.db, log });
    await cached('fresh', 60);
    await cached('stale', 25 * 60);
    await cached('failed-recently', 5, false);
    await cached('failed-long-ago', 11, false);

    expect(await queue.drain()).toBe(1);
    expect(await remaining()).toEqual(['failed-recently', 'fresh']);
    expect(log.lines).toContainEqual({ level: 'info', msg: 'stale link previews deleted', obj: { deleted: 2 } });

    // The next run is a day away.
    const [next] = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, LINK_PREVIEWS_EXPIRE_JOB), isNull(jobs.doneAt)));
    expect(next.runAt.getTime() - Date.now()).toBeGreaterThan(EXPIRE_EVERY_MS - 60_000);
    await cached('stale-later', 30 * 60);
    expect(await queue.drain()).toBe(0);
    await database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, next.id));
    expect(await queue.drain()).toBe(1);
    expect(await remaining()).toEqual(['failed-recently', 'fresh']);
  });
});
