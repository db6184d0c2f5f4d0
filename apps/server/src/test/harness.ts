import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyServerOptions } from 'fastify';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { buildApp } from '../app.js';
import { loadSecrets, type Secrets } from '../platform/auth/secrets.js';
import type { Clock } from '../platform/clock.js';
import type { EventBus } from '../platform/events/bus.js';

let secrets: Secrets | undefined;
/** One RSA key pair per test process: generating it per file would only slow the suite. */
export const testSecrets = () =>
  (secrets ??= loadSecrets({ dataDir: tmpdir(), sessionSecret: 'test-secret-'.padEnd(40, 'x'), persist: false }));

let template: Promise<Blob | undefined> | undefined;
/**
 * The migrated empty database the PGlite project's global setup dumped (test/pglite-template.ts);
 * none in a project without that setup, whose databases are then created from nothing.
 */
function pgliteTemplate() {
  const file = inject('pgliteTemplate');
  return (template ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined));
}

/**
 * A fresh, migrated database: in-memory PGlite by default, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL when the suite runs with TEST_DB_DRIVER=postgres.
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    const database = await openPglite(undefined, { from: await pgliteTemplate() });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `rw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  // A request waits for a connection as long as a test may run, not production's 5 s: 50 bookings
  // of one slot at once queue for these 8 on a loaded CI machine, and a timeout there is no answer
  // the test is about.
  const database = await openPostgres(url.toString(), { max: 8, connectionTimeoutMs: 30_000 });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The whole server on a fresh database; `env` overrides configuration variables. A second
 * instance of a server (multi-instance tests) passes the first one's `database`, which it then
 * leaves for the first to drop.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { clock?: Clock; bus?: EventBus; database?: Database; logger?: FastifyServerOptions['logger'] } = {},
) {
  const { database, drop } = options.database
    ? { database: options.database, drop: async () => {} }
    : await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rw-test-')),
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // Tests text the same numbers over and over; text-limits.int.test.ts sets the real limits.
    TEXT_LIMIT_PER_USER: '100000/60',
    TEXT_LIMIT_PER_PRACTICE: '100000/60',
    TEXT_LIMIT_PER_NUMBER: '100000/60',
    WEB_DIST: path.join(tmpdir(), 'rw-no-web'),
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    secrets: testSecrets(),
    clock: options.clock,
    bus: options.bus,
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
