import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The same query builder whichever driver sits underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Where it is, for log lines: the server's host:port, or the embedded database's directory; never credentials. */
  location: string;
  /** Applies committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's files as one archive, which `openPglite(…, { from })` starts from (PGlite only). */
  dump?(): Promise<Blob>;
}

/** Closing twice (a test, then its harness) is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Real PostgreSQL through a node-postgres pool. */
export async function openPostgres(
  url: string,
  opts: { max?: number; connectionTimeoutMs?: number } = {},
): Promise<Database> {
  const { Pool } = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: opts.connectionTimeoutMs ?? 5_000,
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const parsed = new URL(url);
  return {
    db,
    driver: 'postgres',
    location: `${parsed.hostname || parsed.searchParams.get('host') || 'localhost'}:${parsed.port || 5432}`,
    migrate: () => migrate(drizzle(pool, { schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: once(() => pool.end()),
  };
}

/** Embedded PGlite: in a data directory, or in memory when `dataDir` is undefined (tests). */
/**
 * The embedded database in `dataDir` (in memory without one). `from` starts it from a dump of
 * another (`dumpDataDir`) instead of an empty cluster: tests start each file from one migrated
 * template, which takes a quarter of the time of creating and migrating a new one.
 */
export async function openPglite(dataDir?: string, { from }: { from?: Blob } = {}): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Search uses trigram indexes and appointments a GiST exclusion constraint; PostgreSQL ships
  // pg_trgm and btree_gist in contrib, PGlite as bundled extensions.
  const client = new PGlite({ dataDir, extensions: { pg_trgm, btree_gist }, ...(from ? { loadDataDir: from } : {}) });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    location: dataDir ?? 'memory',
    migrate: () => migrate(drizzle(client, { schema }), { migrationsFolder }),
    ping: async () => {
      if (client.closed) throw new Error('embedded database is closed');
      await db.execute(sql`select 1`);
    },
    close: once(() => client.close()),
    // Uncompressed: gzip would make every start from it slower than it saves.
    dump: async () => client.dumpDataDir('none'),
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'pglite'));
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 10_000;

/** The innermost message of an error and its causes: the driver's reason, not Drizzle's wrapping. */
function reasonOf(err: unknown): string {
  let e = err as { message?: unknown; cause?: unknown } | undefined;
  while (e?.cause && typeof (e.cause as { message?: unknown }).message === 'string') e = e.cause;
  return typeof e?.message === 'string' && e.message ? e.message : String(err);
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export interface WaitOptions {
  /** How long to keep trying; 0 asks once. */
  timeoutMs: number;
  log: { warn(obj: object, msg: string): void };
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Waits at start until the database answers: a server started with its database (a container
 * starting beside it, a failover under way) retries with growing pauses, 1 s doubling to 10 s,
 * saying so each time, instead of exiting at once. Throws a message naming where and why once
 * `timeoutMs` has passed.
 */
export async function waitForDatabase(database: Database, options: WaitOptions): Promise<void> {
  const {
    timeoutMs,
    log,
    now = Date.now,
    sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  } = options;
  const deadline = now() + timeoutMs;
  let pause = FIRST_RETRY_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await database.ping();
      return;
    } catch (err) {
      const left = deadline - now();
      const reason = reasonOf(err);
      if (left <= 0) {
        throw new Error(
          `database not reachable at ${database.location} (${reason}) after ${attempt} attempt${attempt === 1 ? '' : 's'} in ${seconds(timeoutMs)}; giving up`,
        );
      }
      const wait = Math.min(pause, left);
      log.warn(
        { err },
        `database not reachable at ${database.location} (${reason}), retrying in ${seconds(wait)} (attempt ${attempt})`,
      );
      await sleep(wait);
      pause = Math.min(pause * 2, MAX_RETRY_MS);
    }
  }
}
