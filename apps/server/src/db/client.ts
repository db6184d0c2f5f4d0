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
  /** Applies committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Closing twice (a test, then its harness) is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Real PostgreSQL through a node-postgres pool. */
export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const { Pool } = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    migrate: () => migrate(drizzle(pool, { schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: once(() => pool.end()),
  };
}

/** Embedded PGlite: in a data directory, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Search uses trigram indexes; PostgreSQL ships pg_trgm in contrib, PGlite as a bundled extension.
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migrate(drizzle(client, { schema }), { migrationsFolder }),
    ping: async () => {
      if (client.closed) throw new Error('embedded database is closed');
      await db.execute(sql`select 1`);
    },
    close: once(() => client.close()),
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'pglite'));
}
