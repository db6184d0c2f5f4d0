import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { organisations } from './organisations.table.js';
import { practices } from './practices.table.js';

/**
 * Row locks that serialise changes to one practice's (or organisation's) memberships, networks and
 * departments inside a transaction: two admins taking each other's ADMIN role at the same moment
 * must not leave the practice with none, and two reorders must not interleave.
 */
export async function lockPractice(tx: Db, practiceId: number) {
  const [row] = await tx.select().from(practices).where(eq(practices.id, practiceId)).for('update');
  return row;
}

export async function lockOrganisation(tx: Db, organisationId: number) {
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('update');
  return row;
}
