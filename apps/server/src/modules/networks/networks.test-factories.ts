import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';
import { team } from '../roles/roles.test-factories.js';
import { networks } from './networks.table.js';

/** A team whose practice has networks A, B and C (in that order). */
export async function withNetworks(t: TestApp) {
  const fixture = await team(t);
  const rows = await t.db
    .insert(networks)
    .values(
      ['A', 'B', 'C'].map((name, order) => ({ practiceId: fixture.practice.id, name, order, matchingTimeLimit: 60 })),
    )
    .returning();
  return { ...fixture, a: rows[0], b: rows[1], c: rows[2] };
}

/** The practice's networks as name and order ("A0"), in tier order. */
export const namesInOrder = async (db: Db, practiceId: number) =>
  (await db.select().from(networks).where(eq(networks.practiceId, practiceId)).orderBy(asc(networks.order))).map(
    (n) => `${n.name}${n.order}`,
  );
