/**
 * Throwaway PostgreSQL databases for the parts that measure at scale: created on the server of
 * BENCH_DATABASE_URL (else the local postgres://postgres@127.0.0.1:5432) and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const shown = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new empty database, or null (after saying why `part` is skipped) when no server lets us
 * create one.
 */
export async function createThrowawayDatabase(part: string): Promise<ThrowawayDatabase | null> {
  const name = `rw_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    console.log(
      `\n${part} bench skipped: could not create a database on ${shown(adminUrl)} (${(err as Error).message}).` +
        ' It needs PostgreSQL: set BENCH_DATABASE_URL to a server where the user may create databases.',
    );
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
