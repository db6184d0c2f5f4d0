import { and, asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { networksApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import {
  byName,
  personColumns,
  practiceMembers,
  practices,
  toPersonSummary,
  toPracticeSummary,
  users,
  type SessionCaller,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { networkPractices, networkProviders, networks } from './networks.table.js';

export type NetworkRow = typeof networks.$inferSelect;

export function toNetwork(n: NetworkRow): networksApi.Network {
  return {
    id: n.id,
    uuid: n.uuid,
    practiceId: n.practiceId,
    name: n.name,
    matchingTimeLimit: n.matchingTimeLimit,
    order: n.order,
    createdAt: n.createdAt.getTime(),
    updatedAt: n.updatedAt.getTime(),
  };
}

/** The network, or 456; the practice that owns it is what management is checked against. */
export async function loadNetwork(db: Db, id: number) {
  const [row] = await db.select().from(networks).where(eq(networks.id, id));
  if (!row) throw new AppError('OBJECT_NOT_FOUND', 'Network not found');
  return row;
}

/** Networks with their owners, in the order given. */
export async function summaries(db: Db, rows: NetworkRow[]): Promise<networksApi.NetworkSummary[]> {
  if (!rows.length) return [];
  const owners = await db
    .select()
    .from(practices)
    .where(inArray(practices.id, [...new Set(rows.map((r) => r.practiceId))]));
  const byId = new Map(owners.map((p) => [p.id, toPracticeSummary(p)]));
  return rows.map((r) => ({ ...toNetwork(r), practice: byId.get(r.practiceId)! }));
}

/** Networks with their owners, member practices (by name) and providers (by name), in the order given. */
export async function details(db: Db, rows: NetworkRow[]): Promise<networksApi.NetworkDetail[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [withOwners, members, providers] = await Promise.all([
    summaries(db, rows),
    db
      .select({ networkId: networkPractices.networkId, practice: practices })
      .from(networkPractices)
      .innerJoin(practices, eq(practices.id, networkPractices.practiceId))
      .where(inArray(networkPractices.networkId, ids))
      .orderBy(asc(practices.name), asc(practices.id)),
    db
      .select({ networkId: networkProviders.networkId, user: personColumns, practice: practices })
      .from(networkProviders)
      .innerJoin(users, eq(users.id, networkProviders.userId))
      .innerJoin(practices, eq(practices.id, networkProviders.practiceId))
      .where(inArray(networkProviders.networkId, ids))
      .orderBy(...byName.map((c) => asc(c))),
  ]);
  return withOwners.map((n) => ({
    ...n,
    practices: members.filter((m) => m.networkId === n.id).map((m) => toPracticeSummary(m.practice)),
    providers: providers
      .filter((p) => p.networkId === n.id)
      .map((p) => ({ user: toPersonSummary(p.user), practice: toPracticeSummary(p.practice) })),
  }));
}

/**
 * A network is seen by members of the practice that owns it, of its member practices, and by the
 * providers it lists.
 */
export async function assertMayView(db: Db, caller: SessionCaller, network: NetworkRow) {
  const memberPractices = db
    .select({ id: networkPractices.practiceId })
    .from(networkPractices)
    .where(eq(networkPractices.networkId, network.id));
  const [row] = await db
    .select({ ok: sql<number>`1` })
    .from(users)
    .where(
      and(
        eq(users.id, caller.user.id),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(practiceMembers)
              .where(
                and(
                  eq(practiceMembers.userId, caller.user.id),
                  or(
                    eq(practiceMembers.practiceId, network.practiceId),
                    inArray(practiceMembers.practiceId, memberPractices),
                  ),
                ),
              ),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(networkProviders)
              .where(and(eq(networkProviders.networkId, network.id), eq(networkProviders.userId, caller.user.id))),
          ),
        ),
      ),
    );
  if (!row) throw new AppError('FORBIDDEN', 'You do not have access to this network');
}
